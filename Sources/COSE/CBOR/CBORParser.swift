import Foundation

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
}
