/// The parser of every untrusted JSON document: one linear pass, no recursion (an explicit stack of open containers),
/// that checks the whole grammar of RFC 8259 and this module's rules and records each value as one ``JSONEntry`` of a
/// flat table in document order (a container's entry before its contents), pointing into the text: strings are kept as
/// byte ranges, not copied, and objects are not hashed. A document is read once, and only a well-formed one, within
/// the depth limit and free of duplicate member names, becomes a ``JSONDocument``.
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
///   Names of ASCII without escapes (nearly all) are compared as bytes, which for them is the same comparison; an
///   object of more than ``linearNameLimit`` members keeps its names in a set, so a wide object costs linear time.
/// - a number outside the range of a `Double` (`1e400`, `malformed_json`), converted here to check it and again
///   when read.
///
/// UTF-8 validity of the whole text is checked by the caller before the scan.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private let label: String
    private var index = 0
    private var entries: [JSONEntry] = []

    /// One open container: its entry and how many elements or members it holds so far.
    private struct Frame {
        var entry: Int
        var isObject: Bool
        var count: Int
    }
    private var stack: [Frame] = []
    /// The names of the open objects wider than ``linearNameLimit``, by the object's entry.
    private var wideObjectNames: [Int: Set<String>] = [:]
    /// The message and offset of the failure, without the label (for ``JSONSyntaxError``).
    private var problem: (message: String, offset: Int)?
    /// The member name found twice, when that was the failure.
    private var duplicate: String?

    /// Objects with at most this many members compare each new name with the earlier ones; wider ones use a set.
    static let linearNameLimit = 16

    /// Scans `bytes` as one JSON text.
    /// - Parameters:
    ///   - bytes: the text, already known to be valid UTF-8.
    ///   - maxDepth: the most containers open at once.
    ///   - label: what the text is, for messages (`header`).
    /// - Returns: the entries, the top value's first.
    /// - Throws: `limits_exceeded` past `maxDepth`; `malformed_json` for anything outside the grammar, a duplicate
    ///   member name, or a number outside the range of a `Double`.
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, label: String
    ) throws(JSONSyntaxError)
        -> [JSONEntry]
    {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth, label: label)
        do {
            try scanner.scanDocument()
        } catch {
            // Only now, on the way out, is the path worked out: a document that scans pays nothing for it.
            var path = scanner.openPath()
            if let duplicate = scanner.duplicate { path.append(.member(duplicate)) }
            throw JSONSyntaxError(
                error: error, message: scanner.problem?.message ?? error.reason,
                offset: scanner.problem?.offset ?? scanner.index, path: path, duplicateName: scanner.duplicate)
        }
        return scanner.entries
    }

    /// The member names and array indices from the top value down to the innermost container still open: where a
    /// failure happened (the container being read).
    private func openPath() -> [JSONPathComponent] {
        var path: [JSONPathComponent] = []
        for level in stack.indices.dropFirst() {
            let parent = stack[level - 1]
            if parent.isObject {
                // A member's name is the row just before its value's.
                path.append(.member(JSONEntry.string(entries[stack[level].entry - 1], in: bytes)))
            } else {
                // The elements before it are complete and counted; it is not yet.
                path.append(.index(parent.count))
            }
        }
        return path
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, label: String) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.label = label
        // Roughly one value per 24 bytes of typical documents; the table grows past this when needed.
        entries.reserveCapacity(bytes.count / 24 + 1)
    }

    private mutating func scanDocument() throws(JOSEError) {
        skipWhitespace()
        value: while true {
            // A value starts here.
            skipWhitespace()
            guard index < bytes.count else { throw malformed("expected a value, found the end of the input") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try open(.object)
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    close()
                } else {
                    try scanMemberName()
                    continue value
                }
            case UInt8(ascii: "["):
                try open(.array)
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    close()
                } else {
                    continue value
                }
            case UInt8(ascii: "\""):
                try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
            case UInt8(ascii: "t"):
                try scanLiteral("true", .true)
            case UInt8(ascii: "f"):
                try scanLiteral("false", .false)
            case UInt8(ascii: "n"):
                try scanLiteral("null", .null)
            default:
                throw malformed("expected a value, found \(found())")
            }

            // A value ended: count it in its container; close containers, or move on to the next element or member.
            while !stack.isEmpty {
                stack[stack.count - 1].count += 1
                skipWhitespace()
                let isObject = stack[stack.count - 1].isObject
                let closer: UInt8 = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard index < bytes.count else {
                    throw malformed(
                        "expected ',' or '\(Character(Unicode.Scalar(closer)))', found the end of the input")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject {
                        skipWhitespace()
                        try scanMemberName()
                    }
                    continue value
                }
                guard byte == closer else {
                    throw malformed("expected ',' or '\(Character(Unicode.Scalar(closer)))', found \(found())")
                }
                index += 1
                close()
            }
            break
        }
        skipWhitespace()
        guard index == bytes.count else { throw malformed("expected the end of the input, found \(found())") }
    }

    private mutating func open(_ kind: JSONEntry.Kind) throws(JOSEError) {
        guard stack.count < maxDepth else {
            problem = ("arrays and objects nested deeper than \(maxDepth)", index)
            throw JOSEError(
                .limitsExceeded,
                "\(label): arrays and objects nested deeper than \(maxDepth) at offset \(index) (limit \(maxDepth))"
            )
        }
        stack.append(Frame(entry: entries.count, isObject: kind == .object, count: 0))
        entries.append(JSONEntry(kind: kind, start: index, length: 0, next: 0))
        index += 1
    }

    /// Closes the innermost container: its entry learns its count and where its contents end.
    private mutating func close() {
        let frame = stack.removeLast()
        entries[frame.entry].length = frame.count
        entries[frame.entry].next = entries.count
        if frame.count > Self.linearNameLimit, frame.isObject { wideObjectNames[frame.entry] = nil }
    }

    /// Reads `"name"` and the `:` after it, as the next entry of the innermost object.
    private mutating func scanMemberName() throws(JOSEError) {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw malformed("expected a member name (a string), found \(found())")
        }
        try scanString()
        let frame = stack[stack.count - 1]
        // Every earlier member's value is complete by now, so the names can be walked or are in the set.
        if let duplicate = try duplicateName(entries.count - 1, in: frame) {
            self.duplicate = duplicate
            throw malformed(
                "duplicate member name \"\(duplicate)\" (RFC 8259 §4: names should be unique; refused, since one "
                    + "reader would take the first and another the last)",
                offset: start)
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw malformed("expected ':' after a member name, found \(found())")
        }
        index += 1
    }

    /// The name of entry `name` when an earlier member of the object `frame` has the same name; nil otherwise.
    private mutating func duplicateName(_ name: Int, in frame: Frame) throws(JOSEError) -> String? {
        if frame.count < Self.linearNameLimit {
            var earlier = frame.entry + 1
            for _ in 0..<frame.count {
                if JSONEntry.sameString(entries[earlier], entries[name], in: bytes) {
                    return JSONEntry.string(entries[name], in: bytes)
                }
                earlier = entries[earlier + 1].next
            }
            return nil
        }
        if frame.count == Self.linearNameLimit {
            var names = Set<String>(minimumCapacity: 2 * Self.linearNameLimit)
            var earlier = frame.entry + 1
            for _ in 0..<frame.count {
                names.insert(JSONEntry.string(entries[earlier], in: bytes))
                earlier = entries[earlier + 1].next
            }
            wideObjectNames[frame.entry] = names
        }
        let text = JSONEntry.string(entries[name], in: bytes)
        guard wideObjectNames[frame.entry, default: []].insert(text).inserted else { return text }
        return nil
    }

    /// Reads a string from its opening quote to past its closing quote, as an entry of its raw bytes.
    private mutating func scanString() throws(JOSEError) {
        index += 1
        let start = index
        var high: UInt8 = 0
        var escaped = false
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while index < bytes.count {
            // Eight bytes at a time while none is a quote, a backslash, a control character or non-ASCII.
            if let raw, index + 8 <= bytes.count,
                !Self.needsAttention(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                var entry = JSONEntry(kind: .string, start: start, length: index - start, next: entries.count + 1)
                entry.isPlain = high < 0x80 && !escaped
                entry.hasEscapes = escaped
                entries.append(entry)
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                switch JSONEntry.escape(in: bytes, at: &index) {
                case .success: continue
                case .failure(let failure): throw malformed(failure.message, offset: failure.offset)
                }
            }
            guard byte >= 0x20 else {
                throw malformed("unescaped control character 0x\(String(byte, radix: 16)) in a string")
            }
            high |= byte
            index += 1
        }
        throw malformed("unterminated string, found the end of the input")
    }

    /// Whether any of the eight bytes in `word` is `"`, `\\`, below 0x20 or above 0x7f (SWAR: a byte that is zero
    /// after the XOR, or below a bound, sets its top bit in the result; bytes after the first such may be flagged too).
    private static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let found = (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word | word
        return found & tops != 0
    }

    /// Reads a number (RFC 8259 §6): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, and checks that it is
    /// in the range of a `Double`.
    /// - Throws: `malformed_json` outside the grammar or the range of a `Double`.
    private mutating func scanNumber() throws(JOSEError) {
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
        let entry = JSONEntry(kind: .number, start: start, length: index - start, next: entries.count + 1)
        guard JSONEntry.number(entry, in: bytes) != nil else {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            throw malformed("the number \(text.prefix(40)) is outside the range of a Double", offset: start)
        }
        entries.append(entry)
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private mutating func scanLiteral(_ word: StaticString, _ kind: JSONEntry.Kind) throws(JOSEError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else { throw malformed("expected '\(word)', found \(found())") }
        entries.append(JSONEntry(kind: kind, start: index, length: expected.count, next: entries.count + 1))
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
    private func found() -> String { JSONEntry.describe(byteAt: index, in: bytes) }

    /// A `malformed_json` error naming the document and the offset (by default the cursor's); the message and
    /// offset are kept for ``JSONSyntaxError``.
    private mutating func malformed(_ message: String, offset: Int? = nil) -> JOSEError {
        problem = (message, offset ?? index)
        return JOSEError(.malformedJSON, "\(label): \(message) at offset \(offset ?? index)")
    }
}
