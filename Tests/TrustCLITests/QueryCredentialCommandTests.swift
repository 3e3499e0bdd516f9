import Foundation
import JOSE
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// `trustctl query credential`, on the simulated network's verified lists: the form of the file detected, exit 0
/// trusted, 1 not trusted (malformed credentials too), 2 usage or unreadable input.
@Suite("trustctl query credential")
struct QueryCredentialCommandTests {
    let world: QueryWorld
    let harness: CLIHarness
    let now = TestPKI.referenceTime + 3600
    var config: [String] { ["--config", harness.configFile.path] }

    /// What the tests read of the JSON.
    struct Answer: Decodable {
        struct Document: Decodable {
            struct Anchor: Decodable {
                let anchorSHA256: String
                let list: String
            }
            let trusted: Bool
            let reason: String?
            let trustedBy: Anchor?
            let deviceAuth: String?
            let elements: [String: [String]]?
        }
        let trusted: Bool
        let reason: String?
        let query: String
        let format: String
        let responseStatus: Int?
        let documents: [Document]
    }

    init() throws {
        world = try QueryWorld()
        harness = try CLIHarness(refreshedWith: world)
    }

    static let transcript = DeviceRequestPublisher.sessionTranscript(
        deviceEngagement: .map([.init(key: 0, value: "1.0")]), eReaderKey: .map([.init(key: 1, value: 2)]))

    /// A DeviceResponse of one mDL by a document signer under the first IACA, device-signed over ``transcript``;
    /// with `tamper`, family_name changed after signing.
    func deviceResponse(tamper: Bool = false) throws -> [UInt8] {
        let signer = try QueryWorld.documentSigner(under: world.sim.iacas[0].iaca)
        let device = try PrivateKey.generate(.ecP256)
        var mdoc = try MDocIssuer.issue(
            docType: "org.iso.18013.5.1.mDL",
            elements: [
                .init("org.iso.18013.5.1", "family_name", "Mustermann"),
                .init("org.iso.18013.5.1", "issuing_country", "US"),
            ], deviceKey: device.publicKey, signerKey: signer.key,
            signerChain: [signer.certificate, world.sim.iacas[0].iaca.certificate], signed: now - 60,
            validUntil: now + TestPKI.day)
        if tamper { mdoc = mdoc.replacing("family_name", with: "Mallory") }
        let signed = try MDocIssuer.deviceSigned(
            docType: mdoc.docType, sessionTranscript: Self.transcript, deviceKey: device)
        return MDocIssuer.deviceResponse(documents: [mdoc.document(deviceSigned: signed)])
    }

    func file(_ bytes: [UInt8], _ name: String) throws -> String {
        try harness.directory.write(bytes, to: name).path
    }

    @Test("an mdoc DeviceResponse with its SessionTranscript: exit 0, trusted by the IACA, elements, device signature")
    func trustedMDoc() throws {
        let credential = try file(try deviceResponse(), "mdl.cbor")
        let transcript = try file(Self.transcript, "transcript.cbor")
        let run = harness.run(
            ["query", "credential", credential, "--session-transcript", transcript, "--json"] + config, now: now)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let answer = try JSONDecoder().decode(Answer.self, from: Data(run.output.utf8))
        #expect(answer.trusted && answer.query == "credential" && answer.format == "mdoc")
        #expect(answer.responseStatus == 0)
        let document = try #require(answer.documents.first)
        #expect(document.trustedBy?.anchorSHA256 == world.sim.iacas[0].iaca.certificate.sha256Hex)
        #expect(document.trustedBy?.list == "sim/vical")
        #expect(document.elements == ["org.iso.18013.5.1": ["family_name", "issuing_country"]])
        #expect(document.deviceAuth == "verified")
        let text = harness.run(["query", "credential", credential] + config, now: now)
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("TRUSTED  credential (mdoc): 1 document(s)"), "\(text.output)")
        #expect(text.output.contains("device auth        not_checkable"), "\(text.output)")
    }

    @Test("the same mdoc as base64url text is read as the mdoc")
    func base64URLText() throws {
        let credential = try file(Array((Base64URL.encode(try deviceResponse()) + "\n").utf8), "mdl.txt")
        let run = harness.run(["query", "credential", credential] + config, now: now)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
    }

    @Test("a tampered element: exit 1, value_digest_mismatch naming family_name; garbage: exit 1, malformed_mdoc")
    func refused() throws {
        let tampered = try file(try deviceResponse(tamper: true), "tampered.cbor")
        let run = harness.run(["query", "credential", tampered, "--json"] + config, now: now)
        #expect(run.status == 1)
        let answer = try JSONDecoder().decode(Answer.self, from: Data(run.output.utf8))
        #expect(answer.reason == "value_digest_mismatch")
        #expect(answer.documents.first?.trustedBy == nil)
        let garbage = try file([0xa1, 0x01, 0x02], "garbage.cbor")
        let bad = harness.run(["query", "credential", garbage, "--json"] + config, now: now)
        #expect(bad.status == 1)
        #expect(try JSONDecoder().decode(Answer.self, from: Data(bad.output.utf8)).reason == "malformed_mdoc")
        let text = harness.run(["query", "credential", garbage] + config, now: now)
        #expect(text.output.hasPrefix("NOT TRUSTED  credential (mdoc): malformed_mdoc"), "\(text.output)")
    }

    @Test("no file, a missing file, two files: exit 2")
    func usage() throws {
        #expect(harness.run(["query", "credential"] + config, now: now).status == 2)
        #expect(harness.run(["query", "credential", "/nonexistent/mdoc.cbor"] + config, now: now).status == 2)
        let credential = try file(try deviceResponse(), "mdl.cbor")
        #expect(harness.run(["query", "credential", credential, credential] + config, now: now).status == 2)
    }

    @Test("an option of the other form is a usage error: --nonce with an mdoc, --session-transcript with an SD-JWT")
    func optionsOfTheOtherForm() throws {
        let mdoc = try file(try deviceResponse(), "mdl.cbor")
        let transcript = try file(Self.transcript, "transcript.cbor")
        let nonce = harness.run(["query", "credential", mdoc, "--nonce", "n-1"] + config, now: now)
        #expect(nonce.status == 2, "\(nonce.output)\(nonce.errors)")
        #expect(nonce.errors.contains("--nonce"), "\(nonce.errors)")
        let aud = harness.run(["query", "credential", mdoc, "--aud", "x509_san_dns:v.example"] + config, now: now)
        #expect(aud.status == 2)
        // Text with '~' is an SD-JWT (its form, not its validity, decides): a transcript does not go with it.
        let sdJWT = try file(Array("e30.e30.sig~".utf8), "vc.sd-jwt")
        let run = harness.run(["query", "credential", sdJWT, "--session-transcript", transcript] + config, now: now)
        #expect(run.status == 2, "\(run.output)\(run.errors)")
        #expect(run.errors.contains("--session-transcript"), "\(run.errors)")
        // Without the option it is decided: exit 1, malformed_sd_jwt.
        #expect(harness.run(["query", "credential", sdJWT] + config, now: now).status == 1)
    }
}
