import Foundation
import Testing

@testable import JSONText

/// ``JSONString``: the one string escaper writes what Foundation's `JSONEncoder` writes for a string (slashes
/// unescaped), and the forms RFC 8785 §3.2.2.2 names: `\b \f \n \r \t`, other controls `\u00xx` in lower case.
@Suite("JSONString: one escaper")
struct JSONStringTests {
    static func foundation(_ text: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(text), as: UTF8.self)
    }

    @Test("every ASCII character alone and in text, and non-ASCII text, as JSONEncoder writes it")
    func asFoundation() throws {
        var texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        texts += (0..<0x80).map { "a\(UnicodeScalar(UInt8($0)))z" }
        texts += [
            "", "é€😀", "\u{2028}\u{2029}", "\u{FEFF}", "\u{7F}\u{80}\u{9F}", "CN=a\\,b",
            String(repeating: "x", count: 5000),
        ]
        for text in texts {
            #expect(JSONString.quoted(text) == (try Self.foundation(text)), "\(Array(text.unicodeScalars))")
        }
    }

    @Test("the escapes RFC 8785 §3.2.2.2 gives")
    func rfc8785Forms() {
        #expect(JSONString.quoted("\u{8}\u{C}\n\r\t") == #""\b\f\n\r\t""#)
        #expect(JSONString.quoted("\u{0}\u{1F}\u{B}") == #""\u0000\u001f\u000b""#)
        #expect(JSONString.quoted("\"\\/\u{7F}") == "\"\\\"\\\\/\u{7F}\"")
    }

    @Test("appending writes the same bytes as quoting")
    func append() {
        var bytes: [UInt8] = [0x5B]
        JSONString.append("x\"y", to: &bytes)
        #expect(bytes == Array("[\"x\\\"y\"".utf8))
    }
}
