/// The status of one credential in a status list (draft-ietf-oauth-status-list §7.1): a value 0 … 255, of which three
/// are registered. 0x03 and 0x0C … 0x0F are application-specific; every other value is reserved. A decision treats
/// every value but ``valid`` as "not valid" and reports the value.
public struct StatusType: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The value as stored in the list.
    public let rawValue: UInt8

    /// A status from its stored value.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// 0x00 VALID: the credential is valid.
    public static let valid = StatusType(rawValue: 0x00)
    /// 0x01 INVALID: the credential is revoked, annulled, recalled or cancelled.
    public static let invalid = StatusType(rawValue: 0x01)
    /// 0x02 SUSPENDED: the credential is temporarily invalid.
    public static let suspended = StatusType(rawValue: 0x02)

    /// Whether this is 0x00 VALID.
    public var isValid: Bool { rawValue == 0 }

    /// `VALID`, `INVALID`, `SUSPENDED`, or the value in hex (`0x03`, `0xff`) for the others.
    public var name: String {
        switch rawValue {
        case 0x00: "VALID"
        case 0x01: "INVALID"
        case 0x02: "SUSPENDED"
        default: "0x" + (rawValue < 0x10 ? "0" : "") + String(rawValue, radix: 16)
        }
    }

    /// ``name``.
    public var description: String { name }

    /// Orders by value.
    public static func < (lhs: StatusType, rhs: StatusType) -> Bool { lhs.rawValue < rhs.rawValue }
}
