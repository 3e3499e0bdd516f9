/// One decoded CBOR data item: its content (children are nodes) and the exact bytes it was decoded from.
///
/// Nodes are made by ``CBORDecoder``. Byte strings and ``encodedBytes`` are slices of the decoder's input, not
/// copies, so a node keeps that input alive; copy what a model keeps for long (``CBORReader/bytes()`` does).
/// ``encodedBytes`` is what a signature covers when a protocol signs "the bytes as received" (RFC 9052 §4.4).
public struct CBORNode: Sendable {
    /// The decoded content of a node, one case per kind of data item (RFC 8949 §3).
    public enum Content: Sendable {
        /// Major type 0: an unsigned integer (RFC 8949 §3.1).
        case unsigned(UInt64)
        /// Major type 1: the negative integer `-1 - n` for the stored `n` (RFC 8949 §3.1).
        case negative(UInt64)
        /// Major type 2: a byte string; a slice of the input, or of a new buffer for an indefinite-length string
        /// whose chunks were joined (RFC 8949 §3.2.3).
        case byteString(ArraySlice<UInt8>)
        /// Major type 3: a text string, validated as UTF-8 (RFC 8949 §3.1); chunks of an indefinite-length string
        /// are joined.
        case textString(String)
        /// Major type 4: an array (RFC 8949 §3.1).
        case array([CBORNode])
        /// Major type 5: a map's entries in the order of the input; keys are unique (RFC 8949 §5.6).
        case map([MapEntry])
        /// Major type 6: a tag number over its content (RFC 8949 §3.4).
        indirect case tagged(UInt64, CBORNode)
        /// Major type 7: a simple value 0 ... 19 or 32 ... 255 (RFC 8949 §3.3).
        case simple(UInt8)
        /// Major type 7: `false` or `true` (RFC 8949 §3.3).
        case boolean(Bool)
        /// Major type 7: `null` (RFC 8949 §3.3).
        case null
        /// Major type 7: `undefined` (RFC 8949 §3.3).
        case undefined
        /// Major type 7: a half, single or double precision float, widened to `Double` (RFC 8949 §3.3).
        case float(Double)
    }

    /// One key/value pair of a decoded map (RFC 8949 §3.1, major type 5).
    public struct MapEntry: Sendable {
        /// The key.
        public let key: CBORNode
        /// The value.
        public let value: CBORNode
    }

    /// The decoded content.
    public let content: Content
    /// The exact bytes this item was decoded from, head and content (for a tag, the tag head too), as a slice of the
    /// decoder's input with the input's indices.
    public let encodedBytes: ArraySlice<UInt8>

    init(content: Content, encodedBytes: ArraySlice<UInt8>) {
        self.content = content
        self.encodedBytes = encodedBytes
    }

    /// The node as a ``CBOR`` value (copies byte strings; the encoding details, such as indefinite lengths or
    /// non-shortest heads, are dropped as the data model of RFC 8949 §2 drops them).
    public var value: CBOR {
        switch content {
        case .unsigned(let n): return .unsigned(n)
        case .negative(let n): return .negative(n)
        case .byteString(let bytes): return .byteString(Array(bytes))
        case .textString(let text): return .textString(text)
        case .array(let items): return .array(items.map(\.value))
        case .map(let entries): return .map(entries.map { CBOR.MapEntry(key: $0.key.value, value: $0.value.value) })
        case .tagged(let tag, let item): return .tagged(tag, item.value)
        case .simple(let value): return .simple(value)
        case .boolean(let value): return .boolean(value)
        case .null: return .null
        case .undefined: return .undefined
        case .float(let value): return .float(value)
        }
    }

    /// The magnitude of a bignum (tag 2 or 3 over a byte string, RFC 8949 §3.4.3), or `nil` for any other item.
    ///
    /// `magnitude` is the big-endian `n` exactly as encoded (leading zero bytes kept); for tag 3 the value is
    /// `-1 - n`.
    public var bignumValue: (isNegative: Bool, magnitude: ArraySlice<UInt8>)? {
        guard case .tagged(let tag, let item) = content, tag == 2 || tag == 3,
            case .byteString(let bytes) = item.content
        else { return nil }
        return (tag == 3, bytes)
    }

    /// A short name of the kind of item, for messages: "unsigned integer", "map", "tag 2", ...
    package var kindDescription: String {
        switch content {
        case .unsigned: return "unsigned integer"
        case .negative: return "negative integer"
        case .byteString: return "byte string"
        case .textString: return "text string"
        case .array: return "array"
        case .map: return "map"
        case .tagged(let tag, _): return "tag \(tag)"
        case .simple(let value): return "simple value \(value)"
        case .boolean(let value): return value ? "true" : "false"
        case .null: return "null"
        case .undefined: return "undefined"
        case .float: return "float"
        }
    }
}
