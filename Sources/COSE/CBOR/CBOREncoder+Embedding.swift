extension CBOREncoder {
    /// A data item to encode that may embed items already encoded, byte for byte.
    ///
    /// Signatures over structures that contain received items need those items exactly as they were received, not a
    /// re-encoding: ISO/IEC 18013-5 §9.1.4 signs `ReaderAuthenticationBytes`, which holds the SessionTranscript and
    /// the ItemsRequestBytes as data items, and a sender's encoding of them may differ from our deterministic one
    /// (RFC 8949 §4.2.1). ``embedded(_:)`` writes a decoded node's ``CBORNode/encodedBytes`` verbatim; since only the
    /// decoder makes nodes, an embedded item is always one well-formed data item.
    ///
    /// There is no map case: map keys are sorted by their encodings (RFC 8949 §4.2.1), and a map with embedded keys
    /// or values is not needed yet.
    public indirect enum Item: Sendable {
        /// A value, encoded deterministically (RFC 8949 §4.2.1).
        case value(CBOR)
        /// A decoded item, written as the exact bytes it was decoded from (``CBORNode/encodedBytes``).
        case embedded(CBORNode)
        /// An array of items with a definite length (RFC 8949 §3.1, major type 4).
        case array([Item])
        /// A tag number over an item (RFC 8949 §3.4).
        case tagged(UInt64, Item)
        /// A byte string whose content is the encoding of an item: CDDL `bstr .cbor` (RFC 8610 §3.8.4). Under tag 24
        /// this is "encoded CBOR data item" (RFC 8949 §3.4.5.1).
        case cborInByteString(Item)
    }

    /// Encodes an item, embedding decoded nodes verbatim and encoding everything else deterministically
    /// (RFC 8949 §4.2.1).
    /// - Parameter item: the item to encode.
    /// - Returns: its encoding.
    public func encode(_ item: Item) -> [UInt8] {
        var out: [UInt8] = []
        Self.append(item, to: &out)
        return out
    }

    static func append(_ item: Item, to out: inout [UInt8]) {
        switch item {
        case .value(let value):
            append(value, to: &out)
        case .embedded(let node):
            out.append(contentsOf: node.encodedBytes)
        case .array(let items):
            appendHead(4, UInt64(items.count), to: &out)
            for element in items { append(element, to: &out) }
        case .tagged(let tag, let content):
            appendHead(6, tag, to: &out)
            append(content, to: &out)
        case .cborInByteString(let content):
            var inner: [UInt8] = []
            append(content, to: &inner)
            appendHead(2, UInt64(inner.count), to: &out)
            out.append(contentsOf: inner)
        }
    }
}
