import Foundation
import TestSupport
import Testing
import X509

/// CRLs built by Python `cryptography` (``TestCRLs``), decoded by ``CertificateRevocationList``: every value is
/// compared with what the builder was given, and revocation with `openssl verify -crl_check`.
@Suite("CRL decoding", .requires(.pythonCryptography))
struct CRLDecodingTests {
    static let crls: TestCRLs? = try? TestCRLs.make()

    func fixtures() throws -> TestCRLs {
        try #require(Self.crls, "make_test_crls.py failed")
    }

    func crl(_ name: String) throws -> CertificateRevocationList {
        try CertificateRevocationList(derOrPEMEncoded: try fixtures().bytes(name + ".der"))
    }

    func certificate(_ name: String) throws -> Certificate {
        try Certificate(pemEncoded: String(decoding: try fixtures().bytes(name), as: UTF8.self))
    }

    @Test("a CRL's fields are those the builder was given")
    func fields() throws {
        let expected = try #require(try fixtures().expected["good"])
        let crl = try crl("good")
        #expect(crl.version == 2)
        #expect(hexString(crl.issuer.derEncoded) == expected.issuerDER)
        #expect(crl.thisUpdate == Date(timeIntervalSince1970: TimeInterval(try #require(expected.thisUpdate))))
        #expect(crl.nextUpdate == Date(timeIntervalSince1970: TimeInterval(try #require(expected.nextUpdate))))
        #expect(crl.crlNumber.map(hexString) == "05")
        #expect(crl.authorityKeyIdentifier.map(hexString) == expected.akiHex)
        #expect(crl.revokedCount == expected.revoked.count)
        #expect(crl.signatureAlgorithmOID == "1.2.840.10045.4.3.2")
        #expect(!crl.isDelta && !crl.isIndirect && !crl.entryExtensionsPresent)
        #expect(crl.unknownCriticalExtensions.isEmpty)
        #expect(crl.derEncoded == (try fixtures().bytes("good.der")))
        #expect(hexString(crl.sha256) == (try TestTools.sha256sum(crl.derEncoded)))
    }

    @Test("every listed serial is found with its revocation date, with or without a leading zero byte")
    func revokedSerials() throws {
        let expected = try #require(try fixtures().expected["good"])
        let crl = try crl("good")
        for (hex, date) in expected.revoked {
            let magnitude = try #require(bytes(fromHex: hex.count % 2 == 1 ? "0" + hex : hex))
            // DER content octets of a positive INTEGER: a 0x00 before a high bit (X.690 §8.3).
            let content = magnitude[0] & 0x80 == 0 ? magnitude : [0] + magnitude
            let revoked = Date(timeIntervalSince1970: TimeInterval(date))
            #expect(crl.revocationDate(serialNumber: content) == revoked, "serial \(hex)")
            #expect(crl.revocationDate(serialNumber: [0, 0] + magnitude) == revoked, "serial 0000\(hex)")
        }
        #expect(crl.revocationDate(serialNumber: [0x02]) == nil)
        #expect(crl.revocationDate(serialNumber: [0x00]) == nil)
        #expect(crl.revocationDate(serialNumber: []) == nil)
        // 0x80 as content octets is -128, not the listed +128 (00 80).
        #expect(crl.revocationDate(serialNumber: [0x80]) == nil)
    }

