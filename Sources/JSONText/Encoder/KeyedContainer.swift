/// The keyed container of ``TreeEncoder``: each member is added to the object in the order encoded. `encodeIfPresent`
/// writes `null` for nil (where `JSONEncoder` leaves the member out), so that a synthesized `Encodable` writes every
/// documented member, present or not (docs/architecture.md, The command line and the daemon); unless the encoder's
/// ``PrettyJSONEncoder/NilMembers`` is `omitted`.
struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let object: JSONObjectNode

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ node: JSONNode, _ key: Key) { object.append(key.stringValue, node) }

    /// A member given with `encodeIfPresent(nil)`: `null`, or nothing (``PrettyJSONEncoder/NilMembers/omitted``).
    private func putNil(_ key: Key) {
        if encoder.options.nilMembers == .null { put(.null, key) }
    }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try encoder.floatingNode(value, key: key) { .double($0) }, key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try encoder.floatingNode(value, key: key) { .float($0) }, key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.integer(value), key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { put(.numberText(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.unsigned(UInt64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.unsigned(value), key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { put(.numberText(String(value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try encoder.node(for: value, key: key), key)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { putNil(key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectNode()
        put(.object(nested), key)
        let nestedEncoder = TreeEncoder(options: encoder.options, parent: encoder, key: key)
        nestedEncoder.storage = .object(nested)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: nestedEncoder, object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONArrayNode()
        put(.array(nested), key)
        let nestedEncoder = TreeEncoder(options: encoder.options, parent: encoder, key: key)
        nestedEncoder.storage = .array(nested)
        return UnkeyedContainer(encoder: nestedEncoder, array: nested)
    }

    /// An encoder for the superclass's value, under the member `super`.
    mutating func superEncoder() -> any Encoder {
        let superKey = JSONIndexKey(stringValue: "super")
        let superEncoder = TreeEncoder(options: encoder.options, parent: encoder, key: superKey)
        object.append("super", .deferred(superEncoder))
        return superEncoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let superEncoder = TreeEncoder(options: encoder.options, parent: encoder, key: key)
        put(.deferred(superEncoder), key)
        return superEncoder
    }
}
