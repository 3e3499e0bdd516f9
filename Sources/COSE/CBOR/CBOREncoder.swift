/// Encodes ``CBOR`` values in the core deterministic encoding of RFC 8949 §4.2.1.
///
/// That is: every head in its shortest form (§4.2.1, preferred serialization of §4.1), definite lengths only, map
/// entries sorted by the bytewise lexicographic order of their encoded keys, floats in the shortest of half, single
/// and double precision that keeps the value exactly, and every NaN as `f9 7e00` (§4.2.2). Two equal values (see
/// ``CBOR``) always encode to the same bytes.
///
/// The encoder does not remove duplicate map keys: a map given with two equal keys is encoded with both, and a
/// decoder rejects it. Likewise `.simple(24)` ... `.simple(31)`, reserved values that have no well-formed encoding
/// (RFC 8949 §3.3), are written as `f8 18` ... `f8 1f`, which decoders reject: never build them.
public struct CBOREncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Encodes `value` deterministically (RFC 8949 §4.2.1).
    /// - Parameter value: the item to encode.
    /// - Returns: its encoding.
    public func encode(_ value: CBOR) -> [UInt8] {
        var out: [UInt8] = []
        Self.append(value, to: &out)
        return out
    }

    static func append(_ value: CBOR, to out: inout [UInt8]) {
        switch value {
        case .unsigned(let n):
            appendHead(0, n, to: &out)
        case .negative(let n):
            appendHead(1, n, to: &out)
        case .byteString(let bytes):
            appendHead(2, UInt64(bytes.count), to: &out)
            out.append(contentsOf: bytes)
        case .textString(let text):
            let utf8 = text.utf8
            appendHead(3, UInt64(utf8.count), to: &out)
            out.append(contentsOf: utf8)
        case .array(let items):
            appendHead(4, UInt64(items.count), to: &out)
            for item in items { append(item, to: &out) }
        case .map(let entries):
            appendMap(entries, to: &out)
        case .tagged(let tag, let content):
            appendHead(6, tag, to: &out)
            append(content, to: &out)
        case .simple(let number):
            // 24 ... 31 have no well-formed encoding (RFC 8949 §3.3) and the decoder never produces them; they are
            // written in the two-byte form that decoders reject rather than trapping here (see the type's notes).
            if number < 24 {
                out.append(0xe0 | number)
            } else {
                out.append(0xf8)
                out.append(number)
            }
        case .boolean(let flag):
            out.append(flag ? 0xf5 : 0xf4)
        case .null:
            out.append(0xf6)
        case .undefined:
            out.append(0xf7)
        case .float(let number):
            appendFloat(number, to: &out)
        }
    }

    /// A head of major type `major` with argument `argument` in its shortest form (RFC 8949 §4.2.1).
    @inline(__always)
    static func appendHead(_ major: UInt8, _ argument: UInt64, to out: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case 0..<24:
            out.append(type | UInt8(argument))
        case 24...0xff:
            out.append(type | 24)
            out.append(UInt8(argument))
        case 0x100...0xffff:
            out.append(type | 25)
            appendBigEndian(argument, byteCount: 2, to: &out)
        case 0x1_0000...0xffff_ffff:
            out.append(type | 26)
            appendBigEndian(argument, byteCount: 4, to: &out)
        default:
            out.append(type | 27)
            appendBigEndian(argument, byteCount: 8, to: &out)
        }
    }

    @inline(__always)
    static func appendBigEndian(_ value: UInt64, byteCount: Int, to out: inout [UInt8]) {
        for index in stride(from: byteCount - 1, through: 0, by: -1) {
            out.append(UInt8(truncatingIfNeeded: value >> (UInt64(index) * 8)))
        }
    }

    /// Entries sorted by their encoded keys, bytewise lexicographically (RFC 8949 §4.2.1).
    static func appendMap(_ entries: [CBOR.MapEntry], to out: inout [UInt8]) {
        appendHead(5, UInt64(entries.count), to: &out)
        if entries.count == 1 {
            append(entries[0].key, to: &out)
            append(entries[0].value, to: &out)
            return
        }
        var keyed: [(key: [UInt8], index: Int)] = []
        keyed.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            var key: [UInt8] = []
            append(entry.key, to: &key)
            keyed.append((key, index))
        }
        // Ties (duplicate keys) keep their given order, so the output does not depend on the sort's stability.
        keyed.sort { lhs, rhs in
            lhs.key.lexicographicallyPrecedes(rhs.key) || (lhs.key == rhs.key && lhs.index < rhs.index)
        }
        for (key, index) in keyed {
            out.append(contentsOf: key)
            append(entries[index].value, to: &out)
        }
    }

    /// The shortest of half, single and double precision that represents `value` exactly; NaN as `f9 7e00`
    /// (RFC 8949 §4.2.2).
    static func appendFloat(_ value: Double, to out: inout [UInt8]) {
        if value.isNaN {
            out.append(contentsOf: [0xf9, 0x7e, 0x00])
        } else if let half = HalfFloat.bits(exactly: value) {
            out.append(0xf9)
            appendBigEndian(UInt64(half), byteCount: 2, to: &out)
        } else if let single = Float(exactly: value) {
            out.append(0xfa)
            appendBigEndian(UInt64(single.bitPattern), byteCount: 4, to: &out)
        } else {
            out.append(0xfb)
            appendBigEndian(value.bitPattern, byteCount: 8, to: &out)
        }
    }
}

extension CBOR {
    /// This value in the core deterministic encoding of RFC 8949 §4.2.1 (see ``CBOREncoder``).
    /// - Returns: the encoded bytes.
    public func encoded() -> [UInt8] {
        CBOREncoder().encode(self)
    }
}
