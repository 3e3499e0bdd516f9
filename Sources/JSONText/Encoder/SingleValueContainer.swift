/// The single-value container of ``TreeEncoder``: the value is the encoder's whole node (encoded again, replaced).
struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func put(_ node: JSONNode) { encoder.storage = node }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try encoder.floatingNode(value, key: nil) { .double($0) }) }
    mutating func encode(_ value: Float) throws { put(try encoder.floatingNode(value, key: nil) { .float($0) }) }
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
    /// A value encoded through this container takes the encoder's place: it is encoded into the same encoder.
    mutating func encode<T: Encodable>(_ value: T) throws {
        put(try encoder.node(for: value, key: nil))
    }
}
