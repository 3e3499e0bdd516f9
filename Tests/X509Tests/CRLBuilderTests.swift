import Foundation
import TestSupport
import Testing
import X509

/// ``CRLBuilder`` output read by the `openssl` command: `openssl crl -text` shows what was built and
/// `openssl verify -crl_check` finds the listed certificate revoked and its sibling not.
@Suite("CRL builder", .requires(.executable("openssl")))
struct CRLBuilderTests {
    @Test("a built CRL is what openssl reads: revoked leaf refused, sibling verified; our decoder agrees")
    func agreesWithOpenSSL() throws {
        let openssl = try #require(TestTools.executable(named: "openssl"))
        let ca = try TestPKI.root("CRL Builder CA")
        let revoked = try TestPKI.leaf("revoked", under: ca, extendedKeyUsage: nil)
        let good = try TestPKI.leaf("good", under: ca, extendedKeyUsage: nil)
        var builder = CRLBuilder(
            thisUpdate: TestPKI.referenceTime - TestPKI.day, nextUpdate: TestPKI.referenceTime + 7 * TestPKI.day,
            crlNumber: 42)
        builder.entries = [
            CRLBuilder.Entry(
                serialNumber: revoked.certificate.serialNumber, revocationDate: TestPKI.referenceTime - 3600),
            CRLBuilder.Entry(serialNumber: [0x01, 0x02], revocationDate: TestPKI.referenceTime - 7200),
        ]
        let der = try builder.signed(by: ca.certificate, key: ca.key)

        let folder = try TemporaryDirectory()
        let crlFile = try folder.write(der, to: "ca.crl")
        let pemFile = folder.url.appendingPathComponent("ca.crl.pem").path
        #expect(
            try TestTools.run(openssl, ["crl", "-inform", "DER", "-in", crlFile.path, "-out", pemFile]).status == 0)
        let textFile = folder.url.appendingPathComponent("crl.txt")
        #expect(
            try TestTools.run(openssl, ["crl", "-in", pemFile, "-noout", "-text", "-out", textFile.path]).status == 0)
        let text = try String(contentsOf: textFile, encoding: .utf8)
        #expect(text.contains("Version 2 (0x1)"))
        #expect(text.contains("X509v3 CRL Number: \n                42"))
        #expect(text.contains("X509v3 Authority Key Identifier"))
        #expect(text.contains(hexString(revoked.certificate.serialNumber).uppercased().drop { $0 == "0" }))
        let caFile = try folder.write(Array(ca.certificate.pemEncoded.utf8), to: "ca.pem")
        let attime = String(Int(TestPKI.referenceTime.timeIntervalSince1970))
        for (leaf, isRevoked) in [(revoked, true), (good, false)] {
            let leafFile = try folder.write(Array(leaf.certificate.pemEncoded.utf8), to: "leaf.pem")
            let result = try TestTools.run(
                openssl,
                ["verify", "-attime", attime, "-crl_check", "-CAfile", caFile.path, "-CRLfile", pemFile, leafFile.path])
            #expect(
                (result.status != 0 && result.stderr.contains("certificate revoked")) == isRevoked, "\(result.stderr)")
            #expect((result.status == 0) == !isRevoked)
        }

        let crl = try CertificateRevocationList(derOrPEMEncoded: der)
        #expect(crl.crlNumber == [42])
        #expect(crl.authorityKeyIdentifier == ca.certificate.subjectKeyIdentifier)
        #expect(crl.issuer == ca.certificate.subject)
        #expect(crl.isSigned(by: ca.certificate))
        #expect(crl.revocationDate(serialNumber: revoked.certificate.serialNumber) == TestPKI.referenceTime - 3600)
        #expect(crl.revocationDate(serialNumber: good.certificate.serialNumber) == nil)
    }

    @Test("a serial listed twice answers with its earlier revocation date, whatever the order")
    func repeatedSerial() throws {
        let ca = try TestPKI.root("CRL Builder CA")
        let earlier = TestPKI.referenceTime - 7200
        let later = TestPKI.referenceTime - 3600
        for dates in [[earlier, later], [later, earlier]] {
            var builder = CRLBuilder(
                thisUpdate: TestPKI.referenceTime - TestPKI.day, nextUpdate: TestPKI.referenceTime + TestPKI.day)
            builder.entries = dates.map { CRLBuilder.Entry(serialNumber: [0x33], revocationDate: $0) }
            let crl = try CertificateRevocationList(derOrPEMEncoded: try builder.signed(by: ca.certificate, key: ca.key))
            #expect(crl.revokedCount == 2)
            #expect(crl.revocationDate(serialNumber: [0x33]) == earlier)
        }
    }
}
