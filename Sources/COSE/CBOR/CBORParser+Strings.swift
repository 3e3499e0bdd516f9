import Foundation

/// Byte and text strings, definite and indefinite (RFC 8949 §3.1 major types 2 and 3, §3.2.3).
extension CBORParser {
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
}
