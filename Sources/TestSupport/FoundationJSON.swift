import Foundation

/// The reference the project's JSON writer is tested against: the bytes Foundation's `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, with a newline after, dates as `dateText` makes them,
/// and a member encoded with `encodeIfPresent(nil)` written as `null` (the one rule the wire adds: `JSONEncoder`
/// would leave it out). Every byte is Foundation's; the only thing changed is which call reaches it for a nil member.
public enum FoundationJSON {
    /// `value` as `JSONEncoder` writes it, nil members as `null` (or, with `nilAsNull` false, left out: `JSONEncoder`
    /// as it is).
    /// - Throws: what `JSONEncoder` throws.
    public static func render(
        _ value: some Encodable, dateText: @escaping @Sendable (Date) -> String = { "\($0)" }, nilAsNull: Bool = true
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(dateText(date))
        }
        let data = nilAsNull ? try encoder.encode(NullKeeping(value)) : try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A value whose nil members reach the encoder as `encodeNil`.
    struct NullKeeping<Value: Encodable>: Encodable {
        let value: Value

        init(_ value: Value) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            try value.encode(to: NullKeepingEncoder(base: encoder))
        }
    }

    /// Whether `JSONEncoder` writes values of this type in a form of its own (found by type, so they reach it as
    /// they are, not wrapped).
    static func isSpecial<Value>(_ type: Value.Type) -> Bool {
        type == Date.self || type == Data.self || type == URL.self || type == Decimal.self
    }

    struct NullKeepingEncoder: Encoder {
        let base: any Encoder
        var codingPath: [any CodingKey] { base.codingPath }
        var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed(base: base.container(keyedBy: type)))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(base: base.unkeyedContainer()) }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(base: base.singleValueContainer())
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var base: KeyedEncodingContainer<Key>
        var codingPath: [any CodingKey] { base.codingPath }

        mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            if FoundationJSON.isSpecial(T.self) {
                try base.encode(value, forKey: key)
            } else {
                try base.encode(NullKeeping(value), forKey: key)
            }
        }

        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try put(value, key) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try put(value, key) }

        private mutating func put<T: Encodable>(_ value: T?, _ key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try base.encodeNil(forKey: key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(base: base.nestedUnkeyedContainer(forKey: key))
        }

        mutating func superEncoder() -> any Encoder { NullKeepingEncoder(base: base.superEncoder()) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NullKeepingEncoder(base: base.superEncoder(forKey: key))
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        var base: any UnkeyedEncodingContainer
        var codingPath: [any CodingKey] { base.codingPath }
        var count: Int { base.count }

        mutating func encodeNil() throws { try base.encodeNil() }
        mutating func encode(_ value: Bool) throws { try base.encode(value) }
        mutating func encode(_ value: String) throws { try base.encode(value) }
        mutating func encode(_ value: Double) throws { try base.encode(value) }
        mutating func encode(_ value: Float) throws { try base.encode(value) }
        mutating func encode(_ value: Int) throws { try base.encode(value) }
        mutating func encode(_ value: Int8) throws { try base.encode(value) }
        mutating func encode(_ value: Int16) throws { try base.encode(value) }
        mutating func encode(_ value: Int32) throws { try base.encode(value) }
        mutating func encode(_ value: Int64) throws { try base.encode(value) }
        mutating func encode(_ value: UInt) throws { try base.encode(value) }
        mutating func encode(_ value: UInt8) throws { try base.encode(value) }
        mutating func encode(_ value: UInt16) throws { try base.encode(value) }
        mutating func encode(_ value: UInt32) throws { try base.encode(value) }
        mutating func encode(_ value: UInt64) throws { try base.encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            if FoundationJSON.isSpecial(T.self) { try base.encode(value) } else { try base.encode(NullKeeping(value)) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(base: base.nestedUnkeyedContainer())
        }

        mutating func superEncoder() -> any Encoder { NullKeepingEncoder(base: base.superEncoder()) }
    }

    struct Single: SingleValueEncodingContainer {
        var base: any SingleValueEncodingContainer
        var codingPath: [any CodingKey] { base.codingPath }

        mutating func encodeNil() throws { try base.encodeNil() }
        mutating func encode(_ value: Bool) throws { try base.encode(value) }
        mutating func encode(_ value: String) throws { try base.encode(value) }
        mutating func encode(_ value: Double) throws { try base.encode(value) }
        mutating func encode(_ value: Float) throws { try base.encode(value) }
        mutating func encode(_ value: Int) throws { try base.encode(value) }
        mutating func encode(_ value: Int8) throws { try base.encode(value) }
        mutating func encode(_ value: Int16) throws { try base.encode(value) }
        mutating func encode(_ value: Int32) throws { try base.encode(value) }
        mutating func encode(_ value: Int64) throws { try base.encode(value) }
        mutating func encode(_ value: UInt) throws { try base.encode(value) }
        mutating func encode(_ value: UInt8) throws { try base.encode(value) }
        mutating func encode(_ value: UInt16) throws { try base.encode(value) }
        mutating func encode(_ value: UInt32) throws { try base.encode(value) }
        mutating func encode(_ value: UInt64) throws { try base.encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            if FoundationJSON.isSpecial(T.self) { try base.encode(value) } else { try base.encode(NullKeeping(value)) }
        }
    }
}
