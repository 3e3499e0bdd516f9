/// The two encodings of a status list token (draft-ietf-oauth-status-list §5), with their media types (§8.1).
public enum StatusListTokenFormat: String, Sendable, Hashable, CaseIterable {
    /// A JWT: a JWS in the compact serialization (§5.1), `typ` `statuslist+jwt`.
    case jwt
    /// A CWT: a COSE_Sign1 (§5.2), protected `typ` (16) `application/statuslist+cwt`.
    case cwt

    /// `application/statuslist+jwt` or `application/statuslist+cwt`: the `Accept` and `Content-Type` of a fetch
    /// (§8.1, §8.2).
    public var mediaType: String { "application/statuslist+" + rawValue }

    /// The format of a token by its first byte that is not white space: base64url text (a JWS starts `eyJ`) is a
    /// JWT, anything else (a COSE_Sign1 starts with 0xD2, tag 18, or 0x84, an array of four) is tried as a CWT.
    /// - Parameter bytes: the token as received.
    public static func guess(_ bytes: [UInt8]) -> StatusListTokenFormat {
        guard let first = bytes.first(where: { !isWhiteSpace($0) }) else { return .cwt }
        return Base64URLAlphabet.contains(first) ? .jwt : .cwt
    }

    /// ASCII space, tab, CR and LF: what a file or an HTTP body may add around a JWS.
    static func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}

/// The 64 characters of base64url (RFC 4648 §5).
enum Base64URLAlphabet {
    static func contains(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
