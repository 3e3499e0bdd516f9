import Credentials
import Foundation
import HTTPServer
import JOSE
import Publishing
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// `POST /v1/decisions/credential` and AuthZEN credential resources, in-process: the JSON of `trustctl query
/// credential --json`, 200 for every decision, 400 for every body that is not the request.
@Suite("TrustAPI: credential decisions")
struct CredentialEndpointTests {
    /// What the tests read of an answer.
    struct Answer: Decodable {
        struct Document: Decodable {
            let trusted: Bool
            let reason: String?
            let deviceAuth: String?
            let docType: String?
            let vct: String?
        }
        let trusted: Bool
        let reason: String?
        let documents: [Document]
        let status: Int?
    }

    /// An AuthZEN answer.
    struct Evaluation: Decodable {
        struct Context: Decodable {
            struct Reason: Decodable { let code: String? }
            let reason: Reason
        }
        let decision: Bool
        let context: Context
    }

    static let transcript = DeviceRequestPublisher.sessionTranscript(
        deviceEngagement: .map([.init(key: 0, value: "1.0")]), eReaderKey: .map([.init(key: 1, value: 2)]))

    /// A DeviceResponse of one mDL by the simulator's document signer, device-signed over ``transcript``.
    static func deviceResponse(_ world: APIWorld) throws -> [UInt8] {
        let device = try PrivateKey.generate(.ecP256)
        let mdoc = try MDocIssuer.issue(
            docType: "org.iso.18013.5.1.mDL", elements: [.init("org.iso.18013.5.1", "family_name", "Mustermann")],
            deviceKey: device.publicKey, signerKey: world.sim.documentSigner.key, signerChain: world.issuerChain,
            signed: APIWorld.now - 60, validUntil: APIWorld.now + TestPKI.day)
        let signed = try MDocIssuer.deviceSigned(
            docType: mdoc.docType, sessionTranscript: transcript, deviceKey: device)
        return MDocIssuer.deviceResponse(documents: [mdoc.document(deviceSigned: signed)])
    }

    /// A PID SD-JWT VC by a signer under the simulator's PID IACA, bound to a holder key, with a Key Binding JWT.
    static func sdJWT(_ world: APIWorld) throws -> String {
        let issuer = try DemoNetwork.issue(
            "API PID Provider", by: world.sim.iacas[2].iaca, at: TestPKI.referenceTime, validDays: 365,
            kind: .leaf(eku: nil, usage: [.digitalSignature])
        ) { builder in builder.dnsNames = ["pid.sim.example"] }
        let holder = try PrivateKey.generate(.ecP256)
        let issued = try SDJWTIssuer.issue(
            vct: "urn:eudi:pid:1", issuer: "https://pid.sim.example", claims: [:],
            disclosable: [("given_name", "Erika")], holderKey: holder.publicKey, signerKey: issuer.key,
            signerChain: [issuer.certificate], issuedAt: APIWorld.now - 60, expires: APIWorld.now + TestPKI.day)
        return try SDJWTIssuer.withKeyBinding(
            issued, holderKey: holder, nonce: "n-1", audience: "x509_san_dns:verifier.sim.example",
            issuedAt: APIWorld.now - 10)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse) throws -> T {
        try JSONDecoder().decode(type, from: Data(response.body))
    }

    @Test("an mdoc in base64url with its SessionTranscript: 200, trusted, device signature verified, the CLI's JSON")
    func mdoc() throws {
        let world = try APIWorld()
        let response = try Self.deviceResponse(world)
        let body =
            "{\"mdoc\": \"\(Base64URL.encode(response))\", \"sessionTranscript\": \"\(Base64URL.encode(Self.transcript))\"}"
        let answer = world.post("/v1/decisions/credential", body)
        #expect(answer.status == 200)
        let expected = try WireJSON.render(
            CredentialAnswer(world.service.mdocDecision(response, sessionTranscript: Self.transcript, at: APIWorld.now)))
        #expect(answer.bodyText == expected)
        let decoded = try Self.decode(Answer.self, answer)
        #expect(decoded.trusted, "\(answer.bodyText)")
        #expect(decoded.documents.first?.deviceAuth == "verified")
        #expect(decoded.documents.first?.docType == "org.iso.18013.5.1.mDL")
    }

