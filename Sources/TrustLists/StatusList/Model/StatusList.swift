/// A status list, inflated (draft-ietf-oauth-status-list §4.1): a byte array holding one status of ``bits`` bits per
/// credential, packed from the least significant bit of each byte to the most significant, bytes in their natural
/// order. The status of index `i` is in byte `i * bits / 8`, shifted right by `(i * bits) % 8`.
///
/// Made by ``CompressedStatusList/inflate(limits:)`` from a verified token (``VerifiedStatusList/statusList``); a
/// lookup is pure arithmetic on the bytes, no allocation.
public struct StatusList: Sendable, Hashable {
    /// The bits per credential.
    public let bits: StatusListBits
    /// The inflated byte array, never empty.
    public let bytes: [UInt8]

    /// A list over an inflated byte array.
    /// - Parameters:
    ///   - bits: the bits per credential.
    ///   - bytes: the byte array (§4.1), as inflated.
    public init(bits: StatusListBits, bytes: [UInt8]) {
        self.bits = bits
        self.bytes = bytes
    }

    /// How many credentials the list has a status for: every status the bytes hold (`bytes.count * 8 / bits`).
    public var count: Int { bytes.count * bits.entriesPerByte }

    /// The status at `index` (draft-ietf-oauth-status-list §4.1, §8.3 step 6).
    /// - Parameter index: the credential's `idx`, from its reference.
    /// - Returns: the status, or ``StatusListLookup/indexOutOfRange(index:count:)`` at or past ``count``.
    @inlinable
    public func lookup(_ index: UInt64) -> StatusListLookup {
        guard index < UInt64(count) else { return .indexOutOfRange(index: index, count: count) }
        return .status(status(at: Int(index)))
    }

    /// The status at an index known to be below ``count`` (a precondition).
    @inlinable
    public func status(at index: Int) -> StatusType {
        let shift = bits.rawValue.trailingZeroBitCount
        let perByte = 3 - shift
        let byte = bytes[index >> perByte]
        let offset = (index & ((1 << perByte) - 1)) << shift
        return StatusType(rawValue: (byte >> UInt8(offset)) & bits.mask)
    }

    /// How many credentials have each status: one pass over the bytes.
    /// - Returns: the count per status present (statuses with no credential are absent).
    public func counts() -> [StatusType: Int] {
        var tally = [Int](repeating: 0, count: 256)
        if bits == .eight {
            for byte in bytes { tally[Int(byte)] += 1 }
        } else {
            var perByteValue = [Int](repeating: 0, count: 256)
            for byte in bytes { perByteValue[Int(byte)] += 1 }
            for value in 0..<256 where perByteValue[value] > 0 {
                var rest = UInt8(value)
                for _ in 0..<bits.entriesPerByte {
                    tally[Int(rest & bits.mask)] += perByteValue[value]
                    rest >>= UInt8(bits.rawValue)
                }
            }
        }
        var counts: [StatusType: Int] = [:]
        for value in 0..<256 where tally[value] > 0 { counts[StatusType(rawValue: UInt8(value))] = tally[value] }
        return counts
    }
}
