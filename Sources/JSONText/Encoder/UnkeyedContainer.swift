/// The unkeyed container of ``TreeEncoder``: each element (``NodeSink``) is appended to the array.
struct UnkeyedContainer: UnkeyedEncodingContainer, NodeSink {
    let encoder: TreeEncoder
    let array: JSONArrayNode

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { array.values.count }

    var nextKey: (any CodingKey)? { JSONIndexKey(intValue: array.values.count) }
    func put(_ node: JSONNode) { array.values.append(node) }
    mutating func encode(_ value: Int128) throws { put(.numberText(String(value))) }
    mutating func encode(_ value: UInt128) throws { put(.numberText(String(value))) }

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
