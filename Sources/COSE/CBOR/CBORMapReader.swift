/// Key lookup in a decoded map (RFC 8949 §3.1, major type 5), made by ``CBORReader/map()``.
///
/// Keys are text (trust-list models) or integers (COSE header labels, RFC 9052 §3.1). Values come back as
/// ``CBORReader``s whose path is `path.key`. A map's keys are unique: the decoder rejects duplicates.
public struct CBORMapReader: Sendable {
    /// The map's entries, in the order of the input.
    public let entries: [CBORNode.MapEntry]
    /// The map's path, for messages.
    public let path: String

    /// Creates a map reader over decoded entries.
    /// - Parameters:
    ///   - entries: the entries of a decoded map.
    ///   - path: the map's path for messages; empty for the top item.
    public init(entries: [CBORNode.MapEntry], path: String = "") {
        self.entries = entries
        self.path = path
    }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The value under a text key (compared by UTF-8 bytes, RFC 8949 §2), or `nil` when there is none.
    /// - Parameter key: the key.
    /// - Returns: a reader with the path `path.key`.
    public func optional(_ key: String) -> CBORReader? {
        for entry in entries {
            if case .textString(let candidate) = entry.key.content, candidate.utf8.count == key.utf8.count,
                candidate.utf8.elementsEqual(key.utf8)
            {
                return CBORReader(entry.value, parentPath: path, step: .key(key))
            }
        }
        return nil
    }

    /// The value under a text key that must be present.
    /// - Parameter key: the key.
    /// - Returns: a reader with the path `path.key`.
    /// - Throws: ``COSEError`` `unexpected_type` naming the path when the key is absent.
    public func required(_ key: String) throws -> CBORReader {
        guard let value = optional(key) else { throw missing(childPath(key)) }
        return value
    }

    /// The value under an integer key (a COSE label, RFC 9052 §3.1), or `nil` when there is none.
    /// - Parameter label: the key; negative labels match major type 1.
    /// - Returns: a reader with the path `path.label`.
    public func optional(_ label: Int64) -> CBORReader? {
        for entry in entries {
            let matches: Bool
            switch entry.key.content {
            case .unsigned(let n): matches = label >= 0 && n == UInt64(label)
            case .negative(let n): matches = label < 0 && n == UInt64(~label)
            default: matches = false
            }
            if matches { return CBORReader(entry.value, parentPath: path, step: .key(String(label))) }
        }
        return nil
    }

    /// The value under an integer key that must be present.
    /// - Parameter label: the key.
    /// - Returns: a reader with the path `path.label`.
    /// - Throws: ``COSEError`` `unexpected_type` naming the path when the key is absent.
    public func required(_ label: Int64) throws -> CBORReader {
        guard let value = optional(label) else { throw missing(childPath(String(label))) }
        return value
    }

    /// The keys that are not in `known`, in map order, for models that keep unknown keys as warnings: text keys as
    /// they are, other keys in diagnostic notation (RFC 8949 §8).
    /// - Parameter known: the text keys the model reads.
    /// - Returns: the other keys.
    public func keys(notIn known: Set<String>) -> [String] {
        entries.compactMap { entry in
            if case .textString(let key) = entry.key.content {
                return known.contains(key) ? nil : key
            }
            return entry.key.value.description
        }
    }

    func childPath(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    func missing(_ path: String) -> COSEError {
        COSEError(.unexpectedType, "\(path): expected a value, found no such key")
    }
}
