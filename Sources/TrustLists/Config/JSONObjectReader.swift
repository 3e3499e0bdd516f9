import Foundation
import JOSE
import X509

/// Strict reading of one JSON object of the configuration (a ``JSONValue`` of the JOSE module's reader, which has
/// already refused duplicate member names, trailing commas and anything else outside RFC 8259): every key must be
/// known, every value of the expected type, and every error names its JSON path.
struct JSONObjectReader {
    let object: [String: JSONValue]
    let path: String
    let file: String

    init(_ value: JSONValue, path: String, file: String) throws(ConfigurationError) {
        guard case .object(let object) = value else {
            throw ConfigurationError(file: file, path: path, message: "expected an object, found \(value.described)")
        }
        self.object = object
        self.path = path
        self.file = file
    }

    /// Rejects keys outside `known`, naming the first one (sorted) and the closest allowed key when one is close
    /// (``Spelling``), else every key allowed.
    func requireOnly(_ known: Set<String>) throws(ConfigurationError) {
        guard let unknown = object.keys.filter({ !known.contains($0) }).sorted().first else { return }
        if let closest = Spelling.closest(to: unknown, among: known.sorted()) {
            throw error(at: unknown, "unknown key; did you mean \(closest)?")
        }
        throw error(at: unknown, "unknown key; allowed here: \(known.sorted().joined(separator: ", "))")
    }

    func error(at key: String?, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, path: key.map(child) ?? path, message: message)
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func string(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else {
            throw error(at: key, "expected a string, found \(value.described)")
        }
        return text
    }

    func requiredString(_ key: String) throws(ConfigurationError) -> String {
        guard let text = try string(key) else { throw error(at: key, "missing (required)") }
        guard !text.isEmpty else { throw error(at: key, "must not be empty") }
        return text
    }

    func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let bool) = value else {
            throw error(at: key, "expected true or false, found \(value.described)")
        }
        return bool
    }

    /// A number within `range`.
    func number(_ key: String, in range: ClosedRange<Double>) throws(ConfigurationError) -> Double? {
        guard let value = object[key] else { return nil }
        guard case .number(let number) = value else {
            throw error(at: key, "expected a number, found \(value.described)")
        }
        guard range.contains(number) else {
            throw error(
                at: key,
                "must be between \(Self.text(range.lowerBound)) and \(Self.text(range.upperBound)), is \(Self.text(number))"
            )
        }
        return number
    }

    /// A whole number within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let double = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard double == double.rounded() else { throw error(at: key, "expected a whole number, is \(double)") }
        return Int(double)
    }

    /// A non-empty array of SHA-256 digests, each 64 hex digits; nil when the key is absent.
    /// - Parameter what: what was hashed, for the message (`the root's DER`).
    func sha256Digests(_ key: String, of what: String) throws(ConfigurationError) -> [[UInt8]]? {
        guard let entries = try array(key) else { return nil }
        guard !entries.isEmpty else { throw error(at: key, "must name at least one SHA-256 of \(what)") }
        var digests: [[UInt8]] = []
        for (entry, path) in entries {
            guard case .string(let text) = entry, text.count == 64, let digest = bytes(fromHex: text) else {
                var found = entry.described
                if case .string(let text) = entry {
                    found = "\"\(text.count > 80 ? text.prefix(77) + "..." : text)\" (\(text.count) characters)"
                }
                throw ConfigurationError(
                    file: file, path: path, message: "expected 64 hex digits (SHA-256 of \(what)), found \(found)")
            }
            digests.append(digest)
        }
        return digests
    }

    func object(_ key: String) throws(ConfigurationError) -> JSONObjectReader? {
        guard let value = object[key] else { return nil }
        return try JSONObjectReader(value, path: child(key), file: file)
    }

    func array(_ key: String) throws(ConfigurationError) -> [(value: JSONValue, path: String)]? {
        guard let value = object[key] else { return nil }
        guard case .array(let array) = value else {
            throw error(at: key, "expected an array, found \(value.described)")
        }
        return array.enumerated().map { ($0.element, "\(child(key))[\($0.offset)]") }
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension JSONValue {
    /// The kind with its article, for messages: `an object`, `a string`, `null`.
    var described: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
