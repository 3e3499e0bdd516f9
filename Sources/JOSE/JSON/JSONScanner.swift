import X509

/// The parser of every untrusted JSON document: one linear pass, no recursion (an explicit stack of open containers),
/// that checks the whole grammar of RFC 8259 and this module's rules and builds the ``JSONValue`` as it goes, so that
/// a document is read once and only a well-formed one, within the depth limit and free of duplicate member names,
/// becomes a value.
///
/// What it refuses, each with the byte offset:
/// - more arrays and objects open at once than the limit (`limits_exceeded`), found the moment the limit is
///   passed, so `[[[[…` of any length costs at most the limit's worth of stack entries;
/// - anything outside the grammar (`malformed_json`): a missing or extra comma, a bare word, a leading zero, an
///   unescaped control character in a string, an unknown escape, a lone UTF-16 surrogate escape (RFC 8259 §8.2),
///   bytes after the top value;
/// - a member name that occurs twice in one object (`malformed_json`). Names are compared after their escapes are
///   resolved (`"a"` and `"\u0061"` are the same name), as Swift strings, so two names that are canonically
///   equivalent Unicode also count as the same: they would be one key of a Swift dictionary. RFC 7515 §5.2 lets a
///   parser either refuse duplicates or keep the last; refusing is the only choice that cannot be read two ways.
///
/// Numbers become `Double`s (the nearest one, as `strtod` reads them); one outside the range of a `Double` (`1e400`)
/// is `malformed_json`. UTF-8 validity of the whole text is checked by the caller before the scan.
struct JSONScanner {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private let label: String
    private var index = 0

    /// One open container with what it holds so far: an array's elements, or an object's members and the name
    /// whose value is being read.
    private enum Frame {
        case array([JSONValue])
        case object(members: [String: JSONValue], name: String)
    }
    private var stack: [Frame] = []

