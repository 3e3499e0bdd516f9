import X509

/// Base64url without padding (RFC 4648 §5), as JWS uses it for every segment of the compact serialization and as
/// `x509_hash` client identifiers use it (RFC 7515 §2: "with all trailing '=' characters omitted").
///
/// The decoder accepts only the canonical text: the 64 characters `A–Z a–z 0–9 - _`, no `=`, no whitespace or line
/// breaks (RFC 7515 §2 allows none), never a length of 1 mod 4, and zero bits past the data in the last character.
/// So one byte string has exactly one accepted text.
public enum Base64URL {
    /// Encodes bytes as unpadded base64url.
    /// - Parameter bytes: any bytes.
    /// - Returns: the text, `ceil(4n/3)` characters for `n` bytes.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Base64Codec.encode(bytes, .url)
    }

    /// Decodes canonical unpadded base64url.
    /// - Parameters:
    ///   - text: the base64url text.
    ///   - path: what the text is, for the message (`header`, `signature`).
    ///   - code: the code a refusal is reported under; `malformed_jws` by default, the code for JWS segments.
    /// - Returns: the bytes.
    /// - Throws: `code` when a character is outside the alphabet (including `=`, `+`, `/` and whitespace), the
    ///   length is 1 mod 4, or the last character has non-zero trailing bits.
    public static func decode(
        _ text: some StringProtocol, path: String = "input", code: JOSEError.Code = .malformedJWS
    ) throws(JOSEError) -> [UInt8] {
        try decode(utf8: text.utf8, path: path, code: code)
    }

    /// ``decode(_:path:code:)`` over the text's UTF-8 bytes (a segment of a compact serialization).
    static func decode(
        utf8 text: some Collection<UInt8>, path: String, code: JOSEError.Code = .malformedJWS
    ) throws(JOSEError) -> [UInt8] {
        switch Base64Codec.decode(text, .url) {
        case .success(let bytes):
            return bytes
        case .failure(let failure):
            throw JOSEError(code, "\(path): expected base64url (RFC 7515 §2), found \(failure.describe(.url))")
        }
    }
}
