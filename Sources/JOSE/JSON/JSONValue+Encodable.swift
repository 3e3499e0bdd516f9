extension JSONValue: Encodable {
    /// Encodes the value as the JSON it is: an object as a keyed container of its members, an array as an unkeyed
    /// container, a number as a `Double`, `null` as nil. The wire JSON echoes what a request carried this way
    /// (`dcqlQuery`, `clientMetadata`, transaction data, docs/cli.md).
    /// - Throws: what the encoder throws (a number that is not finite, which a decoded value never holds).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberName.self)
            for (name, value) in members { try container.encode(value, forKey: MemberName(stringValue: name)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    /// A member name of an object, as a coding key.
    private struct MemberName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
