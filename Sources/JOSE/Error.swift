import X509

/// An error from the JOSE module (base64url, JSON with limits, JWS compact serialization, JWT claims): a stable
/// ``Code`` and a message a person can act on, naming the path of the offending part (`header.x5c[1]`).
///
/// Its codes belong to the project's one ``ReasonCode`` vocabulary (docs/architecture.md, Reason codes): the failures
/// JOSE shares with COSE (`limits_exceeded`, `unsupported_alg`, `bad_signature`, `unknown_critical_header`) are the
/// same values, declared once in X509; the codes below are JOSE's own. Equality compares the code only, so tests can
/// write `#expect(throws: JOSEError(.unsupportedAlgorithm))`.
public typealias JOSEError = CodedError<JOSEErrorDomain>

/// The family of ``JOSEError``.
public enum JOSEErrorDomain {}

extension ReasonCode {
    /// A JWS that is not a well-formed compact serialization (RFC 7515 §7.1): not three segments, a segment that
    /// is not strict base64url (RFC 7515 §2), a protected header that is JSON but not an object, a header
    /// parameter of the wrong type, a malformed `crit` (RFC 7515 §4.1.11), an empty signature.
    public static let malformedJWS = Self(rawValue: "malformed_jws")
    /// Bytes that are not well-formed JSON (RFC 8259), including invalid UTF-8, a lone surrogate escape and a
    /// duplicate member name (RFC 7515 §5.2 lets a parser reject those; this one does); also well-formed JSON of
    /// the wrong shape for a JWT claims set (RFC 7519 §4.1, §7.2).
    public static let malformedJSON = Self(rawValue: "malformed_json")
    /// An `x5c` header (RFC 7515 §4.1.6) that is not a non-empty array of standard base64 (RFC 4648 §4) strings:
    /// base64url, missing padding, a non-string entry.
    public static let malformedX5C = Self(rawValue: "malformed_x5c")
    /// A JWK (RFC 7517 §4) that cannot be read: not an object, a `kty` other than `EC`, `RSA`, `OKP`, `oct`, or a
    /// member its key type requires missing or not a string (RFC 7638 §3.2).
    public static let malformedJWK = Self(rawValue: "malformed_jwk")
    /// A key smaller than its signature algorithm allows: an RSA key under 2048 bits for PS256/PS384/PS512 (RFC 7518
    /// §3.5: "A key of size 2048 bits or larger MUST be used").
    public static let weakKey = Self(rawValue: "weak_key")
}
