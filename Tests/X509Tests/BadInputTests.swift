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
        var generator = SystemRandomNumberGenerator()
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

    @Test("single-byte corruptions never crash and are either rejected or parse to a certificate")
    func mutated() {
        let der = Self.valid
        for index in der.indices {
            var copy = der
            copy[index] ^= 0xff
            do {
                _ = try Certificate(derEncoded: copy)
            } catch {
                #expect(error.code == .malformedCertificate)
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
