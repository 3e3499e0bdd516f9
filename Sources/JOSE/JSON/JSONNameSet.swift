/// Member names known in advance (the members a schema defines), to find a document's other members without
/// decoding every name: a ``JSONNode`` name of ASCII without escapes is compared as bytes with the known names of its
/// length; any other is decoded and compared as Swift strings compare (canonical equivalence).
public struct JSONNameSet: Sendable, ExpressibleByArrayLiteral {
    /// The names.
    public let names: Set<String>
    /// The UTF-8 of each name, by its length.
    private let byLength: [Int: [[UInt8]]]
    /// Whether every name is ASCII: only then does a byte comparison decide for a plain name (a canonical
    /// equivalent of ASCII text, such as U+212A KELVIN SIGN for `K`, is not ASCII).
    private let isASCII: Bool

    /// A set of names.
    public init(_ names: some Sequence<String>) {
        self.names = Set(names)
        byLength = Dictionary(grouping: self.names.map { Array($0.utf8) }, by: \.count)
        isASCII = self.names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// A set of names from a literal.
    public init(arrayLiteral names: String...) { self.init(names) }

    /// Whether the string row `entry` of `bytes` is one of the names.
    func contains(_ entry: JSONEntry, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entry.isPlain, isASCII else { return names.contains(JSONEntry.string(entry, in: bytes)) }
        let raw = UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.length])
        return byLength[entry.length]?.contains { $0.elementsEqual(raw) } ?? false
    }
}
