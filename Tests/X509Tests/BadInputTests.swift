import Foundation
import TestSupport
import Testing
import X509

@Suite("Bad certificate input")
struct BadInputTests {
    static let valid: [UInt8] = {
        (try? TestPKI.root("Bad Input Root").certificate.derEncoded) ?? []
    }()

    @Test("empty input is a malformed certificate")
    func empty() {
        #expect(throws: X509Error(.malformedCertificate)) { try Certificate(derEncoded: [UInt8]()) }
    }

    @Test("every truncation of a valid certificate is rejected")
    func truncated() {
        let der = Self.valid
        #expect(der.count > 100)
        for length in 0..<der.count {
            #expect(throws: X509Error(.malformedCertificate)) { try Certificate(derEncoded: Array(der.prefix(length))) }
        }
    }

    @Test("a trailing byte after the certificate is rejected")
    func trailing() {
        #expect(throws: X509Error(.malformedCertificate)) { try Certificate(derEncoded: Self.valid + [0]) }
    }

    @Test("random bytes are rejected with a typed error")
    func random() {
        // Seeded: the same 500 inputs on every run, so a failure repeats.
        var generator = SplitMix64(seed: 0x5EED_BAD1)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 1...600, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            do {
                _ = try Certificate(derEncoded: bytes)
                Issue.record("random bytes parsed as a certificate: \(hexString(bytes))")
            } catch {
                #expect([.malformedCertificate, .inputTooLarge].contains(error.code))
            }
        }
    }

    @Test(
        "single-byte corruptions: refused or read as Python's cryptography reads them; where only we read one, so does openssl",
        .requires(.interopModules, .executable("openssl")))
    func mutated() throws {
        let der = Self.valid
        var inputs: [[UInt8]] = [der]
        for index in der.indices {
            var copy = der
            copy[index] ^= 0xff
            inputs.append(copy)
        }
        // The independent parser (Python's cryptography, a strict Rust DER parser): a certificate is read when its
        // structure, Names, validity, serial, public key and extensions all parse; it prints the fields it read
        // (the serial as minimal two's complement, as DER stores it), or null. First line: where the unmodified
        // certificate's subjectPublicKeyInfo lies.
        let script = """
            import sys, json
            from datetime import timezone
            from cryptography import x509
            from cryptography.hazmat.primitives import serialization
            lines = sys.stdin.read().split()
            original = bytes.fromhex(lines[0])
            spki = x509.load_der_x509_certificate(original).public_key().public_bytes(
                serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
            start = original.index(spki)
            out = [[start, start + len(spki)]]
            for line in lines:
                try:
                    c = x509.load_der_x509_certificate(bytes.fromhex(line))
                    before = getattr(c, 'not_valid_before_utc', None) or c.not_valid_before.replace(tzinfo=timezone.utc)
                    after = getattr(c, 'not_valid_after_utc', None) or c.not_valid_after.replace(tzinfo=timezone.utc)
                    c.extensions
                    c.public_key()
                    n = c.serial_number
                    out.append([n.to_bytes((n.bit_length() + 8) // 8, 'big', signed=True).hex(),
                                int(before.timestamp()), int(after.timestamp()),
                                c.subject.public_bytes().hex(), c.issuer.public_bytes().hex()])
                except Exception:
                    out.append(None)
            print(json.dumps(out))
            """
        let output = try Python.run(script, input: Array(inputs.map(hexString).joined(separator: "\n").utf8))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [Any])
        try #require(rows.count == inputs.count + 1)
        let spkiBounds = try #require(rows[0] as? [Int])
        let publicKeyInfo = spkiBounds[0]..<spkiBounds[1]
        #expect(rows[1] is [Any], "Python reads the unmodified certificate")
        let openssl = try #require(TestTools.executable(named: "openssl"))
        let folder = try TemporaryDirectory()
        /// Whether OpenSSL's complete parser (`d2i_X509`, through `openssl x509`) reads `bytes`.
        func opensslReads(_ bytes: [UInt8]) throws -> Bool {
            let file = try folder.write(bytes, to: "mutated.der")
            return try TestTools.run(openssl, ["x509", "-inform", "DER", "-noout", "-in", file.path]).status == 0
        }
        for (index, (input, row)) in zip(inputs, rows.dropFirst()).enumerated() {
            let place = index == 0 ? "unmodified" : "byte \(index - 1) of \(der.count)"
            let ours = Result { () throws(X509Error) in try Certificate(derEncoded: input) }
            switch (ours, row as? [Any]) {
            case (.success(let certificate), let fields?):
                #expect(hexString(certificate.serialNumber) == fields[0] as? String, "\(place)")
                #expect(Int(certificate.notBefore.timeIntervalSince1970) == fields[1] as? Int, "\(place)")
                #expect(Int(certificate.notAfter.timeIntervalSince1970) == fields[2] as? Int, "\(place)")
                #expect(hexString(certificate.subject.derEncoded) == fields[3] as? String, "\(place)")
                #expect(hexString(certificate.issuer.derEncoded) == fields[4] as? String, "\(place)")
            case (.failure(let error), nil):
                #expect(error.code == .malformedCertificate, "\(place)")
            case (.success(let certificate), nil):
                // Read here, refused by Python. Allowed where OpenSSL itself is lenient (a BER boolean, a
                // PrintableString with other characters: what real lists carry), and inside the public key, which is
                // decoded only when used (docs/architecture.md, The snapshot: never for list entries): then using it
                // fails.
                if publicKeyInfo.contains(index - 1) {
                    let keyUsable = (try? certificate.publicKey) != nil
                    let readByOpenSSL = try opensslReads(input)
                    #expect(
                        !keyUsable || readByOpenSSL,
                        "\(place): a damaged public key is read and usable, but openssl refuses the certificate")
                } else {
                    let readByOpenSSL = try opensslReads(input)
                    #expect(readByOpenSSL, "\(place): read here, refused by Python and by openssl")
                }
            case (.failure(let error), _?):
                Issue.record("\(place): refused here (\(error)), read by Python")
            }
        }
    }

    @Test("a 10 MB blob is refused as too large")
    func huge() {
        let blob = [UInt8](repeating: 0x30, count: 10 * 1024 * 1024)
        #expect(throws: X509Error(.inputTooLarge)) { try Certificate(derEncoded: blob) }
        let text = String(repeating: "A", count: 10 * 1024 * 1024)
        #expect(throws: X509Error(.inputTooLarge)) { try Certificate.certificates(pemEncoded: text) }
    }

    @Test("PEM with garbage: no block, damaged base64, garbage around a good block")
    func pemGarbage() throws {
        #expect(throws: X509Error(.malformedPEM)) { try Certificate.certificates(pemEncoded: "hello") }
        #expect(throws: X509Error(.malformedPEM)) { try Certificate.certificates(pemEncoded: "") }
        #expect(throws: X509Error(.malformedPEM)) {
            try Certificate.certificates(pemEncoded: "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n")
        }
        #expect(throws: X509Error(.malformedCertificate)) {
            try Certificate.certificates(pemEncoded: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
        }
        let good = try Certificate(derEncoded: Self.valid).pemEncoded
        #expect(try Certificate.certificates(pemEncoded: "junk before\n" + good + "junk after\n").count == 1)
        let cut = String(good.dropLast(30))
        #expect(throws: X509Error(.malformedPEM)) { try Certificate.certificates(pemEncoded: cut) }
    }
}
