import Foundation
import TestSupport
import Testing
import X509

/// The real roots and signers of the real-fixture folder (``RealFixtures``), checked against the facts in its README
/// and what `openssl x509 -text` and Python's `cryptography` print for the same files.
@Suite("Real certificates", .requires(.realFixtures))
struct RealCertificateTests {
    /// The DER certificates embedded in a signed list, in file order, found without a CBOR decoder (this target
    /// tests X509 alone): every `30 82 hh ll` that parses as a certificate. x5chain precedes the payload in a
    /// COSE_Sign1 array, so x5chain[0] comes first.
    static func embeddedCertificates(_ file: String) throws -> [Certificate] {
        let bytes = try RealFixtures.bytes(file)
        var found: [Certificate] = []
        var index = 0
        while index + 4 < bytes.count {
            if bytes[index] == 0x30, bytes[index + 1] == 0x82 {
                let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                if index + 4 + length <= bytes.count,
                    let certificate = try? Certificate(derEncoded: bytes[index..<(index + 4 + length)])
                {
                    found.append(certificate)
                    index += 4 + length
                    continue
                }
            }
            index += 1
        }
        return found
    }

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    @Test(
        "roots have the subjects and SHA-256 pins of the fixture README",
        arguments: [
            (
                "aamva_dts_root_ca.pem", "AAMVA DTS Root CA",
                "3b545614be42ef018b1c1050ebce9b96fa33ecec0c7115b8e70664c6454c5104"
            ),
            (
                "aamva_dts_issuing_ca.pem", "AAMVA DTS Issuing CA",
                "fbb754e3a8579fabf8f5e2678bd9cf25d77e972d9c57e8ce581ae08fcedb2031"
            ),
            (
                "austroads_dts_root_ca.pem", "Austroads Pre-production DTS Root CA",
                "d1e9a628a3cb8eea06af181bd4f59e7a06ff9e9f82a38f4c0f4b2a9bdeb42419"
            ),
            (
                "nzta_rical_root_ca.pem", "NZTA Rical Test Root CA",
                "eb4593f3f42f9e269b566d2d7536d19bb9ae8d96e71dd4cec3a2e9953b417c86"
            ),
        ])
    func rootFacts(file: String, commonName: String, pin: String) throws {
        let root = try Certificate(pemEncoded: try RealFixtures.text(file))
        #expect(root.subject.commonName == commonName)
        #expect(root.sha256Hex == pin)
    }

