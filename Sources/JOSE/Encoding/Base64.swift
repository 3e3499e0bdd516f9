import X509

/// Standard base64 with padding (RFC 4648 §4), the encoding of each `x5c` certificate (RFC 7515 §4.1.6: "base64-
/// encoded (Section 4 of [RFC4648] -- not base64url-encoded) DER").
///
/// The decoder accepts only the canonical text: the 64 characters `A–Z a–z 0–9 + /`, a length that is a multiple
/// of 4, `=` only as the padding of the last group, no whitespace or line breaks, and zero bits past the data in
/// the last data character. So one byte string has exactly one accepted text.
public enum Base64 {
    /// Encodes bytes as padded standard base64.
    /// - Parameter bytes: any bytes.
    /// - Returns: the text, `4·ceil(n/3)` characters for `n` bytes.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Base64Codec.encode(bytes, .standard)
    }

    /// Decodes canonical padded standard base64.
    /// - Parameters:
    ///   - text: the base64 text.
    ///   - path: what the text is, for the message (`header.x5c[0]`).
    ///   - code: the code a refusal is reported under; `malformed_x5c` by default, the code for `x5c` entries.
    /// - Returns: the bytes.
    /// - Throws: `code` when a character is outside the alphabet (including `-`, `_` and whitespace), padding is
    ///   missing or misplaced, or the last data character has non-zero trailing bits.
    public static func decode(
        _ text: some StringProtocol, path: String = "input", code: JOSEError.Code = .malformedX5C
    ) throws(JOSEError) -> [UInt8] {
        try decode(utf8: text.utf8, path: path, code: code)
    }

    /// ``decode(_:path:code:)`` over the text's UTF-8 bytes (a string read in place from a JSON document).
    public static func decode(
        utf8 text: some Collection<UInt8>, path: @autoclosure () -> String = "input",
        code: JOSEError.Code = .malformedX5C
    ) throws(JOSEError) -> [UInt8] {
        switch Base64Codec.decode(text, .standard) {
        case .success(let bytes):
            return bytes
        case .failure(let failure):
            throw JOSEError(
                code, "\(path()): expected standard base64 (RFC 4648 §4), found \(failure.describe(.standard))")
        }
    }
}
