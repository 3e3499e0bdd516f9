import Foundation

/// Decodes one CBOR data item (RFC 8949) from untrusted bytes into a tree of ``CBORNode``s, within ``Limits``.
///
/// The decoder accepts every well-formed item (RFC 8949 §5.3.1): any argument width, indefinite lengths, any tag,
/// half, single and double floats. It rejects, with `malformed_cbor` (``COSEError/Code/malformedCBOR``):
/// truncated input, reserved additional information 28 ... 30, additional information 31 on major types 0, 1 and 6,
/// a break outside an indefinite-length item, indefinite-length string chunks of another type or of indefinite
/// length, two-byte simple values below 32, invalid UTF-8 in a text string, a duplicate map key (data-model
/// equality, RFC 8949 §5.6) and bytes after the top item. Over a limit, it fails with `limits_exceeded`
/// (``COSEError/Code/limitsExceeded``). Messages give what was expected, what was found and the byte offset from
/// the start of the input.
///
/// Every length and count is checked against the bytes left before anything is allocated for it: a string needs
/// its length in bytes, an array of `n` items at least `n` bytes, a map of `n` entries at least `2n`.
public struct CBORDecoder: Sendable {
    /// The limits this decoder enforces.
    public var limits: Limits

    /// Creates a decoder.
    /// - Parameter limits: the bounds to enforce; the defaults are safe for untrusted input.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes exactly one data item that spans all of `bytes` (RFC 8949 §5.3.1).
    /// - Parameter bytes: the input; the nodes' slices keep its indices.
    /// - Returns: the top node; its ``CBORNode/encodedBytes`` is all of `bytes`.
    /// - Throws: ``COSEError`` `malformed_cbor` for input that is not one well-formed item, `limits_exceeded` for
    ///   well-formed input over a limit.
    public func decode(_ bytes: ArraySlice<UInt8>) throws -> CBORNode {
        guard bytes.count <= limits.maxInputBytes else {
            throw COSEError(
                .limitsExceeded, "input is \(bytes.count) bytes, over the limit of \(limits.maxInputBytes) bytes")
        }
        let limits = self.limits
        return try bytes.withUnsafeBufferPointer { buffer in
            var parser = CBORParser(source: bytes, bytes: buffer, limits: limits)
            let node = try parser.item(depth: 1)
            guard parser.position == buffer.count else {
                throw COSEError(
                    .malformedCBOR,
                    "expected end of input after the top item at offset \(parser.position), found "
                        + "\(buffer.count - parser.position) more bytes")
            }
            return node
        }
    }

    /// Decodes exactly one data item that spans all of `bytes` (RFC 8949 §5.3.1).
    /// - Parameter bytes: the input.
    /// - Returns: the top node.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`, as for a slice.
    public func decode(_ bytes: [UInt8]) throws -> CBORNode {
        try decode(bytes[...])
    }

    /// Decodes exactly one data item that spans all of `data` (RFC 8949 §5.3.1); the bytes are copied once.
    /// - Parameter data: the input.
    /// - Returns: the top node; its slices index a copy of `data` from 0.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`, as for a slice.
    public func decode(_ data: Data) throws -> CBORNode {
        guard data.count <= limits.maxInputBytes else {
            throw COSEError(
                .limitsExceeded, "input is \(data.count) bytes, over the limit of \(limits.maxInputBytes) bytes")
        }
        return try decode([UInt8](data)[...])
    }

    /// Decodes exactly one data item into a ``CBOR`` value (RFC 8949 §5.3.1).
    /// - Parameters:
    ///   - bytes: the input.
    ///   - limits: the bounds to enforce.
    /// - Returns: the value of the item.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`.
    public static func decodeValue(_ bytes: [UInt8], limits: Limits = Limits()) throws -> CBOR {
        try CBORDecoder(limits: limits).decode(bytes[...]).value
    }

    /// Decodes exactly one data item into a ``CBOR`` value (RFC 8949 §5.3.1).
    /// - Parameters:
    ///   - bytes: the input.
    ///   - limits: the bounds to enforce.
    /// - Returns: the value of the item.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`.
    public static func decodeValue(_ bytes: ArraySlice<UInt8>, limits: Limits = Limits()) throws -> CBOR {
        try CBORDecoder(limits: limits).decode(bytes).value
    }

    /// Decodes exactly one data item into a ``CBOR`` value (RFC 8949 §5.3.1).
    /// - Parameters:
    ///   - data: the input.
    ///   - limits: the bounds to enforce.
    /// - Returns: the value of the item.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`.
    public static func decodeValue(_ data: Data, limits: Limits = Limits()) throws -> CBOR {
        try CBORDecoder(limits: limits).decode(data).value
    }
}

