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
        var text = text
        return text.withUTF8 { query in
            document.withBytes { Self.matches(entry, query, Self.isASCII(query), in: $0) }
        }
    }

    /// Whether the string row `entry` equals the UTF-8 text `query`: as bytes when the row is plain, which decides
    /// unless `query` has non-ASCII characters (a canonical equivalent of ASCII text, such as U+212A KELVIN SIGN for
    /// `K`, is not ASCII); otherwise as Swift strings.
    private static func matches(
        _ entry: JSONEntry, _ query: UnsafeBufferPointer<UInt8>, _ queryIsASCII: Bool,
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if entry.isPlain, queryIsASCII {
            return entry.length == query.count
                && UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.length]).elementsEqual(query)
        }
        return JSONEntry.string(entry, in: bytes) == String(decoding: query, as: UTF8.self)
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
        var name = name
        let member = name.withUTF8 { query in
            document.withBytes { bytes -> Int? in
                let queryIsASCII = Self.isASCII(query)
                let entries = document.entries
                var member = index + 1
                for _ in 0..<entry.length {
                    if Self.matches(entries[member], query, queryIsASCII, in: bytes) { return member + 1 }
                    member = entries[member + 1].next
                }
                return nil
            }
        }
        return member.map { JSONNode(document: document, index: $0) }
    }

    /// The names of this object's members that are not in `known`, in document order; `[]` when this is not an
    /// object.
    public func memberNames(notIn known: JSONNameSet) -> [String] {
        let entry = entry
        guard entry.kind == .object else { return [] }
        return document.withBytes { bytes in
            let entries = document.entries
            var unknown: [String] = []
            var member = index + 1
            for _ in 0..<entry.length {
                if !known.contains(entries[member], in: bytes) {
                    unknown.append(JSONEntry.string(entries[member], in: bytes))
                }
                member = entries[member + 1].next
            }
            return unknown
        }
    }

    /// The value and its contents as a ``JSONValue``.
    public var value: JSONValue { document.withBytes { document.value(at: index, in: $0) } }

    private static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool { text.allSatisfy { $0 < 0x80 } }
}
