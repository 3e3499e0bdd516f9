import Foundation
import TestSupport
import Testing
import X509

/// The cRLDistributionPoints of the IACAs in the real AAMVA VICAL of 2025-11-18, compared with what
/// `openssl x509 -text` prints for the same certificates, which Python `cbor2` takes out of the list.
@Suite("CRL distribution points", .requires(.realFixtures), .requires(.interopModules))
struct CRLDistributionPointTests {
    /// The listed certificates (DER), in list order, taken out by Python `cbor2`.
    static func listedCertificates(_ file: String) throws -> [[UInt8]] {
        let script = """
            import cbor2, sys
            message = cbor2.loads(sys.stdin.buffer.read())
            message = getattr(message, "value", message)
            for info in cbor2.loads(message[2])["certificateInfos"]:
                print(info["certificate"].hex())
            """
        let output = try Python.run(script, input: try RealFixtures.bytes(file))
        return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { bytes(fromHex: String($0)) }
    }

    /// The lines under "X509v3 CRL Distribution Points:" in `openssl x509 -text`, trimmed.
    static func opensslDistributionPointLines(_ der: [UInt8]) throws -> [String] {
        let lines = try TestTools.opensslText("x509", der: der).split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(where: { $0.contains("X509v3 CRL Distribution Points:") }) else {
            return []
        }
        let depth = lines[header].prefix { $0 == " " }.count
        return lines[(header + 1)...].prefix { $0.prefix { $0 == " " }.count > depth }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("every IACA's http(s) CRL URIs are those openssl x509 -text prints, and nothing is ignored")
    func matchesOpenSSL() throws {
        let listed = try Self.listedCertificates("aamva_vical_2025-11-18.cbor")
        #expect(listed.count == 14)
        for der in listed {
            let certificate = try Certificate(derEncoded: der)
            let lines = try Self.opensslDistributionPointLines(der)
            let expected = lines.filter { $0.hasPrefix("URI:") }.map { String($0.dropFirst(4)) }
            #expect(!expected.isEmpty, "\(certificate.subject) has a CRL distribution point")
            #expect(lines.allSatisfy { $0 == "Full Name:" || $0.hasPrefix("URI:") }, "\(lines)")
            let points = certificate.crlDistributionPointURIs
            #expect(points.uris == expected, "\(certificate.subject)")
            #expect(points.ignored.isEmpty, "\(certificate.subject): \(points.ignored)")
        }
    }

    @Test("one URL serves three IACAs of the same Name under different keys, another two different IACAs")
    func sharedURLs() throws {
        let certificates = try Self.listedCertificates("aamva_vical_2025-11-18.cbor").map {
            try Certificate(derEncoded: $0)
        }
        let byURL = Dictionary(grouping: certificates) { $0.crlDistributionPointURIs.uris.first ?? "" }
        let arizona = try #require(
            byURL["https://mvmpublic.blob.core.usgovcloudapi.net/certificate-revocation-list/MVMProdCA.crl.pem"])
        #expect(arizona.count == 3)
        #expect(Set(arizona.map(\.subject)).count == 1)
        #expect(Set(arizona.map(\.subjectPublicKeyInfo)).count == 3)
        let virginia = try #require(byURL["https://www.mobiledl.net/mobileID/VA.crl"])
        #expect(virginia.count == 2)
        #expect(Set(virginia.map(\.subject)).count == 2)
        #expect(byURL.count == 11)
    }

    @Test("a certificate without the extension has no points")
    func absent() throws {
        let root = try Certificate(pemEncoded: try RealFixtures.text("aamva_dts_root_ca.pem"))
        let points = root.crlDistributionPointURIs
        #expect(points.uris.isEmpty && points.ignored.isEmpty)
    }
}
