/// The unkeyed container of ``TreeEncoder``: each element is appended to the array.
struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let array: JSONArrayNode

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { array.values.count }

    private var nextKey: JSONIndexKey { JSONIndexKey(intValue: array.values.count) }
    private func put(_ node: JSONNode) { array.values.append(node) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try encoder.floatingNode(value, key: nextKey) { .double($0) }) }
    mutating func encode(_ value: Float) throws { put(try encoder.floatingNode(value, key: nextKey) { .float($0) }) }
    mutating func encode(_ value: Int) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { put(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { put(.integer(value)) }
    mutating func encode(_ value: Int128) throws { put(.numberText(String(value))) }
    mutating func encode(_ value: UInt) throws { put(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { put(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { put(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { put(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { put(.unsigned(value)) }
    mutating func encode(_ value: UInt128) throws { put(.numberText(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { put(try encoder.node(for: value, key: nextKey)) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectNode()
        let nestedEncoder = TreeEncoder(options: encoder.options, parent: encoder, key: nextKey)
        nestedEncoder.storage = .object(nested)
        put(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: nestedEncoder, object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayNode()
        let nestedEncoder = TreeEncoder(options: encoder.options, parent: encoder, key: nextKey)
        nestedEncoder.storage = .array(nested)
        put(.array(nested))
        return UnkeyedContainer(encoder: nestedEncoder, array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = TreeEncoder(options: encoder.options, parent: encoder, key: nextKey)
        put(.deferred(superEncoder))
        return superEncoder
    }
}
