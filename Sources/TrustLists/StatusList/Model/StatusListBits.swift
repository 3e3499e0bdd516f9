/// How many bits a status list gives each credential (draft-ietf-oauth-status-list §4.1 step 1: "1, 2, 4, or 8"), so
/// that a status never spans two bytes.
public enum StatusListBits: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One bit: VALID or INVALID.
    case one = 1
    /// Two bits: up to SUSPENDED and the application value 0x03.
    case two = 2
    /// Four bits: 16 values.
    case four = 4
    /// Eight bits: 256 values.
    case eight = 8

    /// The `bits` value of a `status_list`; nil for any other number (3, 0, 16, …).
    /// - Parameter value: the claim's value.
    public init?(claim value: Int64) {
        guard let bits = StatusListBits(rawValue: Int(clamping: value)) else { return nil }
        self = bits
    }

    /// How many statuses one byte holds: 8, 4, 2 or 1.
    public var entriesPerByte: Int { 8 / rawValue }

    /// The mask of one status within its byte, before shifting: 0x01, 0x03, 0x0F or 0xFF.
    public var mask: UInt8 { UInt8(truncatingIfNeeded: (1 << rawValue) - 1) }

    /// `1`, `2`, `4` or `8`.
    public var description: String { String(rawValue) }
}
