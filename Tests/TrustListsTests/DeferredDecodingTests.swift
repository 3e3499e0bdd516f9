import Foundation
import Publishing
import Synchronization
import TestSupport
import Testing
import X509

@testable import TrustLists

/// A list entry's Names and extensions are decoded when first read (docs/architecture.md, "The snapshot"): an IACA
/// whose subjectAltName is not GeneralNames (RFC 5280 §4.2.1.6) is kept by the list's verification, and then never
/// trusted, with one warning. The certificates are made by Python's `cryptography`.
@Suite("The snapshot", .serialized, .requires(.interopModules))
struct DeferredDecodingTests {
    /// Prints the DER (hex) of an IACA and of a document signer under it. `bad` gives the IACA a subjectAltName whose
    /// value is a SEQUENCE holding an INTEGER, which is no GeneralName; `good` gives it a dNSName.
    static let script = """
        import sys, datetime
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID, ExtensionOID, ObjectIdentifier
        bad = sys.argv[1] == "bad"
        start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
        end = datetime.datetime(2028, 1, 1, tzinfo=datetime.timezone.utc)
        iaca_key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
                          x509.NameAttribute(NameOID.COMMON_NAME, "Deferred IACA " + sys.argv[1])])
        alt = (x509.UnrecognizedExtension(ExtensionOID.SUBJECT_ALTERNATIVE_NAME, bytes([0x30, 3, 2, 1, 5]))
               if bad else x509.SubjectAlternativeName([x509.DNSName("iaca.example")]))
        iaca = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                .public_key(iaca_key.public_key()).serial_number(7).not_valid_before(start).not_valid_after(end)
                .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
                .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
                .add_extension(x509.SubjectKeyIdentifier.from_public_key(iaca_key.public_key()), critical=False)
                .add_extension(alt, critical=False)
                .sign(iaca_key, hashes.SHA256()))
        ds_key = ec.generate_private_key(ec.SECP256R1())
        ds_name = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
                             x509.NameAttribute(NameOID.COMMON_NAME, "Deferred DS")])
        ds = (x509.CertificateBuilder().subject_name(ds_name).issuer_name(name)
              .public_key(ds_key.public_key()).serial_number(8).not_valid_before(start).not_valid_after(end)
              .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
              .add_extension(x509.ExtendedKeyUsage([ObjectIdentifier("1.0.18013.5.1.2")]), critical=True)
              .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(iaca_key.public_key()), critical=False)
              .sign(iaca_key, hashes.SHA256()))
        ski = x509.SubjectKeyIdentifier.from_public_key(iaca_key.public_key()).digest
        try:
            parsed = x509.load_der_x509_certificate(iaca.public_bytes(serialization.Encoding.DER))
            _ = list(parsed.extensions)
            readable = bytes([1])
        except ValueError:
            readable = bytes([0])
        for item in (iaca.public_bytes(serialization.Encoding.DER), ds.public_bytes(serialization.Encoding.DER), ski,
                     readable):
            print(item.hex())
        """

    /// The IACA's DER, the document signer's DER, the IACA's SKI, and whether Python's `cryptography` (an
    /// independent parser) reads every extension of the IACA, as Python wrote them.
    static func made(_ variant: String) throws -> (iaca: [UInt8], signer: [UInt8], ski: [UInt8], readable: Bool) {
        let lines = String(decoding: try Python.run(script, input: [], arguments: [variant]), as: UTF8.self)
            .split(separator: "\n").map { bytes(hex: String($0)) }
        try #require(lines.count == 4)
        return (lines[0], lines[1], lines[2], lines[3] == [1])
    }

    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), next > index {
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    @Test(
        "a certificate given alone is refused whole; as a list entry it loads, with its SKI, and fails when first read")
    func certificateLevel() throws {
        let bad = try Self.made("bad")
        #expect(!bad.readable, "Python's cryptography refuses the subjectAltName too")
        #expect(throws: X509Error(.malformedCertificate)) { try Certificate(derEncoded: bad.iaca) }
        let listed = try Certificate(listedDER: bad.iaca)
        #expect(listed.subjectKeyIdentifier == bad.ski)
        #expect(listed.deferredDecodingError?.code == .malformedCertificate)
        #expect(listed.extensions.subjectKeyIdentifier == bad.ski)
        #expect(listed.extensions.basicConstraints == nil)

        let good = try Self.made("good")
        #expect(good.readable)
        let whole = try Certificate(derEncoded: good.iaca)
        let deferred = try Certificate(listedDER: good.iaca)
        #expect(deferred.deferredDecodingError == nil)
        #expect(deferred.extensions == whole.extensions)
        #expect(deferred.extensions.dnsNames == ["iaca.example"])
        #expect(deferred.extensions.basicConstraints == BasicConstraints(isCA: true, pathLength: 0))
        #expect(deferred.subject.rfc4514 == "CN=Deferred IACA good,C=US")
    }

    @Test("an IACA whose extensions do not decode is kept by the VICAL, never trusted, and reported once")
    func neverTrusted() throws {
        let world = try QueryWorld()
        let bad = try Self.made("bad")
        let good = try Self.made("good")
        let reports = Mutex<[String]>([])
        Certificate.reportDeferredDecodingFailures { certificate, error in
            reports.withLock { $0.append("\(certificate.sha256Hex) \(error.code.rawValue)") }
        }
        var content = world.sim.vicalContent()
        let docType = "org.iso.18013.5.1.mDL"
        content.entries = [
            ListContent.Entry(certificate: try Certificate(listedDER: bad.iaca), docTypes: [docType]),
            ListContent.Entry(certificate: try Certificate(listedDER: good.iaca), docTypes: [docType]),
        ]
        let verified = try world.verified(content)
        #expect(verified.list.certificates.count == 2, "the verification keeps both entries")
        let queries = TrustQueries(snapshot: try world.snapshot(vical: content, rical: world.sim.ricalContent()))

        let iacaSHA256 = hexString(Digest.sha256.hash(bad.iaca))
        for _ in 0..<2 {
            let decision = queries.issuerDecision(
                chain: [try Certificate(derEncoded: bad.signer)], docType: docType, at: world.now)
            #expect(decision.reason == .chainInvalid)
            #expect(decision.message.contains("the listed IACA \(iacaSHA256) is not used"), "\(decision.message)")
        }
        #expect(reports.withLock { $0 } == ["\(iacaSHA256) malformed_certificate"])

        let trusted = queries.issuerDecision(
            chain: [try Certificate(derEncoded: good.signer)], docType: docType, at: world.now)
        #expect(trusted.isTrusted, "\(trusted.message)")
    }
}
