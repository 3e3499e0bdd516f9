import Foundation
import TestSupport
import Testing
import X509

/// Certificates and a CRL signed with RSASSA-PSS (signatureAlgorithm id-RSASSA-PSS, RFC 4055 §3.1 and RFC 8017
/// §8.1) by a CA whose key is a plain rsaEncryption key, which RFC 4055 §3.1 lets sign either way. The openssl
/// command makes them (Python's `cryptography` on Debian 12 cannot sign a certificate with PSS): an implementation
/// other than ours, so what is asserted is what it was asked to make.
@Suite("RSASSA-PSS-signed certificates and CRLs", .requires(.executable("openssl")))
struct RSAPSSSignedTests {
    /// id-RSASSA-PSS, RFC 4055 §3.1.
    static let rsassaPSS = "1.2.840.113549.1.1.10"
    /// The leaf's serial number, as given to `openssl x509 -set_serial`.
    static let leafSerial: [UInt8] = [0x12, 0x34]
    /// openssl's options for RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-byte salt.
    static let pss = ["-sha256", "-sigopt", "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:digest"]

    let root: Certificate
    let leaf: Certificate
    let crl: CertificateRevocationList

    init() throws {
        let folder = try TemporaryDirectory()
        let command = try #require(TestTools.executable(named: "openssl"))
        func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }
        func openssl(_ arguments: [String]) throws {
            let result = try TestTools.run(command, arguments)
            guard result.status == 0 else { throw TestSupportError("openssl \(arguments[0]): \(result.stderr)") }
        }
        try openssl(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("root.key"), "-out", path("root.pem"),
                "-subj", "/CN=PSS Test Root", "-days", "30",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ] + Self.pss)
        try openssl(
            [
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                "-keyout", path("leaf.key"), "-out", path("leaf.csr"), "-subj", "/CN=PSS Test Leaf",
            ])
        _ = try folder.write(
            Array("keyUsage=critical,digitalSignature\nauthorityKeyIdentifier=keyid\n".utf8), to: "leaf.ext")
        try openssl(
            [
                "x509", "-req", "-in", path("leaf.csr"), "-CA", path("root.pem"), "-CAkey", path("root.key"),
                "-set_serial", "0x1234", "-days", "10", "-extfile", path("leaf.ext"), "-out", path("leaf.pem"),
            ] + Self.pss)
        // The CRL: the leaf revoked in openssl's CA database, then a CRL generated from it.
        _ = try folder.write([], to: "index.txt")
        _ = try folder.write(Array("01\n".utf8), to: "crlnumber")
        _ = try folder.write(
            Array(
                """
                [ca]
                default_ca = test
                [test]
                database = \(path("index.txt"))
                crlnumber = \(path("crlnumber"))
                default_md = sha256
                default_crl_days = 7
                crl_extensions = crl_extensions
                [crl_extensions]
                authorityKeyIdentifier = keyid

                """.utf8), to: "ca.cnf")
        let ca = ["-batch", "-config", path("ca.cnf"), "-cert", path("root.pem"), "-keyfile", path("root.key")]
        try openssl(["ca"] + ca + ["-revoke", path("leaf.pem")])
        try openssl(
            ["ca"] + ca + [
                "-gencrl", "-out", path("crl.pem"), "-sigopt", "rsa_padding_mode:pss",
                "-sigopt", "rsa_pss_saltlen:digest",
            ])

        func contents(_ name: String) throws -> [UInt8] {
            Array(try Data(contentsOf: folder.url.appendingPathComponent(name)))
        }
        root = try Certificate(pemEncoded: String(decoding: try contents("root.pem"), as: UTF8.self))
        leaf = try Certificate(pemEncoded: String(decoding: try contents("leaf.pem"), as: UTF8.self))
        crl = try CertificateRevocationList(derOrPEMEncoded: try contents("crl.pem"))
    }

    @Test("both certificates decode, with id-RSASSA-PSS as their signature algorithm and the names asked for")
    func decode() {
        #expect(root.signatureAlgorithmOID == Self.rsassaPSS)
        #expect(leaf.signatureAlgorithmOID == Self.rsassaPSS)
        #expect(root.subject.commonName == "PSS Test Root")
        #expect(leaf.subject.commonName == "PSS Test Leaf")
        #expect(root.isSelfIssued)
        #expect(leaf.issuer == root.subject)
        #expect(leaf.serialNumber == Self.leafSerial)
        #expect(leaf.authorityKeyIdentifier == root.subjectKeyIdentifier)
    }

    @Test("the leaf validates under the PSS-signed root; with one bit of its signature flipped it does not")
    func chain() throws {
        let validator = ChainValidator(anchors: [root])
        guard case .valid(let chain) = validator.validate(leaf: leaf, intermediates: [], at: Date()) else {
            Issue.record("the PSS-signed chain did not validate")
            return
        }
        #expect(chain.certificates == [leaf, root])

        var der = leaf.derEncoded
        der[der.count - 1] ^= 0x01  // the signature BIT STRING is the certificate's last element
        let forged = try Certificate(derEncoded: der)
        guard case .invalid(let failure) = validator.validate(leaf: forged, intermediates: [], at: Date()) else {
            Issue.record("a leaf with a flipped signature bit validated")
            return
        }
        #expect(failure.message.contains("signature"), "\(failure)")
    }

    @Test("the PSS-signed CRL decodes, verifies under the root's key only, and lists the leaf as revoked")
    func revocationList() throws {
        #expect(crl.signatureAlgorithmOID == Self.rsassaPSS)
        #expect(crl.issuer == root.subject)
        #expect(crl.authorityKeyIdentifier == root.subjectKeyIdentifier)
        #expect(crl.isSigned(by: root))
        #expect(!crl.isSigned(by: leaf))
        #expect(crl.revokedCount == 1)
        #expect(crl.revocationDate(serialNumber: Self.leafSerial) != nil)

        var der = crl.derEncoded
        der[der.count - 1] ^= 0x01
        let forged = try CertificateRevocationList(derOrPEMEncoded: der)
        #expect(!forged.isSigned(by: root))
    }
}
