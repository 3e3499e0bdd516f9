import Foundation

/// Arrays and maps (RFC 8949 §3.1 major types 4 and 5), with the duplicate-key check (§5.6).
extension CBORParser {
    // MARK: Arrays and maps

    mutating func array(_ info: UInt8, initial: UInt8, at start: Int, depth: Int) throws -> [CBORNode] {
        if info == 31 {
            var items: [CBORNode] = []
            while true {
                guard position < bytes.count else {
                    throw malformed(
                        "expected an item or a break at offset \(position) in the indefinite-length array at offset "
                            + "\(start), found end of input")
                }
                if bytes[position] == 0xff {
                    position &+= 1
                    return items
                }
                try checkDepth(depth &+ 1, at: start)
                items.append(try item(depth: depth &+ 1))
            }
        }
        let count = try argument(info, initial: initial, at: start)
        let remaining = bytes.count &- position
        guard count <= UInt64(remaining) else {
            throw malformed(
                "array at offset \(start) declares \(count) items, found only \(remaining) bytes left in the input "
                    + "(each item needs at least one)")
        }
        let n = Int(count)
        guard n <= maxItems &- itemCount else { throw tooManyItems(at: start) }
        if n == 0 { return [] }
        try checkDepth(depth &+ 1, at: start)
        var items: [CBORNode] = []
        items.reserveCapacity(min(n, Self.reservationLimit))
        for _ in 0..<n {
            items.append(try item(depth: depth &+ 1))
        }
        return items
    }

    mutating func map(_ info: UInt8, initial: UInt8, at start: Int, depth: Int) throws -> [CBORNode.MapEntry] {
        var entries: [CBORNode.MapEntry] = []
        var keys = KeyRegister(mark: keyScratch.count)
        defer { keyScratch.removeSubrange(keys.mark...) }
        if info == 31 {
            while true {
                guard position < bytes.count else {
                    throw malformed(
                        "expected a key or a break at offset \(position) in the indefinite-length map at offset "
                            + "\(start), found end of input")
                }
                if bytes[position] == 0xff {
                    position &+= 1
                    return entries
                }
                try checkDepth(depth &+ 1, at: start)
                let key = try item(depth: depth &+ 1)
                try register(key, in: &keys, mapAt: start)
                let value = try item(depth: depth &+ 1)
                entries.append(CBORNode.MapEntry(key: key, value: value))
            }
        }
        let count = try argument(info, initial: initial, at: start)
        let remaining = bytes.count &- position
        guard count <= UInt64(remaining / 2) else {
            throw malformed(
                "map at offset \(start) declares \(count) entries, found only \(remaining) bytes left in the "
                    + "input (each entry needs at least two)")
        }
        let n = Int(count)
        guard n <= (maxItems &- itemCount) / 2 else { throw tooManyItems(at: start) }
        if n == 0 { return [] }
        try checkDepth(depth &+ 1, at: start)
        entries.reserveCapacity(min(n, Self.reservationLimit))
        for _ in 0..<n {
            let key = try item(depth: depth &+ 1)
            try register(key, in: &keys, mapAt: start)
            let value = try item(depth: depth &+ 1)
            entries.append(CBORNode.MapEntry(key: key, value: value))
        }
        return entries
    }

    // MARK: Duplicate keys

    /// The keys seen so far in one map: its keys' identities live in `keyScratch[mark...]` (a stack shared by
    /// nested maps, so a map costs no allocation of its own), and, past a few keys, in a set as well.
    struct KeyRegister {
        let mark: Int
        var seen: Set<ArraySlice<UInt8>>?
    }

    /// Records a map key and rejects it when an equal key came before: RFC 8949 §5.6 makes such a map invalid,
    /// and a decoder that let either entry win would let two readers of one list see different content.
    ///
    /// Keys compare by their core deterministic encoding (RFC 8949 §4.2.1), which is equal exactly when the data
    /// items are equal (see ``CBOR``): so `1` written as `01` and as `18 01` are one key. An integer or a
    /// definite-length string whose head is already shortest is its own deterministic encoding and is not
    /// re-encoded.
    mutating func register(_ key: CBORNode, in keys: inout KeyRegister, mapAt start: Int) throws {
        let identity = Self.deterministicEncoding(of: key)
        let earlierCount = keyScratch.count &- keys.mark
        if keys.seen != nil {
            if keys.seen?.insert(identity).inserted == false {
                throw duplicateKey(key, identity: identity, keys: keys, mapAt: start)
            }
        } else {
            for earlier in keyScratch[keys.mark...] where earlier == identity {
                throw duplicateKey(key, identity: identity, keys: keys, mapAt: start)
            }
            if earlierCount == 15 {
                keys.seen = Set(keyScratch[keys.mark...])
                keys.seen?.insert(identity)
            }
        }
        keyScratch.append(identity)
    }

    static func deterministicEncoding(of node: CBORNode) -> ArraySlice<UInt8> {
        switch node.content {
        case .unsigned, .negative, .byteString, .textString:
            if hasShortestDefiniteHead(node.encodedBytes) { return node.encodedBytes }
        default:
            break
        }
        return node.value.encoded()[...]
    }

    /// Whether an item's head uses the shortest argument form and a definite length (RFC 8949 §4.2.1).
    static func hasShortestDefiniteHead(_ encoded: ArraySlice<UInt8>) -> Bool {
        guard let initial = encoded.first else { return false }
        let info = initial & 0x1f
        if info < 24 { return true }
        guard info <= 27 else { return false }
        var argument: UInt64 = 0
        for byte in encoded.dropFirst().prefix(1 << Int(info - 24)) {
            argument = argument << 8 | UInt64(byte)
        }
        switch info {
        case 24: return argument >= 24
        case 25: return argument > 0xff
        case 26: return argument > 0xffff
        default: return argument > 0xffff_ffff
        }
    }

    func duplicateKey(_ key: CBORNode, identity: ArraySlice<UInt8>, keys: KeyRegister, mapAt start: Int) -> COSEError {
        let first = keyScratch[keys.mark...].firstIndex(of: identity).map { $0 - keys.mark } ?? 0
        let second = keyScratch.count - keys.mark
        var shown = key.value.description
        if shown.count > 80 { shown = String(shown.prefix(77)) + "..." }
        return malformed(
            "expected unique keys in the map at offset \(start), found key \(shown) twice (entries \(first) and "
                + "\(second))")
    }
}
