import Foundation
import JOSE
import TestSupport
import Testing

/// Base64 (RFC 4648 §4) and base64url (RFC 4648 §5, RFC 7515 §2) against the RFC's vectors, Foundation, and the
/// canonical-form refusals.
@Suite("Base64 and base64url")
struct Base64Tests {
    /// RFC 4648 §10: the test vectors, for base64 with padding.
    static let rfc4648: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ]

    @Test("RFC 4648 §10 vectors encode and decode as standard base64")
    func standardVectors() throws {
        for (plain, encoded) in Self.rfc4648 {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64.decode(encoded) == Array(plain.utf8))
        }
    }

    @Test("RFC 4648 §10 vectors encode and decode as base64url without padding (RFC 7515 §2)")
    func urlVectors() throws {
        for (plain, encoded) in Self.rfc4648 {
            let unpadded = encoded.replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(Array(plain.utf8)) == unpadded)
            #expect(try Base64URL.decode(unpadded) == Array(plain.utf8))
        }
    }

    @Test("the two alphabets differ in exactly 62 and 63: bytes fb ff encode as +/8 and -_8")
    func alphabetDifference() throws {
        #expect(Base64.encode([0xfb, 0xff]) == "+/8=")
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(try Base64URL.decode("-_8") == [0xfb, 0xff])
        #expect(try Base64.decode("+/8=") == [0xfb, 0xff])
    }

    @Test("seeded random bytes agree with Foundation's encoder and round-trip")
    func agreesWithFoundation() throws {
        var generator = SplitMix64(seed: 4648)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let standard = Data(bytes).base64EncodedString()
            #expect(Base64.encode(bytes) == standard)
            #expect(Base64URL.encode(bytes) == foundationBase64URLEncode(bytes))
            #expect(try Base64.decode(standard) == bytes)
            #expect(try Base64URL.decode(foundationBase64URLEncode(bytes)) == bytes)
        }
    }

    @Test(
        "base64url refuses padding, the standard alphabet, whitespace, length 1 mod 4 and non-zero trailing bits",
        arguments: [
            "Zg==", "Zm8=", "Zg=", "+/8", "/w", "Zm9v Yg", "Zm9v\nYg", " Zg", "Zg\t", "Z", "Zm9vY", "Zh", "Zm9", "Zm+",
            "Zm9vYh", "Z%", "Zé",
        ])
    func urlRefusals(text: String) {
        let error = joseError { try Base64URL.decode(text, path: "segment") }
        #expect(error?.code == .malformedJWS)
        #expect(error?.reason.hasPrefix("segment: expected base64url") == true)
    }

    @Test(
        "standard base64 refuses missing or misplaced padding, base64url, whitespace and non-zero trailing bits",
        arguments: [
            "Zg", "Zg=", "Zm8", "Zg===", "Z===", "=Zg=", "Zm=v", "Zh==", "Zm9=", "-_8=", "Zm9v\nYg==", "Zm9v Zg==",
            "Zm9vYmFy====", "Zg==Zg==",
        ])
    func standardRefusals(text: String) {
        let error = joseError { try Base64.decode(text, path: "entry") }
        #expect(error?.code == .malformedX5C)
        #expect(error?.reason.hasPrefix("entry: expected standard base64") == true)
    }

    @Test("the messages say what was found")
    func messages() {
        #expect(joseError { try Base64URL.decode("Zg==") }?.reason.contains("padding '=' at offset 2") == true)
        #expect(
            joseError { try Base64URL.decode("a+b") }?.reason.contains("'+' at offset 1 belongs to standard") == true)
        #expect(joseError { try Base64URL.decode("Zh") }?.reason.contains("non-zero bits") == true)
        #expect(joseError { try Base64URL.decode("abcde") }?.reason.contains("1 mod 4") == true)
        #expect(joseError { try Base64.decode("-_8=") }?.reason.contains("belongs to base64url") == true)
        #expect(joseError { try Base64URL.decode("a b") }?.reason.contains("byte 0x20 at offset 1") == true)
    }

    @Test("the code a refusal is reported under is the caller's")
    func callerCode() {
        #expect(joseError { try Base64URL.decode("Zg==", code: .malformedX5C) }?.code == .malformedX5C)
    }
}