/// The decoding state over one input: a cursor into a buffer that stays valid for the parser's life, and counters.
///
/// Recursion: one `item` call per nesting level, and the depth is checked before each recursive call, so the stack
/// depth is bounded by `Limits.depthCeiling`.
struct CBORParser {
    /// The input as the caller gave it; nodes slice it (with its own indices, offset by `base`).
    let source: ArraySlice<UInt8>
    /// The same bytes, read without bounds-checking overhead; offsets below are indices into it.
    let bytes: UnsafeBufferPointer<UInt8>
    let base: Int
    let maxDepth: Int
    let maxItems: Int
    /// The offset of the next byte to read.
    var position = 0
    /// Heads read so far (items, chunks, keys and values).
    var itemCount = 0
    /// The deterministic encodings of the keys of the maps being decoded, innermost map last (see `register`).
    var keyScratch: [ArraySlice<UInt8>] = []

    /// The most elements reserved ahead for a definite-length array or map; a larger one grows as it fills.
    ///
    /// A count is checked against the bytes left, but every nesting level may claim those same bytes: reserving the
    /// whole claim let 300 KB of nested array heads reserve 1.3 GB (60 levels of 300,000 nodes), which aborts a
    /// process whose address space is limited. With this bound a level reserves at most a few hundred kilobytes.
    static let reservationLimit = 4096

    init(source: ArraySlice<UInt8>, bytes: UnsafeBufferPointer<UInt8>, limits: CBORDecoder.Limits) {
        self.source = source
        self.bytes = bytes
        self.base = source.startIndex
        self.maxDepth = max(1, min(limits.maxDepth, CBORDecoder.Limits.depthCeiling))
        self.maxItems = limits.maxItems
    }

    /// Reads one complete data item at `position`, at nesting level `depth` (the top item is at 1).
    mutating func item(depth: Int) throws -> CBORNode {
        let start = position
        guard start < bytes.count else {
            throw malformed("expected a data item at offset \(start), found end of input")
        }
        let initial = bytes[start]
        position = start &+ 1
        itemCount &+= 1
        if itemCount > maxItems { throw tooManyItems(at: start) }
        let major = initial >> 5
        let info = initial & 0x1f
        let content: CBORNode.Content
        switch major {
        case 0:
            content = .unsigned(try argument(info, initial: initial, at: start))
        case 1:
            content = .negative(try argument(info, initial: initial, at: start))
        case 2:
            if info == 31 {
                content = .byteString(try indefiniteByteString(at: start))
            } else {
                let end = try stringEnd(info, initial: initial, at: start)
                content = .byteString(source[(base &+ position)..<(base &+ end)])
                position = end
            }
        case 3:
            if info == 31 {
                content = .textString(try indefiniteTextString(at: start))
            } else {
                let end = try stringEnd(info, initial: initial, at: start)
                content = .textString(try text(from: position, to: end, itemAt: start))
                position = end
            }
        case 4:
            content = .array(try array(info, initial: initial, at: start, depth: depth))
        case 5:
            content = .map(try map(info, initial: initial, at: start, depth: depth))
        case 6:
            let tag = try argument(info, initial: initial, at: start)
            try checkDepth(depth &+ 1, at: start)
            content = .tagged(tag, try item(depth: depth &+ 1))
        default:
            content = try majorSeven(info, initial: initial, at: start)
        }
        return CBORNode(content: content, encodedBytes: source[(base &+ start)..<(base &+ position)])
    }

    // MARK: Heads

    /// The argument of a head whose initial byte was at `start` (RFC 8949 §3): the additional information itself
    /// below 24, else the next 1, 2, 4 or 8 bytes, big-endian.
    @inline(__always)
    mutating func argument(_ info: UInt8, initial: UInt8, at start: Int) throws -> UInt64 {
        if info < 24 { return UInt64(info) }
        switch info {
        case 24: return try bigEndian(1, initial: initial, at: start)
        case 25: return try bigEndian(2, initial: initial, at: start)
        case 26: return try bigEndian(4, initial: initial, at: start)
        case 27: return try bigEndian(8, initial: initial, at: start)
        case 31:
            throw malformed(
                "expected a definite argument for \(Self.majorName(initial >> 5)) at offset \(start), found "
                    + "additional information 31 (indefinite length), which this major type does not allow")
        default:
            throw malformed(
                "expected additional information 0-27 or 31 at offset \(start), found reserved value \(info) "
                    + "(initial byte 0x\(CBOR.hex([initial])))")
        }
    }

    @inline(__always)
    mutating func bigEndian(_ count: Int, initial: UInt8, at start: Int) throws -> UInt64 {
        guard bytes.count &- position >= count else {
            throw malformed(
                "expected \(count) argument bytes after the head 0x\(CBOR.hex([initial])) at offset \(start), "
                    + "found end of input after \(bytes.count - position)")
        }
        var value: UInt64 = 0
        for index in position..<(position &+ count) {
            value = value << 8 | UInt64(bytes[index])
        }
        position &+= count
        return value
    }

    /// The end offset of a definite-length string whose head starts at `start`, checked against the input left.
    @inline(__always)
    mutating func stringEnd(_ info: UInt8, initial: UInt8, at start: Int) throws -> Int {
        let length = try argument(info, initial: initial, at: start)
        let remaining = bytes.count &- position
        guard length <= UInt64(remaining) else {
            throw malformed(
                "\(Self.majorName(initial >> 5)) at offset \(start) declares \(length) bytes, found only "
                    + "\(remaining) bytes left in the input")
        }
        return position &+ Int(length)
    }