    @Test("revoked or not agrees with openssl verify -crl_check on the same chain and CRL")
    func opensslOracle() throws {
        let openssl = try #require(TestTools.executable(named: "openssl"), "openssl is not installed")
        let fixtures = try fixtures()
        let folder = try TemporaryDirectory()
        for name in ["good", "good-next", "same-number-other-content", "empty"] {
            let crl = try crl(name)
            let pem = folder.url.appendingPathComponent(name + ".pem").path
            #expect(
                try TestTools.run(openssl, ["crl", "-inform", "DER", "-in", fixtures.path(name + ".der"), "-out", pem])
                    .status == 0)
            for leaf in ["leaf-revoked", "leaf-good"] {
                let result = try TestTools.run(
                    openssl,
                    [
                        "verify", "-attime", String(Int(TestPKI.referenceTime.timeIntervalSince1970)), "-crl_check",
                        "-CAfile", fixtures.path("ca.pem"), "-CRLfile", pem, fixtures.path(leaf + ".pem"),
                    ])
                let opensslSaysRevoked = result.stderr.contains("certificate revoked")
                #expect(opensslSaysRevoked || result.status == 0, "\(name) \(leaf): \(result.stderr)")
                let serial = try certificate(leaf + ".pem").serialNumber
                #expect((crl.revocationDate(serialNumber: serial) != nil) == opensslSaysRevoked, "\(name) \(leaf)")
            }
        }
    }

    @Test("the signature verifies under the CA's key and not under another key of the same Name")
    func signatures() throws {
        let ca = try certificate("ca.pem")
        let other = try certificate("other-ca.pem")
        #expect(ca.subject == other.subject)
        let good = try crl("good")
        #expect(good.isSigned(by: ca))
        #expect(good.verifySignature(issuerKey: try ca.publicKey))
        #expect(!good.isSigned(by: other))
        #expect(!good.verifySignature(issuerKey: try other.publicKey))
        let imposter = try crl("other-key")
        #expect(imposter.issuer == good.issuer)
        #expect(!imposter.isSigned(by: ca))
        #expect(imposter.isSigned(by: other))
    }

    @Test("a CRL with a flipped signature bit does not verify")
    func flippedSignature() throws {
        var der = try fixtures().bytes("good.der")
        der[der.count - 3] ^= 0x01
        let ca = try certificate("ca.pem")
        // A flip may also break the signature's DER (a malformed CRL); either way it is never signed by the CA.
        if let crl = try? CertificateRevocationList(derOrPEMEncoded: der) { #expect(!crl.isSigned(by: ca)) }
    }

    @Test("the same content signed twice has one tbsCertList hash and two byte hashes")
    func signedContentIdentity() throws {
        let first = try crl("good")
        let second = try crl("good-resigned")
        #expect(first.derEncoded != second.derEncoded)
        #expect(first.tbsSHA256 == second.tbsSHA256)
        #expect(first.sha256 != second.sha256)
        #expect(first.tbsSHA256 != (try crl("same-number-other-content")).tbsSHA256)
    }

    @Test("the facts the profile checks read: delta, indirect, unknown critical, entry extensions, v1")
    func facts() throws {
        #expect(try crl("unknown-critical").unknownCriticalExtensions == ["1.3.6.1.4.1.99999.1"])
        let delta = try crl("delta")
        #expect(delta.isDelta && delta.deltaBaseCRLNumber == [4])
        let idp = try crl("indirect-idp")
        #expect(idp.isIndirect && idp.issuingDistributionPoint?.indirectCRL == true)
        let entry = try crl("indirect-entry")
        #expect(entry.isIndirect && entry.entryCertificateIssuerPresent && entry.entryExtensionsPresent)
        let reason = try crl("entry-reason")
        #expect(reason.entryExtensionsPresent && !reason.isIndirect && reason.unknownCriticalEntryExtensions.isEmpty)
        let bare = try crl("no-aki-no-number")
        #expect(bare.crlNumber == nil && bare.authorityKeyIdentifier == nil)
        let v1 = try crl("v1")
        #expect(v1.version == 1 && v1.crlNumber == nil && v1.revokedCount == 0 && v1.extensionOIDs.isEmpty)
        #expect(v1.isSigned(by: try certificate("ca.pem")))
        let big = try #require(try fixtures().expected["big-number"]?.crlNumber)
        #expect(try crl("big-number").crlNumber.map(hexString) == big)
    }

    @Test("PEM with text around it decodes to the same CRL; PEM without a CRL block is malformed_pem")
    func pem() throws {
        let der = try fixtures().bytes("good.der")
        let block =
            "-----BEGIN X509 CRL-----\n"
            + Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            + "\n-----END X509 CRL-----\n"
        let wrapped = "Fetched from http://example.test/ca.crl\r\nsome junk\n" + block + "trailing junk\n"
        let crl = try CertificateRevocationList(derOrPEMEncoded: Array(wrapped.utf8))
        #expect(crl.derEncoded == der)
        #expect(throws: X509Error(.malformedPEM)) {
            try CertificateRevocationList(derOrPEMEncoded: Array((block + block).utf8))
        }
        let certificatePEM = try fixtures().bytes("ca.pem")
        #expect(throws: X509Error(.malformedPEM)) { try CertificateRevocationList(derOrPEMEncoded: certificatePEM) }
        #expect(throws: X509Error(.malformedPEM)) { try CertificateRevocationList(derOrPEMEncoded: Array("junk".utf8)) }
    }

    @Test("every prefix of a small CRL, and one trailing byte, fail cleanly as malformed_crl")
    func truncated() throws {
        let der = try fixtures().bytes("entry-reason.der")
        for length in 0..<der.count {
            #expect(throws: X509Error(.malformedCRL)) {
                try CertificateRevocationList(derOrPEMEncoded: Array(der.prefix(length)))
            }
        }
        #expect(throws: X509Error(.malformedCRL)) { try CertificateRevocationList(derOrPEMEncoded: der + [0]) }
    }

    @Test("a certificate is not a CRL")
    func certificateIsNotACRL() throws {
        let der = try certificate("ca.pem").derEncoded
        #expect(throws: X509Error(.malformedCRL)) { try CertificateRevocationList(derOrPEMEncoded: der) }
    }

    @Test("random bytes fail with a CRL or PEM code only")
    func garbage() {
        var generator = SplitMix64(seed: 0xC21_0BAD)
        for round in 0..<400 {
            var bytes = (0..<Int.random(in: 1...300, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if round % 2 == 0 { bytes[0] = 0x30 }
            do {
                _ = try CertificateRevocationList(derOrPEMEncoded: bytes)
                Issue.record("random bytes decoded as a CRL")
            } catch {
                #expect([.malformedCRL, .malformedPEM].contains(error.code), "\(error)")
            }
        }
    }

    @Test("more entries than allowed is limits_exceeded")
    func entryLimit() throws {
        let der = try fixtures().bytes("good.der")
        #expect(throws: X509Error(.limitsExceeded)) {
            try CertificateRevocationList(derOrPEMEncoded: der, maxEntries: 5)
        }
        #expect(try CertificateRevocationList(derOrPEMEncoded: der, maxEntries: 6).revokedCount == 6)
    }

    @Test(
        "distribution points: http(s) URIs kept once in order; LDAP, directoryName, relative, cRLIssuer and reasons ignored"
    )
    func mixedDistributionPoints() throws {
        let points = try certificate("cdp-mixed.pem").crlDistributionPointURIs
        #expect(points.uris == ["http://crl.example.test/a.crl", "HTTPS://crl.example.test:8443/b.crl?x=1&y=2"])
        #expect(points.ignored.count == 5, "\(points.ignored)")
        for word in ["LDAP", "directoryName", "nameRelativeToCRLIssuer", "cRLIssuer", "some reasons"] {
            #expect(points.ignored.contains { $0.contains(word) }, "\(word) in \(points.ignored)")
        }
    }
}
