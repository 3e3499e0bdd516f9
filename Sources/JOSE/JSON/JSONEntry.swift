/// One value of a scanned JSON text (``JSONScanner``), as a row of the flat table a ``JSONDocument`` keeps: its kind
/// and where it lies in the text. A container's row comes before its contents (for an object, each member's name
/// row then its value's rows) and says where they end, so a value and everything in it is the run of rows from its
/// own up to ``next``.
struct JSONEntry {
    /// The kinds of RFC 8259 §3, `true` and `false` apart.
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    var kind: Kind
    /// For a string: ASCII without escapes, so the raw bytes are the value and byte equality is string equality.
    var isPlain = false
    /// For a string: at least one escape (RFC 8259 §7) to resolve when the value is read.
    var hasEscapes = false
    /// Offset in the text: a string's first byte after its opening quote, a number's or literal's first byte, a
    /// container's opening bracket.
    var start: Int
    /// A string's raw bytes between the quotes, a number's or literal's bytes; a container's members or elements.
    var length: Int
    /// The row after this value and its contents.
    var next: Int

    init(kind: Kind, start: Int, length: Int, next: Int) {
        self.kind = kind
        self.start = start
        self.length = length
        self.next = next
    }

    /// The value of a string row, escapes resolved.
    static func string(_ entry: JSONEntry, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.length])
        guard entry.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: resolved(raw), as: UTF8.self)
    }

    /// The UTF-8 of a string with escapes, resolved; the scanner has checked every escape, so none fails here (one
    /// that did would become U+FFFD).
    static func resolved(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var value: [UInt8] = []
        value.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "\\") else {
                value.append(raw[index])
                index += 1
                continue
            }
            let scalar: Unicode.Scalar
            switch escape(in: raw, at: &index) {
            case .success(let decoded): scalar = decoded
            case .failure: return value + Array("\u{FFFD}".utf8)
            }
            UTF8.encode(scalar) { value.append($0) }
        }
        return value
    }

    /// Whether two string rows hold the same string, compared as Swift strings (canonical equivalence): as bytes when
    /// both are plain.
    static func sameString(_ first: JSONEntry, _ second: JSONEntry, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if first.isPlain, second.isPlain {
            return first.length == second.length
                && bytes[first.start..<first.start + first.length].elementsEqual(
                    bytes[second.start..<second.start + second.length])
        }
        return string(first, in: bytes) == string(second, in: bytes)
    }

    /// The value of a number row: the nearest `Double`, as `strtod` reads it; nil outside the range of a `Double`.
    static func number(_ entry: JSONEntry, in bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let text = String(decoding: bytes[entry.start..<entry.start + entry.length], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Why an escape sequence is refused, and at which offset.
    struct EscapeFailure: Error {
        let message: String
        let offset: Int
    }

    /// Reads one escape sequence (RFC 8259 §7) starting at its backslash, and moves `index` past it.
    /// - Returns: the character, or why the sequence is refused: an unknown escape, fewer than 4 hex digits, a lone
    ///   UTF-16 surrogate (RFC 8259 §8.2).
    static func escape(
        in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int
    ) -> Result<Unicode.Scalar, EscapeFailure> {
        let start = index
        index += 1
        guard index < bytes.count else {
            return .failure(EscapeFailure(message: "unterminated escape, found the end of the input", offset: index))
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return .success("\"")
        case UInt8(ascii: "\\"): return .success("\\")
        case UInt8(ascii: "/"): return .success("/")
        case UInt8(ascii: "b"): return .success("\u{08}")
        case UInt8(ascii: "f"): return .success("\u{0C}")
        case UInt8(ascii: "n"): return .success("\n")
        case UInt8(ascii: "r"): return .success("\r")
        case UInt8(ascii: "t"): return .success("\t")
        case UInt8(ascii: "u"):
            guard let unit = hex4(in: bytes, at: &index) else { return .failure(hexFailure(in: bytes, at: index)) }
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    return .failure(EscapeFailure(message: "lone high surrogate escape (RFC 8259 §8.2)", offset: start))
                }
                index += 2
                guard let low = hex4(in: bytes, at: &index) else {
                    return .failure(hexFailure(in: bytes, at: index))
                }
                guard (0xDC00...0xDFFF).contains(low) else {
                    return .failure(
                        EscapeFailure(
                            message: "high surrogate escape not followed by a low one (RFC 8259 §8.2)", offset: start))
                }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return .success(Unicode.Scalar(value) ?? "\u{FFFD}")
            case 0xDC00...0xDFFF:
                return .failure(EscapeFailure(message: "lone low surrogate escape (RFC 8259 §8.2)", offset: start))
            default:
                return .success(Unicode.Scalar(unit) ?? "\u{FFFD}")
            }
        default:
            index -= 1
            return .failure(
                EscapeFailure(
                    message: "unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string", offset: index))
        }
    }

    /// Four hex digits from `index` on, moving past them; nil at the first that is not one (`index` left on it).
    private static func hex4(in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt16? {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else { return nil }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private static func hexFailure(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> EscapeFailure {
        EscapeFailure(
            message: "expected 4 hex digits after '\\u', found \(describe(byteAt: index, in: bytes))", offset: index)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The byte at `index` in words, for messages: `'x'`, `byte 0x7f`, or `the end of the input`.
    static func describe(byteAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        return (0x21...0x7e).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }
}
