/// An error from the X509 module: a stable ``Code`` and a message a person can act on.
///
/// Equality compares the code only, so tests can write `#expect(throws: X509Error(.malformedCertificate))`.
public typealias X509Error = CodedError<X509ErrorDomain>

/// The family of ``X509Error``: the codes it raises are declared below, in the one ``ReasonCode`` vocabulary.
public enum X509ErrorDomain {}

extension ReasonCode {
    /// Bytes that OpenSSL cannot parse as an X.509 certificate (DER, RFC 5280 §4.1).
    public static let malformedCertificate = Self(rawValue: "malformed_certificate")
    /// Bytes that OpenSSL cannot parse as an X.509 CRL (DER or PEM, RFC 5280 §5.1), or a CRL whose fields contradict
    /// RFC 5280 §5 (a negative CRL number, an extension twice, a nextUpdate before thisUpdate).
    public static let malformedCRL = Self(rawValue: "malformed_crl")
    /// Text that holds no usable PEM block (RFC 7468).
    public static let malformedPEM = Self(rawValue: "malformed_pem")
    /// A key OpenSSL cannot parse, or of a type or curve this module does not support.
    public static let unsupportedKey = Self(rawValue: "unsupported_key")
    /// A signature that is malformed for its key (wrong raw length, bad DER).
    public static let malformedSignature = Self(rawValue: "malformed_signature")
    /// Input larger than this module accepts.
    public static let inputTooLarge = Self(rawValue: "input_too_large")
    /// A signature that does not verify with the key (RFC 9052 §4.4 for COSE_Sign1, RFC 7515 §5.2 for JWS).
    public static let badSignature = Self(rawValue: "bad_signature")
    /// An algorithm that is absent, not supported, or that does not fit the key (RFC 9053 §2.1, RFC 7518 §3.1):
    /// the key decides which algorithm is acceptable, never the message.
    public static let unsupportedAlgorithm = Self(rawValue: "unsupported_alg")
    /// Well-formed input over a configured limit (size, nesting depth, item count), in any decoder of untrusted
    /// bytes (CBOR, JOSE).
    public static let limitsExceeded = Self(rawValue: "limits_exceeded")
    /// A critical header (`crit`: RFC 9052 §3.1, RFC 7515 §4.1.11) names a parameter this implementation does not
    /// understand.
    public static let unknownCriticalHeader = Self(rawValue: "unknown_critical_header")
    /// An OpenSSL call failed for a reason other than the input (allocation, internal error).
    public static let openSSLFailure = Self(rawValue: "openssl_failure")
}
