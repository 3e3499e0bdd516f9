/// The project's one writer of JSON strings (docs/architecture.md, Targets): every JSON text the project writes — the
/// wire JSON of the command line and the HTTP API (``PrettyJSONEncoder``), JOSE's compact JSON and JWK thumbprints,
/// CBOR's diagnostic notation — quotes its strings here.
///
/// A string is written in double quotes with `"` and `\` escaped, the five controls that have a short escape as
/// `\b`, `\f`, `\n`, `\r`, `\t`, the other controls below U+0020 as `\u00xx` with lower-case hex digits, and every
/// other character as it is, in UTF-8 (`/`, DEL and non-ASCII included). These are the escapes RFC 8259 §7 requires
/// and no others, in the forms RFC 8785 §3.2.2.2 chooses; they are also the bytes Foundation's `JSONEncoder` writes
/// with `.withoutEscapingSlashes`.
package enum JSONString {
    /// Appends `text` as a JSON string (quotes included) to `output`.
    /// - Parameters:
    ///   - text: the string.
    ///   - output: UTF-8 JSON text being written.
    package static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &output) }
    }

    /// `text` as a JSON string, quotes included.
    package static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 2)
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the UTF-8 text `utf8` as a JSON string; text with nothing to escape, the usual case, is copied at once.
    package static func append(utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        guard utf8.contains(where: needsEscape) else {
            output.append(contentsOf: utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in utf8 {
            guard needsEscape(byte) else {
                output.append(byte)
                continue
            }
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            default:
                output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether a UTF-8 byte is escaped: `"`, `\` and the controls below 0x20 (no byte of a multi-byte sequence is).
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
