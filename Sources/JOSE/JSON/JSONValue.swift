/// A JSON value (RFC 8259 §3) as this module reads and writes them: the six kinds, with every number held as a
/// `Double` (RFC 8259 §6 notes that interoperable numbers are those IEEE 754 binary64 holds exactly).
///
/// Objects are dictionaries: member order is not kept, and a decoded object never had duplicate member names (the
/// decoder refuses them, RFC 7515 §5.2). Build values with literals: `["alg": "ES256", "x5c": ["MIIB…"]]`.
public enum JSONValue: Sendable, Hashable {
    /// An object (RFC 8259 §4): member names to values.
    case object([String: JSONValue])
    /// An array (RFC 8259 §5).
    case array([JSONValue])
    /// A string (RFC 8259 §7), escapes resolved.
    case string(String)
    /// A number (RFC 8259 §6), always finite.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, when this is a number (never for `true`/`false`).
    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The number as an integer, when this is a number with no fractional part whose magnitude is at most 2^53
    /// (the integers a `Double` holds exactly, RFC 7493 §2.2).
    public var integerValue: Int64? {
        guard case .number(let number) = self, number.rounded(.towardZero) == number,
            abs(number) <= 9_007_199_254_740_992
        else { return nil }
        return Int64(number)
    }

    /// The truth value, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The member `name`, when this is an object that has it; nil otherwise.
    public subscript(name: String) -> JSONValue? {
        objectValue?[name]
    }

    /// The kind in words, for messages: `object`, `array`, `string`, `number`, `boolean` or `null`.
    public var kindName: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number from an integer literal.
    public init(integerLiteral value: Int64) { self = .number(Double(value)) }
    /// A number from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `true` or `false` from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object from a literal; where a name repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}
