import Credentials
import Foundation
import Publishing
import TestSupport
import Testing
import X509

/// What `Publishing` issues for the tests and the demo (``MDocIssuer``, ``SDJWTIssuer``) verifies in an independent
/// implementation (`Tests/Support/python_credentials.py check-mdoc|check-sdjwt`, cbor2 + cryptography).
@Suite("Publishing's mdocs and SD-JWT VCs verify in Python", .requires(.interopModules))
struct IssuanceInteropTests {
    struct MDocFacts: Decodable {
        let docType: String
        let elements: [String: [String]]
    }

    struct SDJWTFacts: Decodable {
        let vct: String
        let disclosed: [String]
        let kb: Bool
    }

    @Test("an mdoc Document: issuerAuth verifies under the x5chain leaf and every item hashes to its MSO digest")
    func mdoc() throws {
        let world = try CredentialWorld()
        let mdoc = try MDocIssuer.issue(
            docType: CredentialWorld.mDL,
            elements: [
                .init("org.iso.18013.5.1", "family_name", "Mustermann"),
                .init("org.iso.18013.5.1", "portrait", .byteString([0xff, 0xd8])),
                .init("org.iso.18013.5.1.aamva", "DHS_compliance", "F"),
            ], deviceKey: try PrivateKey.generate(.ecP256).publicKey, signerKey: world.documentSigner.key,
            signerChain: world.documentSignerChain, signed: world.now, validUntil: world.now + TestPKI.day)
        let hex = hexString(mdoc.document().encoded())
        let output = try Python.run(
            file: PythonCredentials.script, arguments: ["check-mdoc"], input: Array(hex.utf8))
        let facts = try JSONDecoder().decode(MDocFacts.self, from: Data(output))
        #expect(facts.docType == CredentialWorld.mDL)
        #expect(
            facts.elements == [
                "org.iso.18013.5.1": ["family_name", "portrait"], "org.iso.18013.5.1.aamva": ["DHS_compliance"],
            ])
    }

    @Test("an SD-JWT VC with a Key Binding JWT: signature, digests, sd_hash and the holder's signature verify")
    func sdJWT() throws {
        let world = try CredentialWorld()
        let holder = try PrivateKey.generate(.ecP256)
        let issued = try SDJWTIssuer.issue(
            vct: CredentialWorld.pidVCT, issuer: "https://\(CredentialWorld.pidIssuerHost)",
            claims: ["age_over_18": true], disclosable: [("given_name", "Erika"), ("family_name", "Mustermann")],
            holderKey: holder.publicKey, signerKey: world.pidIssuer.key, signerChain: world.pidIssuerChain,
            issuedAt: world.now - 60, expires: world.now + TestPKI.day)
        let presentation = try SDJWTIssuer.withKeyBinding(
            issued, holderKey: holder, nonce: "n", audience: "https://verifier.example", issuedAt: world.now)
        let output = try Python.run(
            file: PythonCredentials.script, arguments: ["check-sdjwt"], input: Array(presentation.utf8))
        let facts = try JSONDecoder().decode(SDJWTFacts.self, from: Data(output))
        #expect(facts.vct == CredentialWorld.pidVCT)
        #expect(facts.disclosed == ["family_name", "given_name"])
        #expect(facts.kb)
        let decision = SDJWTVerifier.decide(
            compact: presentation, nonce: "n", audience: "https://verifier.example", trust: world.trust, at: world.now)
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.documents.first?.deviceAuth == .verified)
    }
}
