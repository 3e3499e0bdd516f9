import Credentials
import Foundation
import Publishing
import TestSupport
import Testing
import X509

/// An mDL's `issuing_country` against its issuers (ISO/IEC 18013-5 Annex B.1.1 and Table B.3: the document signer's
/// and the IACA's countryName are the issuing country; docs/architecture.md, Credentials, step 7): the IACA half,
/// with the IACA in the x5chain and with the x5chain holding the document signer alone (the IACA then comes from the
/// trust list).
@Suite("Credentials: issuing_country against the IACA")
struct IssuingCountryTests {
    /// A document signer of country DE under the world's first IACA (of another country), with the document signer
    /// profile (keyUsage digitalSignature, EKU 1.0.18013.5.1.2).
    static func germanSigner(_ world: CredentialWorld) throws -> DemoNetwork.Issued {
        try DemoNetwork.issue(
            subject: [.country("DE"), .organization("Test PKI"), .commonName("DS DE")], by: world.sim.iacas[0].iaca,
            algorithm: .ecP256, notBefore: TestPKI.referenceTime - 30 * TestPKI.day,
            notAfter: TestPKI.referenceTime + 365 * TestPKI.day
        ) { builder in
            builder.keyUsage = [.digitalSignature]
            builder.extendedKeyUsage = [OID.documentSignerEKU]
            builder.extendedKeyUsageIsCritical = true
        }
    }

    static func mdl(country: String, signer: DemoNetwork.Issued, chain: [Certificate], _ world: CredentialWorld)
        throws -> [UInt8]
    {
        try MDocIssuer.issue(
            docType: CredentialWorld.mDL,
            elements: [
                .init("org.iso.18013.5.1", "family_name", "Mustermann"),
                .init("org.iso.18013.5.1", "issuing_country", .textString(country)),
            ], deviceKey: try PrivateKey.generate(.ecP256).publicKey, signerKey: signer.key, signerChain: chain,
            signed: world.now - 3600, validUntil: world.now + TestPKI.day
        ).document().encoded()
    }

    @Test("the document signer's country matches, the IACA's does not: issuing_country_mismatch naming the IACA")
    func iacaCountryDiffers() throws {
        let world = try CredentialWorld()
        let iaca = world.sim.iacas[0].iaca.certificate
        try #require(iaca.subject.country != nil && iaca.subject.country != "DE")
        let signer = try Self.germanSigner(world)
        for chain in [[signer.certificate, iaca], [signer.certificate]] {
            let decision = MDocVerifier.decide(
                cborEncoded: try Self.mdl(country: "DE", signer: signer, chain: chain, world), trust: world.trust,
                at: world.now)
            #expect(decision.reason == .issuingCountryMismatch, "\(chain.count): \(decision.message)")
            #expect(decision.message.contains("IACA"), "\(decision.message)")
            #expect(decision.documents.first?.trustedBy == nil)
        }
        // The same document signer with the IACA's country disclosed is refused for its own countryName instead.
        let own = MDocVerifier.decide(
            cborEncoded: try Self.mdl(
                country: iaca.subject.country ?? "", signer: signer, chain: [signer.certificate], world),
            trust: world.trust, at: world.now)
        #expect(own.reason == .issuingCountryMismatch)
        #expect(own.message.contains("document signer"), "\(own.message)")
    }
}
