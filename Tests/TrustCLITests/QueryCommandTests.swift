import Foundation
import Publishing
import TestSupport
import Testing
import TrustCLI
import TrustLists
import X509

@testable import TrustListsService

/// `trustctl query reader` and `trustctl query issuer`, on the simulated network's snapshot.
@Suite("trustctl query")
struct QueryCommandTests {
    let world: QueryWorld
    let harness: CLIHarness

    init() throws {
        world = try QueryWorld()
        harness = try CLIHarness(refreshedWith: world)
    }

    var config: [String] { ["--config", harness.configFile.path] }

    @Test("a trusted reader: exit 0, text names the leaf's CN, the anchor and the list")
    func readerTrustedText() throws {
        let run = harness.run(["query", "reader", "--chain", try harness.pem(world.readerChain)] + config)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasPrefix("TRUSTED  reader Sim Reader"))
        #expect(run.output.contains("CN=Sim Reader CA,O=Sim Trust Network,C=US"))
        #expect(run.output.contains("sim/rical (Sim, issue 1, fresh)"))
    }

    @Test("a trusted reader as JSON: trusted, reason null, verifiedBy with the leaf's CN and the anchor")
    func readerTrustedJSON() throws {
        let run = harness.run(["query", "reader", "--chain", try harness.pem(world.readerChain), "--json"] + config)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let json = try run.json()
        #expect(json["trusted"] as? Bool == true)
        #expect(json["reason"] is NSNull)
        #expect((json["message"] as? String)?.isEmpty == false)
        let verifiedBy = try #require(json["verifiedBy"] as? [String: Any])
        #expect(verifiedBy["commonName"] as? String == "Sim Reader")
        #expect(verifiedBy["anchorSHA256"] as? String == world.sim.readerCA.certificate.sha256Hex)
        #expect(verifiedBy["anchorSubject"] as? String == "CN=Sim Reader CA,O=Sim Trust Network,C=US")
        #expect(verifiedBy["list"] as? String == "sim/rical")
        #expect(verifiedBy["provider"] as? String == "Sim")
        #expect(verifiedBy["issueID"] as? Int == 1)
        #expect(json["generation"] as? Int == 1)
        #expect(json["at"] as? String == "2026-01-01T01:00:00Z")
    }

    @Test("a reader under an unknown root: exit 1, not_on_trust_list, verifiedBy null")
    func readerUnknown() throws {
        let root = try TestPKI.root("Unknown CA")
        let leaf = try TestPKI.leaf("Unknown Reader", under: root, extendedKeyUsage: [OID.readerAuthenticationEKU])
        let chain = try harness.pem([leaf.certificate])
        let run = harness.run(["query", "reader", "--chain", chain, "--json"] + config)
        #expect(run.status == 1)
        let json = try run.json()
        #expect(json["trusted"] as? Bool == false)
        #expect(json["reason"] as? String == "not_on_trust_list")
        #expect(json["verifiedBy"] is NSNull)
        let text = harness.run(["query", "reader", "--chain", chain] + config)
        #expect(text.status == 1)
        #expect(text.output.hasPrefix("NOT TRUSTED  reader: not_on_trust_list"))
    }

    @Test("--at past the list's grace period: trust_list_expired, exit 1")
    func readerExpiredList() throws {
        let run = harness.run(
            [
                "query", "reader", "--chain", try harness.pem(world.readerChain), "--at", "2026-01-10T00:00:00Z",
                "--json",
            ]
                + config)
        #expect(run.status == 1)
        #expect(try run.json()["reason"] as? String == "trust_list_expired")
    }

    @Test("a trusted document signer: exit 0, JSON with docTypes and trustedBy")
    func issuerTrusted() throws {
        let (iaca, docTypes) = world.sim.iacas[1]
        let signer = try QueryWorld.documentSigner(under: iaca)
        let run = harness.run(
            ["query", "issuer", "--chain", try harness.pem([signer.certificate]), "--doctype", docTypes[1], "--json"]
                + config)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let json = try run.json()
        #expect(json["trusted"] as? Bool == true)
        #expect(json["docTypes"] as? [String] == docTypes.sorted())
        #expect(json["docType"] as? String == docTypes[1])
        let verifiedBy = try #require(json["verifiedBy"] as? [String: Any])
        #expect(verifiedBy["commonName"] as? String == "DS of Sim IACA Arcadia")
        #expect(verifiedBy["anchorSHA256"] as? String == iaca.certificate.sha256Hex)
        let trustedBy = try #require(json["trustedBy"] as? [String: Any])
        #expect(trustedBy["anchorSHA256"] as? String == iaca.certificate.sha256Hex)
        #expect(trustedBy["list"] as? String == "sim/vical")
    }

    @Test("a document signer asking for an unlisted docType: exit 1, doctype_not_authorized, with the IACA's docTypes")
    func issuerWrongDocType() throws {
        let (iaca, docTypes) = world.sim.iacas[0]
        let signer = try QueryWorld.documentSigner(under: iaca)
        let chain = try harness.pem([signer.certificate])
        let run = harness.run(
            ["query", "issuer", "--chain", chain, "--doctype", "org.example.other", "--json"] + config)
        #expect(run.status == 1)
        let json = try run.json()
        #expect(json["reason"] as? String == "doctype_not_authorized")
        #expect(json["docTypes"] as? [String] == docTypes)
        #expect(json["verifiedBy"] is NSNull)
        #expect(json["trustedBy"] is NSNull)
        let text = harness.run(["query", "issuer", "--chain", chain, "--doctype", "org.example.other"] + config)
        #expect(text.output.hasPrefix("NOT TRUSTED  issuer: doctype_not_authorized"))
        #expect(text.output.contains("docTypes"))
    }

    @Test("usage errors exit 2: no --doctype, no --chain, a bad --at, an unknown option")
    func usageErrors() throws {
        let chain = try harness.pem(world.readerChain)
        let cases: [([String], String)] = [
            (["query", "issuer", "--chain", chain], "missing required option '--doctype'"),
            (["query", "reader"], "missing required option '--chain'"),
            (["query", "reader", "--chain", chain, "--at", "tomorrow"], "not an RFC 3339 time"),
            (["query", "reader", "--chian", chain], "did you mean '--chain'?"),
        ]
        for (arguments, message) in cases {
            let run = harness.run(arguments + config)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
            #expect(run.errors.contains("Usage: trustctl query"), "\(arguments)")
        }
    }

    @Test("an unreadable chain exits 2 with the reason; a cache never refreshed answers trust_list_unavailable")
    func inputErrors() throws {
        let missingChain = harness.run(
            ["query", "reader", "--chain", harness.directory.url.appendingPathComponent("none.pem").path] + config)
        #expect(missingChain.status == 2)
        #expect(missingChain.errors.contains("no such file"))

        let garbage = try harness.directory.write(Array("not a certificate".utf8), to: "garbage.pem")
        let badChain = harness.run(["query", "reader", "--chain", garbage.path] + config)
        #expect(badChain.status == 2)

        let empty = try CLIHarness(world: world)
        let noLists = empty.run(
            ["query", "reader", "--chain", try harness.pem(world.readerChain), "--config", empty.configFile.path])
        #expect(noLists.status == 1)
        #expect(noLists.output.contains("NOT TRUSTED  reader: trust_list_unavailable"))
    }

    @Test("query help lists the reasons and exit status")
    func help() throws {
        let reader = harness.run(["query", "reader", "--help"])
        #expect(reader.status == 0)
        #expect(reader.output.contains("USAGE: trustctl query reader --chain <pem>"))
        for code in [
            "trust_list_unavailable", "trust_list_expired", "not_on_trust_list", "chain_invalid", "reader_eku",
        ] {
            #expect(reader.output.contains(code))
        }
        let issuer = harness.run(["query", "issuer", "-h"])
        #expect(issuer.status == 0)
        for code in ["document_signer_eku", "doctype_not_authorized"] { #expect(issuer.output.contains(code)) }
    }
}
