import Credentials
import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// Revocation through the credential decision (docs/architecture.md, Revocation): an mdoc whose document signer the
/// IACA's verified CRL lists is refused as `revoked`, as `openssl verify -crl_check` says of its chain; its sibling's
/// is trusted with the CRL that was checked.
@Suite("Credentials whose issuer is revoked")
struct RevokedIssuerTests {
    static func mdoc(_ signer: DemoNetwork.Issued, _ world: RevocationHarness) throws -> [UInt8] {
        try MDocIssuer.issue(
            docType: "org.iso.18013.5.1.mDL", elements: [.init("org.iso.18013.5.1", "family_name", "Mustermann")],
            deviceKey: try PrivateKey.generate(.ecP256).publicKey, signerKey: signer.key,
            signerChain: world.issuerChain(signer), signed: world.t0 - 60, validUntil: world.t0 + TestPKI.day
        ).document().encoded()
    }

    @Test("the revoked document signer's mdoc is revoked, as openssl -crl_check says; its sibling's is trusted")
    func revokedDocumentSigner() throws {
        let world = try RevocationHarness()
        _ = try world.harness.refresh(at: world.t0)
        let queries = try world.loadedService(at: world.t0).queries
        let trust = queries
        let iaca = world.sim.iacas[0].iaca.certificate
        let crl = try world.crl(of: world.sim.iacas[0].iaca, number: 1)

        let revoked = MDocVerifier.decide(
            cborEncoded: try Self.mdoc(world.sim.revokedDocumentSigner, world), trust: trust, at: world.t0)
        #expect(
            try OpenSSLRevocationOracle.isRevoked(
                world.sim.revokedDocumentSigner.certificate, ca: iaca, crl: crl, at: world.t0))
        #expect(revoked.reason == .revoked, "\(revoked.message)")
        #expect(revoked.documents.first?.revocation?.crlNumber == "1")
        #expect(revoked.documents.first?.deviceAuth == nil)

        let good = MDocVerifier.decide(
            cborEncoded: try Self.mdoc(world.sim.documentSigner, world), trust: trust, at: world.t0)
        #expect(
            !(try OpenSSLRevocationOracle.isRevoked(
                world.sim.documentSigner.certificate, ca: iaca, crl: crl, at: world.t0)))
        #expect(good.trusted, "\(good.message)")
        #expect(good.documents.first?.revocation?.checked == true)
        #expect(good.documents.first?.revocation?.state == .fresh)
    }
}
