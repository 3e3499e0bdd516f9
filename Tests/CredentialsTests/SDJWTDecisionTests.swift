import Credentials
import Foundation
import TestSupport
import Testing
import TrustLists
import X509

/// SD-JWT VCs built and signed by Python (`Tests/Support/python_credentials.py`: JWS signing input, disclosures and
/// digests by hand) under the simulated network's PID provider, decided end to end (SD-JWT §7, SD-JWT VC §3).
@Suite("SD-JWT VC decisions over Python-built credentials", .requires(.interopModules))
struct SDJWTDecisionTests {
    /// The claims the script discloses, as paths: top-level claims, the nested `address` members and the two
    /// `nationalities` elements (the decoy between them removed).
    static let disclosed = [
        "address", "address.locality", "address.street_address", "birthdate", "family_name", "given_name",
        "nationalities[0]", "nationalities[1]",
    ]

    @Test("a presentation with a Key Binding JWT is trusted: the anchor, the disclosed claims' paths, verified")
    func presentationTrusted() throws {
        let python = try PythonCredentials.get()
        let decision = try python.decideSDJWT("presentation")
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.format == .sdJWTVC)
        let document = try #require(decision.documents.first)
        #expect(document.vct == CredentialWorld.pidVCT)
        #expect(document.claims == Self.disclosed)
        #expect(document.deviceAuth == .verified)
        #expect(document.trustedBy?.sha256 == python.world.sim.iacas[2].iaca.certificate.sha256Hex)
        #expect(document.signer?.sha256 == python.world.pidIssuer.certificate.sha256Hex)
        #expect(document.validity.exp == python.world.now + 30 * TestPKI.day)
        #expect(document.validity.iat == python.world.now - TestPKI.day)
    }

    @Test("SHA-512 digests (_sd_alg sha-512) are followed for the disclosures and the sd_hash")
    func sha512() throws {
        let python = try PythonCredentials.get()
        let decision = try python.decideSDJWT("sha512")
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.documents.first?.claims == Self.disclosed)
    }

    @Test("without a Key Binding JWT: absent, and key_binding_missing when the caller expects a nonce")
    func noKeyBinding() throws {
        let python = try PythonCredentials.get()
        let unbound = try python.decideSDJWT("noKeyBinding", bound: false)
        #expect(unbound.trusted, "\(unbound.message)")
        #expect(unbound.documents.first?.deviceAuth == .absent)
        let expected = try python.decideSDJWT("noKeyBinding")
        #expect(expected.reason == .keyBindingMissing)
        #expect(expected.documents.first?.deviceAuth == .absent)
    }

    @Test("a Key Binding JWT without the caller's nonce and audience proves no freshness: not checkable, warned")
    func keyBindingNotChecked() throws {
        let python = try PythonCredentials.get()
        let decision = try python.decideSDJWT("presentation", bound: false)
        #expect(decision.trusted)
        #expect(decision.documents.first?.deviceAuth == .notCheckable)
        #expect(decision.documents.first?.warnings.contains(.deviceAuthNotCheckable) == true)
    }

    @Test("vc+sd-jwt, the drafts' typ, is trusted with a warning; an iss that is not a URL is not bound by a name")
    func tolerated() throws {
        let python = try PythonCredentials.get()
        let legacy = try python.decideSDJWT("legacyTyp", bound: false)
        #expect(legacy.trusted, "\(legacy.message)")
        #expect(legacy.documents.first?.warnings.contains(.sdJWTLegacyTyp) == true)
        let name = try python.decideSDJWT("issuerNotURL", bound: false)
        #expect(name.trusted, "\(name.message)")
    }

    @Test(
        "each step refuses with its reason (SD-JWT §7, SD-JWT VC §3)",
        arguments: [
            ("wrongTyp", ReasonCode.sdJWTTyp), ("issuerNotBound", .issuerNotBound), ("expired", .credentialExpired),
            ("unreferenced", .disclosureUnreferenced), ("repeatedDisclosure", .disclosureRepeated),
            ("repeatedDigest", .disclosureRepeated), ("arrayElementInObject", .disclosureInvalid),
            ("tamperedDisclosure", .disclosureUnreferenced), ("badSignature", .badSignature),
            ("kbWrongNonce", .keyBindingInvalid), ("kbWrongAudience", .keyBindingInvalid),
            ("kbWrongHash", .keyBindingInvalid), ("kbWrongKey", .keyBindingInvalid),
        ])
    func refusals(name: String, reason: ReasonCode) throws {
        let python = try PythonCredentials.get()
        let decision = try python.decideSDJWT(name)
        #expect(decision.reason == reason, "\(name): \(decision.message)")
        #expect(decision.documents.first?.trustedBy == nil)
        #expect(decision.documents.first?.claims.isEmpty == true)
    }

    @Test("a vct no list authorizes the issuer for is refused by the trust decision")
    func vctNotAuthorized() throws {
        let python = try PythonCredentials.get()
        let decision = try python.decideSDJWT("vctNotAuthorized", bound: false)
        let trustAnswer = python.world.trust.credentialIssuerDecision(
            chain: python.world.pidIssuerChain, vct: "urn:example:not-listed", at: python.world.now)
        #expect(!trustAnswer.isTrusted)
        #expect(decision.reason == trustAnswer.reason, "\(decision.message)")
        #expect(decision.documents.first?.deviceAuth == nil)
    }

    @Test("a credential past its exp is refused at the decision time, not before")
    func expiresAtTime() throws {
        let python = try PythonCredentials.get()
        #expect(try python.decideSDJWT("shortLived", bound: false).trusted)
        let later = try python.decideSDJWT("shortLived", bound: false, at: python.world.now + 3 * 3600)
        #expect(later.reason == .credentialExpired, "\(later.message)")
    }
}
