/// The single-value container of ``TreeEncoder``: the value is the encoder's whole node (encoded again, replaced); a
/// value encoded through it (``NodeSink``) takes the encoder's place.
struct SingleValueContainer: SingleValueEncodingContainer, NodeSink {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    var nextKey: (any CodingKey)? { nil }

    func put(_ node: JSONNode) { encoder.storage = node }
    mutating func encode(_ value: Int128) throws { put(.numberText(String(value))) }
    mutating func encode(_ value: UInt128) throws { put(.numberText(String(value))) }
}