    @inline(__always)
    func checkDepth(_ depth: Int, at start: Int) throws {
        guard depth <= maxDepth else {
            throw COSEError(
                .limitsExceeded,
                "expected nesting of at most \(maxDepth) levels, found deeper nesting under the item at offset \(start)"
            )
        }
    }

    // MARK: Strings

    /// Valid UTF-8 in `bytes[from..<to]` as a `String`, or `malformed_cbor` (RFC 8949 §3.1, major type 3).
    @inline(__always)
    func text(from: Int, to: Int, itemAt start: Int) throws -> String {
        let utf8 = UnsafeBufferPointer(rebasing: bytes[from..<to])
        guard UTF8Validation.isValid(utf8) else {
            throw malformed("expected valid UTF-8 in the text string at offset \(start), found invalid bytes")
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The byte ranges of the chunks of an indefinite-length string of major type `major` that started at `start`,
    /// up to and including its break (RFC 8949 §3.2.3): each chunk must be a definite-length string of that type.
    mutating func chunks(major: UInt8, at start: Int) throws -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        while true {
            let chunkStart = position
            guard chunkStart < bytes.count else {
                throw malformed(
                    "expected a chunk or a break at offset \(chunkStart) in the indefinite-length "
                        + "\(Self.majorName(major)) at offset \(start), found end of input")
            }
            let initial = bytes[chunkStart]
            if initial == 0xff {
                position = chunkStart &+ 1
                return ranges
            }
            guard initial >> 5 == major, initial & 0x1f != 31 else {
                throw malformed(
                    "expected a definite-length \(Self.majorName(major)) chunk at offset \(chunkStart) in the "
                        + "indefinite-length \(Self.majorName(major)) at offset \(start), found "
                        + Self.headDescription(initial))
            }
            position = chunkStart &+ 1
            itemCount &+= 1
            if itemCount > maxItems { throw tooManyItems(at: chunkStart) }
            let end = try stringEnd(initial & 0x1f, initial: initial, at: chunkStart)
            ranges.append(position..<end)
            position = end
        }
    }

    mutating func indefiniteByteString(at start: Int) throws -> ArraySlice<UInt8> {
        let ranges = try chunks(major: 2, at: start)
        var joined: [UInt8] = []
        joined.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        for range in ranges {
            joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }
        return joined[...]
    }

    mutating func indefiniteTextString(at start: Int) throws -> String {
        // Each chunk is valid UTF-8 on its own: a character cannot be split between chunks (RFC 8949 §3.2.3).
        var joined = ""
        for range in try chunks(major: 3, at: start) {
            joined += try text(from: range.lowerBound, to: range.upperBound, itemAt: start)
        }
        return joined
    }

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

    // MARK: Major type 7

    mutating func majorSeven(_ info: UInt8, initial: UInt8, at start: Int) throws -> CBORNode.Content {
        switch info {
        case 0..<20:
            return .simple(info)
        case 20:
            return .boolean(false)
        case 21:
            return .boolean(true)
        case 22:
            return .null
        case 23:
            return .undefined
        case 24:
            let value = UInt8(try bigEndian(1, initial: initial, at: start))
            guard value >= 32 else {
                throw malformed(
                    "expected a simple value of at least 32 after 0xf8 at offset \(start), found \(value), which "
                        + "must be encoded in one byte (RFC 8949 §3.3)")
            }
            return .simple(value)
        case 25:
            return .float(HalfFloat.double(fromBits: UInt16(try bigEndian(2, initial: initial, at: start))))
        case 26:
            return .float(Double(Float(bitPattern: UInt32(try bigEndian(4, initial: initial, at: start)))))
        case 27:
            return .float(Double(bitPattern: try bigEndian(8, initial: initial, at: start)))
        case 31:
            throw malformed(
                "expected a data item at offset \(start), found a break (0xff) outside an indefinite-length "
                    + "array, map or string")
        default:
            throw malformed(
                "expected additional information 0-27 or 31 at offset \(start), found reserved value \(info) "
                    + "(initial byte 0x\(CBOR.hex([initial])))")
        }
    }

    // MARK: Errors

    func malformed(_ reason: String) -> COSEError {
        COSEError(.malformedCBOR, reason)
    }

    func tooManyItems(at offset: Int) -> COSEError {
        COSEError(.limitsExceeded, "expected at most \(maxItems) data items, found more at offset \(offset)")
    }

    static func majorName(_ major: UInt8) -> String {
        switch major {
        case 0: return "unsigned integer"
        case 1: return "negative integer"
        case 2: return "byte string"
        case 3: return "text string"
        case 4: return "array"
        case 5: return "map"
        case 6: return "tag"
        default: return "simple value or float"
        }
    }

    /// "0x5f (indefinite-length byte string)"-style description of an initial byte.
    static func headDescription(_ initial: UInt8) -> String {
        if initial == 0xff { return "a break (0xff)" }
        let indefinite = initial & 0x1f == 31 ? "indefinite-length " : ""
        return "0x\(CBOR.hex([initial])) (\(indefinite)\(majorName(initial >> 5)))"
    }
}
