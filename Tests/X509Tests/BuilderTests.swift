import Foundation
import TestSupport
import Testing
import X509

@Suite("Certificate builder")
struct BuilderTests {
    /// A reader certificate with every field the builder sets, under a P-384 root.
    static func builtCertificate() throws -> (certificate: Certificate, key: PrivateKey, root: TestPKI.Issued) {
        let root = try TestPKI.root("Builder Root", algorithm: .ecP384)
        let key = try PrivateKey.generate(.ecP256)
        var builder = CertificateBuilder(
            subject: [
                .country("NZ"), .organization("Ørsted Ltd"), .stateOrProvince("Otago"), .commonName("Reader, One"),
            ],
            publicKey: key.publicKey, notBefore: TestPKI.referenceTime, notAfter: TestPKI.referenceTime + 86_400)
        builder.serialNumber = [0x00, 0x9f, 0x01]
        builder.keyUsage = [.digitalSignature, .nonRepudiation]
        builder.extendedKeyUsage = [OID.readerAuthenticationEKU, "1.3.6.1.5.5.7.3.2"]
        builder.basicConstraints = BasicConstraints(isCA: false)
        builder.dnsNames = ["reader.example"]
        builder.uris = ["https://reader.example/x"]
        return (try builder.signed(by: root.certificate, key: root.key), key, root)
    }

    @Test("every field the builder sets reads back")
    func fieldsRoundTrip() throws {
        let (certificate, key, root) = try Self.builtCertificate()
        #expect(certificate.subject.commonName == "Reader, One")
        #expect(certificate.subject.rfc4514 == "CN=Reader\\, One,ST=Otago,O=Ørsted Ltd,C=NZ")
        #expect(certificate.issuer == root.certificate.subject)
        #expect(certificate.serialNumber == [0x00, 0x9f, 0x01])
        #expect(certificate.notBefore == TestPKI.referenceTime)
        #expect(certificate.notAfter == TestPKI.referenceTime + 86_400)
        #expect(certificate.keyUsage == [.digitalSignature, .nonRepudiation])
        #expect(certificate.extendedKeyUsage == [OID.readerAuthenticationEKU, "1.3.6.1.5.5.7.3.2"])
        #expect(certificate.basicConstraints == BasicConstraints(isCA: false))
        #expect(certificate.extensions.dnsNames == ["reader.example"])
        #expect(certificate.extensions.uris == ["https://reader.example/x"])
        #expect(certificate.authorityKeyIdentifier == root.certificate.subjectKeyIdentifier)
        #expect(certificate.subjectKeyIdentifier?.count == 20)
        #expect(certificate.extensions.criticalOIDs == [OID.basicConstraints, OID.keyUsage])
        #expect(try certificate.publicKey == key.publicKey)
    }

    @Test("Python's cryptography reads the fields the builder sets", .requires(.interopModules))
    func fieldsReadByPython() throws {
        let (certificate, _, root) = try Self.builtCertificate()
        let script = """
            import sys, hashlib
            from cryptography import x509
            from cryptography.hazmat.primitives import serialization
            c = x509.load_der_x509_certificate(bytes.fromhex(sys.stdin.read()))
            e = c.extensions
            ku = e.get_extension_for_class(x509.KeyUsage).value
            spki_bits = c.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            print(c.subject.rfc4514_string())
            print(format(c.serial_number, 'x'))
            print(",".join(o.dotted_string for o in e.get_extension_for_class(x509.ExtendedKeyUsage).value))
            print(ku.digital_signature, ku.content_commitment, ku.key_cert_sign)
            print(e.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest.hex())
            print(hashlib.sha1(spki_bits).hexdigest())
            print(e.get_extension_for_class(x509.AuthorityKeyIdentifier).value.key_identifier.hex())
            """
        let lines = String(
            decoding: try Python.run(script, input: Array(hexString(certificate.derEncoded).utf8)), as: UTF8.self
        )
        .split(separator: "\n").map(String.init)
        #expect(lines[0] == "CN=Reader\\, One,ST=Otago,O=Ørsted Ltd,C=NZ")
        #expect(lines[1] == "9f01")
        #expect(lines[2] == "1.0.18013.5.1.6,1.3.6.1.5.5.7.3.2")
        #expect(lines[3] == "True True False")
        // RFC 5280 §4.2.1.2 method 1: SKI = SHA-1 of the subjectPublicKey bits.
        #expect(lines[4] == lines[5])
        #expect(lines[4] == certificate.subjectKeyIdentifier.map(hexString))
        #expect(lines[6] == root.certificate.subjectKeyIdentifier.map(hexString))
    }

    @Test("PEM out and in gives the same certificate; a chain file reads in order")
    func pemRoundTrip() throws {
        let root = try TestPKI.root("PEM Root")
        let leaf = try TestPKI.leaf("PEM Leaf", under: root, extendedKeyUsage: nil)
        let pem = leaf.certificate.pemEncoded + root.certificate.pemEncoded
        #expect(try Certificate.certificates(pemEncoded: pem) == [leaf.certificate, root.certificate])
        #expect(try Certificate(pemEncoded: root.certificate.pemEncoded) == root.certificate)
        #expect(throws: X509Error(.malformedPEM)) { try Certificate(pemEncoded: pem) }
    }

    @Test("self-signed roots are self-issued and carry AKI = SKI", arguments: KeyAlgorithm.allCases)
    func selfSigned(algorithm: KeyAlgorithm) throws {
        let root = try TestPKI.root("Alg Root", algorithm: algorithm)
        #expect(root.certificate.isSelfIssued)
        #expect(root.certificate.authorityKeyIdentifier == root.certificate.subjectKeyIdentifier)
        #expect(try root.certificate.publicKey.algorithm == algorithm)
        guard
            case .valid = ChainValidator(anchors: [root.certificate]).validate(
                leaf: root.certificate, intermediates: [], at: TestPKI.referenceTime)
        else {
            Issue.record("root does not validate as its own anchor")
            return
        }
    }
}
