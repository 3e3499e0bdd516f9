internal import JSONText
import X509

/// The JWK Thumbprint of RFC 7638: SHA-256 over the JSON of a key's required members only, in lexicographic order,
/// without whitespace (§3.2), base64url-encoded. Two JWKs of one key have one thumbprint whatever else they carry
/// (`kid`, `use`, `alg`), so a key is compared by it (AuthZEN `resource.type` `jwk` against the keys a list publishes).
/// Names and values are quoted by the project's one JSON string writer (`JSONString`); those of a valid key (short
/// names, base64url values) hold nothing it escapes (§3.3).
public enum JWKThumbprint {
    /// The required members per key type (RFC 7638 §3.2, RFC 7518 §6, RFC 8037 §2).
    static let requiredMembers: [String: [String]] = [
        "EC": ["crv", "kty", "x", "y"], "RSA": ["e", "kty", "n"], "OKP": ["crv", "kty", "x"], "oct": ["k", "kty"],
    ]

    /// The SHA-256 JWK Thumbprint of `jwk`, base64url without padding (43 characters).
    /// - Parameter jwk: a JWK as a JSON object (RFC 7517 §4).
    /// - Returns: the thumbprint.
    /// - Throws: ``JOSEError`` `malformed_jwk` when `jwk` is not an object, its `kty` is not `EC`, `RSA`, `OKP` or
    ///   `oct`, or a required member is missing or not a string.
    public static func sha256(_ jwk: JSONValue) throws(JOSEError) -> String {
        guard jwk.objectValue != nil else {
            throw JOSEError(.malformedJWK, "JWK: expected a JSON object (RFC 7517 §4), found \(jwk.kindName)")
        }
        guard let type = jwk["kty"]?.stringValue, let members = requiredMembers[type] else {
            throw JOSEError(
                .malformedJWK,
                "JWK kty: expected EC, RSA, OKP or oct (RFC 7638 §3.2), found \(jwk["kty"]?.kindName ?? "none")")
        }
        var text: [UInt8] = [UInt8(ascii: "{")]
        for (index, name) in members.enumerated() {
            guard let value = jwk[name]?.stringValue else {
                throw JOSEError(
                    .malformedJWK, "JWK \(name): required for kty \(type) (RFC 7638 §3.2), missing or not a string")
            }
            if index > 0 { text.append(UInt8(ascii: ",")) }
            JSONString.append(name, to: &text)
            text.append(UInt8(ascii: ":"))
            JSONString.append(value, to: &text)
        }
        text.append(UInt8(ascii: "}"))
        return Base64URL.encode(Digest.sha256.hash(text))
    }
}
