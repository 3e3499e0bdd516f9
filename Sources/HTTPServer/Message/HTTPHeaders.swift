/// The header fields of a request or response, in order, with case-insensitive names (RFC 9110 §5.1).
///
/// Field lines keep the order and the spelling they were added with. Lookup by name combines repeated field
/// lines with ", " as RFC 9110 §5.3 allows for list-based fields.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field line.
    public struct Field: Sendable, Equatable {
        /// The field name as spelled when added.
        public var name: String
        /// The field value, without leading or trailing whitespace.
        public var value: String

        /// Creates a field line.
        /// - Parameters:
        ///   - name: the field name (a token, RFC 9110 §5.1).
        ///   - value: the field value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The field lines in order.
    public private(set) var fields: [Field]

    /// Creates headers from field lines in order.
    /// - Parameter fields: the field lines.
    public init(_ fields: [Field] = []) { self.fields = fields }

    /// Creates headers from `name: value` pairs in order.
    /// - Parameter elements: the pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The value of field `name` (any case): repeated lines joined with ", " (RFC 9110 §5.3), or nil when absent.
    /// Setting replaces every line of that name with one line at the position of the first, or removes them all
    /// for nil.
    public subscript(name: String) -> String? {
        get {
            // One pass; a list is built only for a field given on several lines (rare).
            var found: String?
            var joined: String?
            for field in fields where Self.sameName(field.name, name) {
                if found == nil {
                    found = field.value
                } else {
                    joined = (joined ?? found!) + ", " + field.value
                }
            }
            return joined ?? found
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            if let first = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
                fields[first].value = newValue
                var index = fields.index(after: first)
                while index < fields.endIndex {
                    if Self.sameName(fields[index].name, name) {
                        fields.remove(at: index)
                    } else {
                        index = fields.index(after: index)
                    }
                }
            } else {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// The values of every line of field `name` (any case), in order.
    /// - Parameter name: the field name.
    /// - Returns: the values, empty when the field is absent.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether a line of field `name` (any case) is present.
    /// - Parameter name: the field name.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Appends a field line, keeping lines of the same name already there.
    /// - Parameters:
    ///   - name: the field name.
    ///   - value: the field value.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every line of field `name` (any case).
    /// - Parameter name: the field name.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// The number of field lines.
    public var count: Int { fields.count }

    /// Iterates over the field lines in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Equal when the field lines are equal in order, names compared case-insensitively.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { sameName($0.name, $1.name) && $0.value == $1.value }
    }

    /// Field names are ASCII tokens, compared without regard to ASCII case (RFC 9110 §5.1).
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs
        var right = rhs
        // Native strings are contiguous UTF-8; comparing the buffers avoids an iterator per byte (this runs for
        // every field of every request).
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                guard leftBytes.count == rightBytes.count else { return false }
                for index in 0..<leftBytes.count where asciiLower(leftBytes[index]) != asciiLower(rightBytes[index]) {
                    return false
                }
                return true
            }
        }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
