internal import JSONText

extension CBOR: CustomStringConvertible {
    /// The item in CBOR diagnostic notation (RFC 8949 §8), e.g. `{"a": 1, "b": [2, 3]}`, `h'0102'`, `0("2013-…")`.
    ///
    /// Meant for people (test failures, logs); it is not a parser input format here.
    public var description: String {
        var out = ""
        writeDiagnostic(to: &out)
        return out
    }

    private func writeDiagnostic(to out: inout String) {
        switch self {
        case .unsigned(let n):
            out += String(n)
        case .negative(let n):
            // -1 - n, printed without overflow for n = 2^64-1.
            out += n == UInt64.max ? "-18446744073709551616" : "-" + String(n + 1)
        case .byteString(let bytes):
            out += "h'" + CBOR.hex(bytes) + "'"
        case .textString(let text):
            out += CBOR.quoted(text)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.writeDiagnostic(to: &out)
            }
            out += "]"
        case .map(let entries):
            out += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { out += ", " }
                entry.key.writeDiagnostic(to: &out)
                out += ": "
                entry.value.writeDiagnostic(to: &out)
            }
            out += "}"
        case .tagged(let tag, let content):
            out += String(tag) + "("
            content.writeDiagnostic(to: &out)
            out += ")"
        case .simple(let value):
            out += "simple(\(value))"
        case .boolean(let value):
            out += value ? "true" : "false"
        case .null:
            out += "null"
        case .undefined:
            out += "undefined"
        case .float(let value):
            if value.isNaN {
                out += "NaN"
            } else if value.isInfinite {
                out += value < 0 ? "-Infinity" : "Infinity"
            } else {
                out += String(value)
            }
        }
    }

    /// Lower-case hex of `bytes`, two digits a byte.
    static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var out = ""
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return out
    }

    /// `text` in double quotes, escaped as JSON escapes it (RFC 8949 §8 writes text strings as JSON does), by the
    /// project's one JSON string writer (`JSONString`).
    static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
