/// One value of a ``JSONDocument``: its kind, and its content decoded only when asked (a string's text, a number's
/// `Double`, an object's member by name). Member names compare as Swift strings do (canonical equivalence), as the
/// keys of ``JSONValue/objectValue`` would.
public struct JSONNode: Sendable {
    let document: JSONDocument
    let index: Int

    private var entry: JSONEntry { document.entries[index] }

    /// The kind in words, for messages: `object`, `array`, `string`, `number`, `boolean` or `null` (as
    /// ``JSONValue/kindName``).
    public var kindName: String {
        switch entry.kind {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .true, .false: "boolean"
        case .null: "null"
        }
    }

    /// Whether this is an object.
    public var isObject: Bool { entry.kind == .object }
    /// Whether this is an array.
    public var isArray: Bool { entry.kind == .array }

    /// The text, escapes resolved, when this is a string.
    public var stringValue: String? {
        let entry = entry
        guard entry.kind == .string else { return nil }
        return document.withBytes { JSONEntry.string(entry, in: $0) }
    }

    /// The UTF-8 of the text, escapes resolved, when this is a string: a slice of the document's bytes when the
    /// string has no escapes (not copied).
    public var stringUTF8: ArraySlice<UInt8>? {
        let entry = entry
        guard entry.kind == .string else { return nil }
        guard entry.hasEscapes else { return document.bytes[entry.start..<entry.start + entry.length] }
        return document.withBytes {
            JSONEntry.resolved(UnsafeBufferPointer(rebasing: $0[entry.start..<entry.start + entry.length]))
        }[...]
    }

    /// Whether this is a string equal to `text` (as Swift strings compare); without decoding it when both are
    /// ASCII.
    public func isString(_ text: String) -> Bool {
        let entry = entry
        guard entry.kind == .string else { return false }
        return matches(entry, text, textIsASCII: Self.isASCII(text))
    }

    /// Whether the string row `entry` equals `text`: as bytes when the row is plain, which decides unless `text` has
    /// non-ASCII characters (a canonical equivalent of ASCII text, such as U+212A KELVIN SIGN for `K`, is not ASCII).
    private func matches(_ entry: JSONEntry, _ text: String, textIsASCII: Bool) -> Bool {
        if entry.isPlain, textIsASCII {
            guard entry.length == text.utf8.count else { return false }
            var text = text
            return text.withUTF8 { query in
                document.withBytes { bytes in
                    UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.length]).elementsEqual(query)
                }
            }
        }
        return document.withBytes { JSONEntry.string(entry, in: $0) } == text
    }

    /// The number, when this is a number (never for `true`/`false`).
    public var numberValue: Double? {
        let entry = entry
        guard entry.kind == .number else { return nil }
        return document.withBytes { JSONEntry.number(entry, in: $0) }
    }

    /// The number as an integer, when this is a number with no fractional part whose magnitude is at most 2^53 (as
    /// ``JSONValue/integerValue``).
    public var integerValue: Int64? { numberValue.flatMap { JSONValue.number($0).integerValue } }

    /// The truth value, when this is `true` or `false`.
    public var boolValue: Bool? {
        switch entry.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// Whether this is `null`.
    public var isNull: Bool { entry.kind == .null }

    /// How many members (an object) or elements (an array) this holds; 0 for other kinds.
    public var count: Int {
        let entry = entry
        return entry.kind == .object || entry.kind == .array ? entry.length : 0
    }

    /// The elements in order, when this is an array.
    public var elements: [JSONNode]? {
        let entry = entry
        guard entry.kind == .array else { return nil }
        var elements: [JSONNode] = []
        elements.reserveCapacity(entry.length)
        var element = index + 1
        for _ in 0..<entry.length {
            elements.append(JSONNode(document: document, index: element))
            element = document.entries[element].next
        }
        return elements
    }

    /// The members in document order (names are unique), when this is an object.
    public var members: [(name: JSONNode, value: JSONNode)]? {
        let entry = entry
        guard entry.kind == .object else { return nil }
        var members: [(name: JSONNode, value: JSONNode)] = []
        members.reserveCapacity(entry.length)
        var name = index + 1
        for _ in 0..<entry.length {
            members.append((JSONNode(document: document, index: name), JSONNode(document: document, index: name + 1)))
            name = document.entries[name + 1].next
        }
        return members
    }

    /// The member `name`, when this is an object that has it; nil otherwise.
    public subscript(name: String) -> JSONNode? {
        let entry = entry
        guard entry.kind == .object else { return nil }
        let nameIsASCII = Self.isASCII(name)
        let entries = document.entries
        var member = index + 1
        for _ in 0..<entry.length {
            if matches(entries[member], name, textIsASCII: nameIsASCII) {
                return JSONNode(document: document, index: member + 1)
            }
            member = entries[member + 1].next
        }
        return nil
    }

    /// The names of this object's members that are not in `known` (as Swift strings compare), in document order;
    /// `[]` when this is not an object.
    public func memberNames(notIn known: Set<String>) -> [String] {
        let entry = entry
        guard entry.kind == .object else { return [] }
        let knownIsASCII = known.allSatisfy(Self.isASCII)
        let entries = document.entries
        var unknown: [String] = []
        var member = index + 1
        for _ in 0..<entry.length {
            let name = entries[member]
            if !known.contains(where: { matches(name, $0, textIsASCII: knownIsASCII) }) {
                unknown.append(document.withBytes { JSONEntry.string(name, in: $0) })
            }
            member = entries[member + 1].next
        }
        return unknown
    }

    /// The value and its contents as a ``JSONValue``.
    public var value: JSONValue { document.withBytes { document.value(at: index, in: $0) } }

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
}
