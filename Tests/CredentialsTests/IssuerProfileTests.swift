import Credentials
import Foundation
import JOSE
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// The issuer's certificate profile through the credential decision (ISO/IEC 18013-5 Annex B.1.4, Table B.3; SD-JWT
/// VC §3.5): an mdoc's document signer needs keyUsage digitalSignature and a document signer EKU (a reader EKU never
/// serves), an SD-JWT VC issuer keyUsage digitalSignature and no EKU, with a warning when its EKUs exclude signing
/// credentials.
@Suite("Credentials: the issuer's certificate profile")
struct IssuerProfileTests {
    static func mdoc(_ world: CredentialWorld, signer: TestPKI.Issued) throws -> [UInt8] {
        try MDocIssuer.issue(
            docType: CredentialWorld.mDL, elements: [.init("org.iso.18013.5.1", "family_name", "Mustermann")],
            deviceKey: try PrivateKey.generate(.ecP256).publicKey, signerKey: signer.key,
            signerChain: [signer.certificate, world.sim.iacas[0].iaca.certificate], signed: world.now - 60,
            validUntil: world.now + TestPKI.day
        ).document().encoded()
    }

    static func sdJWT(_ world: CredentialWorld, signer: TestPKI.Issued) throws -> String {
        try SDJWTIssuer.issue(
            vct: CredentialWorld.pidVCT, issuer: nil, claims: [:], disclosable: [("given_name", "Erika")],
            holderKey: nil, signerKey: signer.key, signerChain: [signer.certificate], issuedAt: world.now - 60,
            expires: world.now + TestPKI.day)
    }

    @Test("a document signer with the reader EKU only, or without digitalSignature: document_signer_profile")
    func documentSignerProfile() throws {
        let world = try CredentialWorld()
        let utopia = world.sim.iacas[0].iaca
        let reader = try QueryWorld.documentSigner(under: utopia, extendedKeyUsage: [OID.readerAuthenticationEKU])
        let noSignature = try TestPKI.leaf(
            "DS without digitalSignature", under: utopia, extendedKeyUsage: [OID.documentSignerEKU],
            keyUsage: [.keyAgreement])
        for signer in [reader, noSignature] {
            let decision = MDocVerifier.decide(
                cborEncoded: try Self.mdoc(world, signer: signer), trust: world.trust, at: world.now)
            #expect(decision.reason == .documentSignerProfile, "\(decision.message)")
            #expect(decision.documents.first?.deviceAuth == nil)
        }
    }

    @Test("an SD-JWT VC issuer with no EKU is trusted; with the reader EKU only, trusted with the warning issuer_eku")
    func credentialIssuerProfile() throws {
        let world = try CredentialWorld()
        let eldorado = world.sim.iacas[2].iaca
        let plain = try TestPKI.leaf("PID issuer", under: eldorado, extendedKeyUsage: nil)
        let readerOnly = try TestPKI.leaf(
            "PID issuer with a reader EKU", under: eldorado, extendedKeyUsage: [OID.readerAuthenticationEKU])
        let trusted = SDJWTVerifier.decide(
            compact: try Self.sdJWT(world, signer: plain), trust: world.trust, at: world.now)
        #expect(trusted.trusted, "\(trusted.message)")
        #expect(trusted.documents.first?.warnings.contains(.issuerEKU) == false)
        let warned = SDJWTVerifier.decide(
            compact: try Self.sdJWT(world, signer: readerOnly), trust: world.trust, at: world.now)
        #expect(warned.trusted, "\(warned.message)")
        #expect(warned.documents.first?.warnings.contains(.issuerEKU) == true)
        let noSignature = try TestPKI.leaf(
            "PID issuer without digitalSignature", under: eldorado, extendedKeyUsage: nil, keyUsage: [.keyAgreement])
        let refused = SDJWTVerifier.decide(
            compact: try Self.sdJWT(world, signer: noSignature), trust: world.trust, at: world.now)
        #expect(refused.reason == .issuerKeyUsage, "\(refused.message)")
    }

    @Test("a VICAL not named in credentials.vct authorizes no SD-JWT VC, whatever its docTypes")
    func vctNotNamed() throws {
        let world = try CredentialWorld()
        let plain = try TestPKI.leaf("PID issuer", under: world.sim.iacas[2].iaca, extendedKeyUsage: nil)
        let queries = TrustQueries(snapshot: try world.world.defaultSnapshot())
        let decision = SDJWTVerifier.decide(
            compact: try Self.sdJWT(world, signer: plain), trust: queries, at: world.now)
        #expect(!decision.trusted)
        #expect(decision.reason == .trustListUnavailable, "\(decision.message)")
    }
}