    /// Parses `bytes` as one JSON text.
    /// - Parameters:
    ///   - bytes: the text, already known to be valid UTF-8.
    ///   - maxDepth: the most containers open at once.
    ///   - label: what the text is, for messages (`header`).
    /// - Returns: the value.
    /// - Throws: `limits_exceeded` past `maxDepth`; `malformed_json` for anything outside the grammar, a duplicate
    ///   member name, or a number outside the range of a `Double`.
    static func parse(_ bytes: [UInt8], maxDepth: Int, label: String) throws(JOSEError) -> JSONValue {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth, label: label)
        return try scanner.scanDocument()
    }

    private init(bytes: [UInt8], maxDepth: Int, label: String) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.label = label
    }

    private mutating func scanDocument() throws(JOSEError) -> JSONValue {
        skipWhitespace()
        var completed: JSONValue
        value: while true {
            // A value starts here.
            skipWhitespace()
            guard index < bytes.count else { throw malformed("expected a value, found the end of the input") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try open(.object(members: [:], name: ""))
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    stack.removeLast()
                    completed = .object([:])
                } else {
                    try scanMemberName()
                    continue value
                }
            case UInt8(ascii: "["):
                try open(.array([]))
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    stack.removeLast()
                    completed = .array([])
                } else {
                    continue value
                }
            case UInt8(ascii: "\""):
                completed = .string(try scanString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                completed = .number(try scanNumber())
            case UInt8(ascii: "t"):
                try scanLiteral("true")
                completed = .bool(true)
            case UInt8(ascii: "f"):
                try scanLiteral("false")
                completed = .bool(false)
            case UInt8(ascii: "n"):
                try scanLiteral("null")
                completed = .null
            default:
                throw malformed("expected a value, found \(found())")
            }

            // A value ended: add it to its container; close containers, or move on to the next element or member.
            while !stack.isEmpty {
                add(completed)
                skipWhitespace()
                let top = stack[stack.count - 1]
                guard index < bytes.count else {
                    throw malformed("expected ',' or '\(closer(top))', found the end of the input")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if case .object = top {
                        skipWhitespace()
                        try scanMemberName()
                    }
                    continue value
                }
                guard byte == UInt8(ascii: closer(top)) else {
                    throw malformed("expected ',' or '\(closer(top))', found \(found())")
                }
                index += 1
                switch stack.removeLast() {
                case .array(let elements): completed = .array(elements)
                case .object(let members, _): completed = .object(members)
                }
            }
            break
        }
        skipWhitespace()
        guard index == bytes.count else { throw malformed("expected the end of the input, found \(found())") }
        return completed
    }

    /// Adds a completed value to the innermost container: as an element, or as the value of the name just read.
    private mutating func add(_ value: JSONValue) {
        // Taken out of the stack while changed, so that the container's storage is not copied.
        switch stack.removeLast() {
        case .array(var elements):
            elements.append(value)
            stack.append(.array(elements))
        case .object(var members, let name):
            members[name] = value
            stack.append(.object(members: members, name: name))
        }
    }

    private func closer(_ frame: Frame) -> Unicode.Scalar {
        if case .array = frame { return "]" }
        return "}"
    }

    private mutating func open(_ frame: Frame) throws(JOSEError) {
        guard stack.count < maxDepth else {
            throw JOSEError(
                .limitsExceeded,
                "\(label): arrays and objects nested deeper than \(maxDepth) at offset \(index) (limit \(maxDepth))"
            )
        }
        stack.append(frame)
        index += 1
    }

    /// Reads `"name"` and the `:` after it, and makes it the innermost object's name being read.
    private mutating func scanMemberName() throws(JOSEError) {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw malformed("expected a member name (a string), found \(found())")
        }
        let name = try scanString()
        guard case .object(let members, _) = stack.removeLast() else {
            preconditionFailure("member name outside an object")
        }
        // Every earlier member's value is complete by now, so the names seen are the dictionary's keys.
        guard members[name] == nil else {
            throw malformed(
                "duplicate member name \"\(name)\" (RFC 8259 §4: names should be unique; refused, since one reader "
                    + "would take the first and another the last)",
                offset: start)
        }
        stack.append(.object(members: members, name: name))
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw malformed("expected ':' after a member name, found \(found())")
        }
        index += 1
    }

    /// Reads a string from its opening quote to past its closing quote.
    /// - Returns: the value with escapes resolved.
    private mutating func scanString() throws(JOSEError) -> String {
        index += 1
        let start = index
        // The common case, a run without escapes, is decoded straight from the input.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<index - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else {
                throw malformed("unescaped control character 0x\(String(byte, radix: 16)) in a string")
            }
            index += 1
        }
        var value = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let scalar = try scanEscape()
                UTF8.encode(scalar) { value.append($0) }
            case 0x00..<0x20:
                throw malformed("unescaped control character 0x\(String(byte, radix: 16)) in a string")
            default:
                value.append(byte)
                index += 1
            }
        }
        throw malformed("unterminated string, found the end of the input")
    }

    /// Reads one escape sequence (RFC 8259 §7), starting at its backslash.
    private mutating func scanEscape() throws(JOSEError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw malformed("unterminated escape, found the end of the input") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try scanHex4()
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw malformed("lone high surrogate escape (RFC 8259 §8.2)", offset: start) }
                index += 2
                let low = try scanHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw malformed("high surrogate escape not followed by a low one (RFC 8259 §8.2)", offset: start)
                }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return Unicode.Scalar(value)!
            case 0xDC00...0xDFFF:
                throw malformed("lone low surrogate escape (RFC 8259 §8.2)", offset: start)
            default:
                return Unicode.Scalar(unit)!
            }
        default:
            index -= 1
            throw malformed("unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
        }
    }

    private mutating func scanHex4() throws(JOSEError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                throw malformed("expected 4 hex digits after '\\u', found \(found())")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads a number (RFC 8259 §6): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    /// - Returns: the nearest `Double`.
    /// - Throws: `malformed_json` outside the grammar or the range of a `Double`.
    private mutating func scanNumber() throws(JOSEError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw malformed("expected a digit in a number, found \(found())")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw malformed("expected a digit after '.' in a number, found \(found())")
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw malformed("expected a digit in a number's exponent, found \(found())")
            }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw malformed("the number \(text.prefix(40)) is outside the range of a Double", offset: start)
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private mutating func scanLiteral(_ word: String) throws(JOSEError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else { throw malformed("expected '\(word)', found \(found())") }
        index += expected.count
    }

    /// Skips the four whitespace characters of RFC 8259 §2: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The byte at the cursor, in words.
    private func found() -> String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        return (0x21...0x7e).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    /// A `malformed_json` error naming the document and the offset (by default the cursor's).
    private func malformed(_ message: String, offset: Int? = nil) -> JOSEError {
        JOSEError(.malformedJSON, "\(label): \(message) at offset \(offset ?? index)")
    }
}
