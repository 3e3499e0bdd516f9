import X509

/// An error from the JOSE module (base64url, JSON with limits, JWS compact serialization, JWT claims): a stable
/// ``Code`` and a message a person can act on, naming the path of the offending part (`header.x5c[1]`).
///
/// The codes' raw values belong to the project's one vocabulary of reason codes (DESIGN.md): where COSE has the
/// same failure (`limits_exceeded`, `unsupported_alg`, `bad_signature`, `unknown_critical_header`) the string is
/// the same. Equality compares the code only, so tests can write `#expect(throws: JOSEError(.unsupportedAlgorithm))`.
public typealias JOSEError = CodedError<JOSEErrorDomain>

/// The family of ``JOSEError``: its codes are the static members of `ErrorCode<JOSEErrorDomain>` below.
public enum JOSEErrorDomain {}

extension ErrorCode where Domain == JOSEErrorDomain {
    /// A JWS that is not a well-formed compact serialization (RFC 7515 §7.1): not three segments, a segment that
    /// is not strict base64url (RFC 7515 §2), a protected header that is JSON but not an object, a header
    /// parameter of the wrong type, a malformed `crit` (RFC 7515 §4.1.11), an empty signature.
    public static let malformedJWS = Self(rawValue: "malformed_jws")
    /// Bytes that are not well-formed JSON (RFC 8259), including invalid UTF-8, a lone surrogate escape and a
    /// duplicate member name (RFC 7515 §5.2 lets a parser reject those; this one does); also well-formed JSON of
    /// the wrong shape for a JWT claims set (RFC 7519 §4.1, §7.2).
    public static let malformedJSON = Self(rawValue: "malformed_json")
    /// Input over a configured limit: compact serialization size, header size, JSON size or nesting depth, number
    /// of `x5c` entries. The same string as COSE's `limits_exceeded`.
    public static let limitsExceeded = Self(rawValue: "limits_exceeded")
    /// An `alg` that is absent, not one of ES256, ES384, ES512 and EdDSA (so `none` and every HMAC algorithm), or
    /// that does not fit the key the caller trusts (RFC 7518 §3.4, RFC 8037 §3.1). The same string as COSE's.
    public static let unsupportedAlgorithm = Self(rawValue: "unsupported_alg")
    /// A signature that does not verify over the JWS signing input, or that has the wrong length for its
    /// algorithm (RFC 7518 §3.4: raw `r‖s`; RFC 8037 §3.1: 64 bytes). The same string as COSE's.
    public static let badSignature = Self(rawValue: "bad_signature")
    /// An `x5c` header (RFC 7515 §4.1.6) that is not a non-empty array of standard base64 (RFC 4648 §4) strings:
    /// base64url, missing padding, a non-string entry.
    public static let malformedX5C = Self(rawValue: "malformed_x5c")
    /// A `crit` header (RFC 7515 §4.1.11) that names an extension this implementation does not process, or an
    /// extension it knows but does not support (`b64: false`, RFC 7797 §6). The same string as COSE's.
    public static let unknownCriticalHeader = Self(rawValue: "unknown_critical_header")
}
