/// An error from the X509 module: a stable ``Code`` and a message a person can act on.
///
/// Equality compares the code only, so tests can write `#expect(throws: X509Error(.malformedCertificate))`.
public typealias X509Error = CodedError<X509ErrorDomain>

/// The family of ``X509Error``: its codes are the static members of `ErrorCode<X509ErrorDomain>` below.
public enum X509ErrorDomain {}

extension ErrorCode where Domain == X509ErrorDomain {
    /// Bytes that OpenSSL cannot parse as an X.509 certificate (DER, RFC 5280 §4.1).
    public static let malformedCertificate = Self(rawValue: "malformed_certificate")
    /// Text that holds no usable PEM block (RFC 7468).
    public static let malformedPEM = Self(rawValue: "malformed_pem")
    /// A key OpenSSL cannot parse, or of a type or curve this module does not support.
    public static let unsupportedKey = Self(rawValue: "unsupported_key")
    /// A signature that is malformed for its key (wrong raw length, bad DER).
    public static let malformedSignature = Self(rawValue: "malformed_signature")
    /// Input larger than this module accepts.
    public static let inputTooLarge = Self(rawValue: "input_too_large")
    /// An OpenSSL call failed for a reason other than the input (allocation, internal error).
    public static let openSSLFailure = Self(rawValue: "openssl_failure")
}