    @Test("the AAMVA root's fields match openssl x509 -text")
    func aamvaRootFields() throws {
        let root = try Certificate(pemEncoded: try RealFixtures.text("aamva_dts_root_ca.pem"))
        #expect(
            root.subject.rfc4514
                == "CN=AAMVA DTS Root CA,OU=Certification Authorities,O=American Association of Motor Vehicle Administrators,C=US"
        )
        #expect(root.subject == root.issuer)
        #expect(root.subject.country == "US")
        #expect(hexString(root.serialNumber) == "6d88380691c91f31c98dbbf1be1ccdf7")
        #expect(root.notBefore == Self.date("2023-03-31T16:17:59Z"))
        #expect(root.notAfter == Self.date("2043-03-31T16:47:59Z"))
        #expect(root.basicConstraints?.isCA == true)
        #expect(try root.publicKey.algorithm == .ecP256)
    }

    @Test("the AAMVA signer carries the VICAL signer EKU, critical, and key usage nonRepudiation only")
    func aamvaSignerProfile() throws {
        let signer = try #require(try Self.embeddedCertificates("aamva_vical_2024-09-24.cbor").first)
        #expect(signer.subject.commonName == "AAMVA Prod Vical-Signer-01")
        #expect(signer.issuer.commonName == "AAMVA DTS Issuing CA")
        #expect(signer.sha256Hex == "c3df413351d70c6bd882c8630b8e5f136819ee60e4b4c2f7db5ff91b99fa0af3")
        #expect(hexString(signer.serialNumber) == "008abfd40cfb040ee8b2682eadb3804c02")
        #expect(signer.notBefore == Self.date("2023-04-18T17:08:41Z"))
        #expect(signer.notAfter == Self.date("2026-04-18T17:38:41Z"))
        #expect(signer.extendedKeyUsage == [OID.vicalSignerEKU])
        #expect(signer.hasExtendedKeyUsage(OID.vicalSignerEKU))
        #expect(signer.extensions.criticalOIDs.contains(OID.extendedKeyUsage))
        #expect(signer.keyUsage == [.nonRepudiation])
        #expect(signer.subjectKeyIdentifier.map(hexString) == "00a6cd62791b0e5b5531f12995fdd1633c5621a6")
        #expect(signer.authorityKeyIdentifier.map(hexString) == "b69bfdb7a36c58dd3375dbd59c79e26913912788")
    }

    @Test(
        "every VICAL signer carries EKU 1.0.18013.5.1.8 and nonRepudiation only; the RICAL signer no EKU",
        arguments: [
            ("aamva_vical_2025-11-18.cbor", true), ("austroads_vical_2024-09-19.cbor", true),
            ("rdw_test_vical_2025-02-25.vical", true), ("nzta_rical_2025-11-13.rical", false),
        ])
    func signerProfiles(file: String, isVICAL: Bool) throws {
        let signer = try #require(try Self.embeddedCertificates(file).first)
        #expect(signer.keyUsage == [.nonRepudiation])
        #expect(signer.hasExtendedKeyUsage(OID.vicalSignerEKU) == isVICAL)
        if !isVICAL { #expect(signer.extendedKeyUsage == nil) }
    }

    @Test("the AAMVA signer validates to the AAMVA root through the issuing CA on 2024-09-24")
    func aamvaChainValidates() throws {
        let chain = try Self.embeddedCertificates("aamva_vical_2024-09-24.cbor")
        let root = try Certificate(pemEncoded: try RealFixtures.text("aamva_dts_root_ca.pem"))
        let issuing = try Certificate(pemEncoded: try RealFixtures.text("aamva_dts_issuing_ca.pem"))
        let validator = ChainValidator(anchors: [root])
        let result = validator.validate(leaf: chain[0], intermediates: [issuing], at: Self.date("2024-09-24T18:00:00Z"))
        guard case .valid(let validated) = result else {
            Issue.record("expected a valid chain, got \(result)")
            return
        }
        #expect(
            validated.certificates.map(\.subject.commonName) == [
                "AAMVA Prod Vical-Signer-01", "AAMVA DTS Issuing CA", "AAMVA DTS Root CA",
            ])
        #expect(validated.anchor.sha256Hex == "3b545614be42ef018b1c1050ebce9b96fa33ecec0c7115b8e70664c6454c5104")
    }

    @Test("the AAMVA signer fails as expired on 2026-11-29")
    func aamvaChainExpired() throws {
        let chain = try Self.embeddedCertificates("aamva_vical_2024-09-24.cbor")
        let root = try Certificate(pemEncoded: try RealFixtures.text("aamva_dts_root_ca.pem"))
        let result = ChainValidator(anchors: [root])
            .validate(leaf: chain[0], intermediates: Array(chain.dropFirst()), at: Self.date("2026-11-29T00:00:00Z"))
        guard case .invalid(let failure) = result else {
            Issue.record("expected failure, got \(result)")
            return
        }
        #expect(failure.kind == .expired)
        #expect(failure.depth == 0)
        #expect(failure.certificate?.subject.commonName == "AAMVA Prod Vical-Signer-01")
    }

    @Test("the AAMVA signer fails against the Austroads root")
    func aamvaChainOtherRoot() throws {
        let chain = try Self.embeddedCertificates("aamva_vical_2024-09-24.cbor")
        let austroads = try Certificate(pemEncoded: try RealFixtures.text("austroads_dts_root_ca.pem"))
        let result = ChainValidator(anchors: [austroads])
            .validate(leaf: chain[0], intermediates: Array(chain.dropFirst()), at: Self.date("2024-09-24T18:00:00Z"))
        guard case .invalid(let failure) = result else {
            Issue.record("expected failure, got \(result)")
            return
        }
        // X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY (20) or SELF_SIGNED_CERT_IN_CHAIN (19): the shipped root is
        // not the anchor.
        #expect([19, 20].contains(failure.openSSLCode), "\(failure)")
        #expect(failure.kind == .other)
    }

    @Test("Austroads and NZTA signers validate to their roots at their lists' dates")
    func otherChains() throws {
        for (file, root, date) in [
            ("austroads_vical_2024-09-19.cbor", "austroads_dts_root_ca.pem", "2024-09-19T23:19:59Z"),
            ("nzta_rical_2025-11-13.rical", "nzta_rical_root_ca.pem", "2025-11-13T10:09:13Z"),
        ] {
            let signer = try #require(try Self.embeddedCertificates(file).first)
            let anchor = try Certificate(pemEncoded: try RealFixtures.text(root))
            let result = ChainValidator(anchors: [anchor]).validate(
                leaf: signer, intermediates: [], at: Self.date(date))
            guard case .valid(let chain) = result else {
                Issue.record("\(file): \(result)")
                continue
            }
            #expect(chain.anchor == anchor)
        }
    }

    /// The Austroads list's entry certificates (without its signer).
    static var austroadsEntries: [Certificate] {
        ((try? embeddedCertificates("austroads_vical_2024-09-19.cbor")) ?? []).dropFirst().map { $0 }
    }

    @Test(
        "certificate fields agree with Python's cryptography on every fixture certificate", .requires(.interopModules))
    func agreesWithPython() throws {
        var all: [Certificate] = []
        for file in ["aamva_vical_2025-11-18.cbor", "austroads_vical_2024-09-19.cbor", "nzta_rical_2025-11-13.rical"] {
            all += try Self.embeddedCertificates(file)
        }
        let script = """
            import sys, json
            from datetime import timezone
            from cryptography import x509
            out = []
            for line in sys.stdin.read().split():
                c = x509.load_der_x509_certificate(bytes.fromhex(line))
                try:
                    c.extensions
                except ValueError:  # not strict DER (e.g. an encoded BasicConstraints ca=FALSE): Python refuses
                    out.append(None)
                    continue
                try:
                    ski = c.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest.hex()
                except x509.ExtensionNotFound:
                    ski = None
                # not_valid_*_utc from cryptography 42; Debian 12 has 38, whose not_valid_* are naive UTC.
                before = getattr(c, 'not_valid_before_utc', None) or c.not_valid_before.replace(tzinfo=timezone.utc)
                after = getattr(c, 'not_valid_after_utc', None) or c.not_valid_after.replace(tzinfo=timezone.utc)
                out.append([format(c.serial_number, 'x'), int(before.timestamp()), int(after.timestamp()), ski])
            print(json.dumps(out))
            """
        let input = all.map { hexString($0.derEncoded) }.joined(separator: "\n")
        let output = try Python.run(script, input: Array(input.utf8))
        // Every certificate of the three files (fixture README: x5chain 3 + 14 entries, 1 + 35, 1 + 16) is found by
        // the scan, and Python refuses the extensions of exactly one: the Austroads entry that encodes
        // BasicConstraints cA=FALSE (BER, not DER), the one certificate compared by OpenSSL alone.
        #expect(all.count == 70)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [Any])
        #expect(rows.count == all.count)
        let compared = zip(all, rows).compactMap { certificate, row in (row as? [Any]).map { (certificate, $0) } }
        #expect(compared.count == all.count - 1)
        let refused = zip(all, rows).filter { $0.1 is NSNull }.map(\.0)
        #expect(refused.count == 1 && refused.first.map { Self.austroadsEntries.contains($0) } == true)
        for (certificate, row) in compared {
            let serial = String(hexString(certificate.serialNumber).drop { $0 == "0" })
            #expect(serial == row[0] as? String)
            #expect(certificate.notBefore.timeIntervalSince1970 == (row[1] as? Double ?? Double(row[1] as? Int ?? -1)))
            #expect(certificate.notAfter.timeIntervalSince1970 == (row[2] as? Double ?? Double(row[2] as? Int ?? -1)))
            #expect(certificate.subjectKeyIdentifier.map(hexString) == row[3] as? String)
        }
    }
}
