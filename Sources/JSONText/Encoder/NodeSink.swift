/// What the unkeyed and the single-value container of ``TreeEncoder`` share: each value given is turned into one
/// ``JSONNode`` the same way, and only where the node goes differs (appended to an array, or the encoder's whole node).
/// `Int128` and `UInt128` are written by each container itself: the standard library's containers have a default
/// for them that an extension here would collide with.
protocol NodeSink {
    /// The encoder the container belongs to.
    var encoder: TreeEncoder { get }
    /// The coding key the next node gets in error paths (an array's next index; nil for a single value).
    var nextKey: (any CodingKey)? { get }
    /// Puts one node where the container keeps its values.
    func put(_ node: JSONNode)
}

extension NodeSink {
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
    mutating func encode(_ value: UInt) throws { put(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { put(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { put(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { put(.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { put(.unsigned(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { put(try encoder.node(for: value, key: nextKey)) }
}
