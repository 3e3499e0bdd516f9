import COSE
import Foundation
import JOSE
import Presentation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// `trustctl query request` and `trustctl query device-request`, on the simulated network's verified lists.
@Suite("trustctl query request and device-request")
struct QueryPresentationCommandTests {
    let world: QueryWorld
    let harness: CLIHarness
    let now = TestPKI.referenceTime + 3600
    let host = "verifier.sim.example"

    init() throws {
        world = try QueryWorld()
        harness = try CLIHarness(refreshedWith: world)
    }

    var config: [String] { ["--config", harness.configFile.path] }

    /// A request object signed by a verifier certificate under `issuer` (the sim's reader intermediate, or nil for a
    /// self-signed verifier in no list).
    func requestObject(
        commonName: String, issuer: DemoNetwork.Issued?, changing changes: [String: JSONValue] = [:]
    ) throws -> String {
        let verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: commonName, host: host, issuer: issuer, at: TestPKI.referenceTime)
        let chain = [verifier.certificate] + (issuer.map { [$0.certificate] } ?? [])
        let jwt = try RequestObjectPublisher.signed(
            host: host, signer: verifier.key, chain: chain, nonce: "n-0S6_WzA2Mj", at: now - 60, changing: changes)
        return try harness.directory.write(Array(jwt.utf8), to: "\(commonName).jwt").path
    }

    @Test("a request object from a verifier under the RICAL: exit 0, verified by its CN, consent details in JSON")
    func trustedRequest() throws {
        let file = try requestObject(commonName: "Sim Verifier", issuer: world.sim.readerIntermediate)
        let run = harness.run(
            ["query", "request", "--file", file, "--client-id", "x509_san_dns:\(host)", "--json"] + config, now: now)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let json = try run.json()
        #expect(json["trusted"] as? Bool == true)
        #expect(json["reason"] is NSNull)
        let verifiedBy = try #require(json["verifiedBy"] as? [String: Any])
        #expect(verifiedBy["kind"] as? String == "certificate")
        #expect(verifiedBy["commonName"] as? String == "Sim Verifier")
        #expect(verifiedBy["anchorSHA256"] as? String == world.sim.readerCA.certificate.sha256Hex)
        #expect(verifiedBy["list"] as? String == "sim/rical")
        #expect(json["clientID"] as? String == "x509_san_dns:\(host)")
        #expect(json["clientIDPrefix"] as? String == "x509_san_dns")
        #expect(json["responseURI"] as? String == "https://\(host)/response")
        #expect(json["nonce"] as? String == "n-0S6_WzA2Mj")
        #expect(json["requestedDocTypes"] as? [String] == ["org.iso.18013.5.1.mDL"])
        #expect(json["warnings"] is [Any])

        let text = harness.run(["query", "request", "--file", file] + config, now: now)
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("TRUSTED  request: verified by Sim Verifier"), "\(text.output)")
    }

    @Test("a request URL with the request object by value answers the same")
    func requestURL() throws {
        let file = try requestObject(commonName: "Sim Verifier", issuer: world.sim.readerIntermediate)
        let jwt = try String(contentsOfFile: file, encoding: .utf8)
        let url = "openid4vp://?client_id=x509_san_dns%3A\(host)&request=\(jwt)"
        let run = harness.run(["query", "request", url, "--json"] + config, now: now)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect((try run.json()["verifiedBy"] as? [String: Any])?["commonName"] as? String == "Sim Verifier")
    }

    @Test("a verifier in no list: exit 1, not_on_trust_list, shown by its domain only")
    func unlistedRequest() throws {
        let file = try requestObject(commonName: "Stranger", issuer: nil)
        let run = harness.run(["query", "request", "--file", file, "--json"] + config, now: now)
        #expect(run.status == 1)
        let json = try run.json()
        #expect(json["reason"] as? String == "not_on_trust_list")
        #expect((json["verifiedBy"] as? [String: Any])?["kind"] as? String == "domain")
        #expect((json["verifiedBy"] as? [String: Any])?["domain"] as? String == host)
    }

    @Test("a DeviceRequest signed by the sim's reader: trusted; its SessionTranscript changed: bad_signature")
    func deviceRequest() throws {
        let transcriptBytes = CBOR.array([.null, .null, CBOR("handover")]).encoded()
        let transcript = try SessionTranscript(cborEncoded: transcriptBytes)
        let request = try SignedRequests.deviceRequest(
            transcript: transcript, signer: world.sim.readerLeaf.key, chain: world.readerChain)
        let requestFile = try harness.directory.write(request, to: "device-request.cbor").path
        let transcriptFile = try harness.directory.write(transcriptBytes, to: "transcript.cbor").path
        let run = harness.run(
            ["query", "device-request", requestFile, "--session-transcript", transcriptFile, "--json"] + config,
            now: now)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let json = try run.json()
        #expect((json["verifiedBy"] as? [String: Any])?["commonName"] as? String == "Sim Reader")
        #expect((json["documents"] as? [[String: Any]])?.count == 1)

        let other = try harness.directory.write(
            CBOR.array([.null, .null, CBOR("another handover")]).encoded(), to: "other.cbor")
        let tampered = harness.run(
            ["query", "device-request", requestFile, "--session-transcript", other.path] + config, now: now)
        #expect(tampered.status == 1)
        #expect(tampered.output.contains("bad_signature"), "\(tampered.output)")
    }

    @Test("--dc-api-origin: a DC API request is decided by its rules only when the origin is given and expected")
    func dcAPIOrigin() throws {
        let file = try requestObject(
            commonName: "Sim DC API Verifier", issuer: world.sim.readerIntermediate,
            changing: [
                "response_mode": "dc_api", "response_uri": .null, "expected_origins": [.string("https://\(host)")],
                "transaction_data": [.string(Base64URL.encode(Array(#"{"type":"t","credential_ids":["mdl"]}"#.utf8)))],
            ])
        let given = harness.run(
            ["query", "request", "--file", file, "--dc-api-origin", "https://\(host)", "--json"] + config, now: now)
        #expect(given.status == 0, "\(given.output)\(given.errors)")
        let json = try given.json()
        #expect(json["origin"] as? String == "https://\(host)")
        #expect(json["expectedOrigins"] as? [String] == ["https://\(host)"])
        let entries = try #require(json["transactionData"] as? [[String: Any]])
        #expect(entries.first?["type"] as? String == "t")
        #expect(entries.first?["credentialIDs"] as? [String] == ["mdl"])
        // Without the origin: the URL rules, under which dc_api is refused (never a usage error).
        let absent = harness.run(["query", "request", "--file", file, "--json"] + config, now: now)
        #expect(absent.status == 1)
        #expect(try absent.json()["reason"] as? String == "unsupported_response_mode")
        let other = harness.run(
            ["query", "request", "--file", file, "--dc-api-origin", "https://evil.example", "--json"] + config, now: now
        )
        #expect(other.status == 1)
        #expect(try other.json()["reason"] as? String == "origin_mismatch")
        #expect(
            harness.run(["query", "request", "openid4vp://x", "--dc-api-origin", "https://a"] + config).status == 2)
    }

    @Test("usage: neither or both of URL and --file, a missing transcript, --client-id without --file: exit 2")
    func usage() throws {
        #expect(harness.run(["query", "request"] + config).status == 2)
        #expect(harness.run(["query", "request", "openid4vp://x", "--file", "a.jwt"] + config).status == 2)
        #expect(harness.run(["query", "request", "openid4vp://x", "--client-id", "a"] + config).status == 2)
        #expect(harness.run(["query", "device-request", "x.cbor"] + config).status == 2)
        let missing = harness.run(["query", "request", "--file", "/nonexistent.jwt"] + config)
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no such file"))
    }
}