    @Test("an SD-JWT VC with nonce and audience: 200, trusted, key binding verified; a wrong nonce is refused")
    func sdJWT() throws {
        // The network's credentials.vct names its VICAL for the PID's SD-JWT VC type.
        let world = try APIWorld(
            harness: try RefreshHarness(
                extraNetwork: "\"credentials\": {\"vct\": {\"urn:eudi:pid:1\": [\"sim/vical\"]}}"))
        let text = try Self.sdJWT(world)
        let answer = world.post(
            "/v1/decisions/credential",
            "{\"sdJwt\": \"\(text)\", \"nonce\": \"n-1\", \"audience\": \"x509_san_dns:verifier.sim.example\"}")
        #expect(answer.status == 200)
        let decoded = try Self.decode(Answer.self, answer)
        #expect(decoded.trusted, "\(answer.bodyText)")
        #expect(decoded.documents.first?.vct == "urn:eudi:pid:1")
        #expect(decoded.documents.first?.deviceAuth == "verified")
        let wrong = world.post("/v1/decisions/credential", "{\"sdJwt\": \"\(text)\", \"nonce\": \"n-2\"}")
        #expect(try Self.decode(Answer.self, wrong).reason == "key_binding_invalid")
    }

    @Test("a credential that does not decode is a 200 not-trusted answer: malformed_mdoc, malformed_sd_jwt")
    func malformedCredentials() throws {
        let world = try APIWorld()
        let mdoc = world.post("/v1/decisions/credential", "{\"mdoc\": \"\(Base64URL.encode([0xa1, 0x01]))\"}")
        #expect(mdoc.status == 200)
        #expect(try Self.decode(Answer.self, mdoc).reason == "malformed_mdoc")
        let sdJWT = world.post("/v1/decisions/credential", "{\"sdJwt\": \"not an sd-jwt\"}")
        #expect(sdJWT.status == 200)
        #expect(try Self.decode(Answer.self, sdJWT).reason == "malformed_sd_jwt")
    }

    @Test(
        "a body that is not the request is 400 malformed_request_body",
        arguments: [
            "{}", "{\"mdoc\": \"AA\", \"sdJwt\": \"a~\"}", "{\"mdoc\": \"a+b/\"}",
            "{\"mdoc\": \"oQE\", \"nonce\": \"n\"}",
            "{\"sdJwt\": \"a~\", \"sessionTranscript\": \"gw\"}", "{\"sdJwt\": \"a~\", \"extra\": 1}",
            "{\"sdJwt\": \"a~\", \"at\": \"yesterday\"}",
        ])
    func badBodies(body: String) throws {
        let world = try APIWorld()
        let response = world.post("/v1/decisions/credential", body)
        #expect(response.status == 400, "\(body): \(response.bodyText)")
        #expect(response.reason == "malformed_request_body", "\(body): \(response.bodyText)")
    }

    @Test("a SessionTranscript that does not decode is a 200 answer: malformed_session_transcript")
    func badTranscript() throws {
        let world = try APIWorld()
        let response = try Self.deviceResponse(world)
        let answer = world.post(
            "/v1/decisions/credential",
            "{\"mdoc\": \"\(Base64URL.encode(response))\", \"sessionTranscript\": \"\(Base64URL.encode([0x80]))\"}")
        #expect(answer.status == 200)
        #expect(try Self.decode(Answer.self, answer).reason == "malformed_session_transcript")
    }

    @Test("AuthZEN: an mso_mdoc resource in an issuer role, named by its document signer: decision true; else false")
    func authZEN() throws {
        let world = try APIWorld()
        let mdoc = Base64URL.encode(try Self.deviceResponse(world))
        let signer = try #require(world.sim.documentSigner.certificate.subject.commonName)
        func evaluate(_ name: String, action: String, types: String = "") throws -> Evaluation {
            let parameters = types.isEmpty ? "" : ", \"parameters\": {\"credential_types\": [\"\(types)\"]}"
            let body = """
                {"subject": {"type": "key", "id": "\(name)"}, "resource": {"type": "mso_mdoc", "id": "\(name)", \
                "key": "\(mdoc)"}, "action": {"name": "\(action)"\(parameters)}}
                """
            let response = world.post("/access/v1/evaluation", body)
            #expect(response.status == 200, "\(response.bodyText)")
            return try Self.decode(Evaluation.self, response)
        }
        #expect(try evaluate(signer, action: "mdoc-issuer").decision)
        #expect(try evaluate(signer, action: "mdoc-issuer", types: "org.iso.18013.5.1.mDL").decision)
        let otherType = try evaluate(signer, action: "mdoc-issuer", types: "eu.europa.ec.eudi.pid.1")
        #expect(!otherType.decision && otherType.context.reason.code == "doctype_mismatch")
        let unbound = try evaluate("Someone Else", action: "mdoc-issuer")
        #expect(!unbound.decision && unbound.context.reason.code == "subject_not_bound")
        let reader = try evaluate(signer, action: "mdoc-reader")
        #expect(!reader.decision && reader.context.reason.code == "unsupported_action")
    }
}
