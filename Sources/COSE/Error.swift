import X509

/// An error from the COSE module (CBOR decoding and COSE_Sign1): a stable ``Code`` and a message a person can act
/// on, naming the path of the offending item where there is one (`certificateInfos[3].docType`).
///
/// The codes' raw values are the reason codes of the trust-list pipeline (DESIGN.md), so a failure keeps one name
/// from the decoder to the logs. Equality compares the code only.
public typealias COSEError = CodedError<COSEErrorDomain>

/// The family of ``COSEError``: its codes are the static members of `ErrorCode<COSEErrorDomain>` below.
public enum COSEErrorDomain {}

extension ErrorCode where Domain == COSEErrorDomain {
    /// Bytes that are not well-formed CBOR (RFC 8949 §5.3.1 and Appendix F): truncated input, reserved
    /// additional information, a break outside an indefinite item, invalid UTF-8, a duplicate map key,
    /// bytes after the top item.
    public static let malformedCBOR = Self(rawValue: "malformed_cbor")
    /// Well-formed CBOR over a configured limit (input size, nesting depth, item count).
    public static let limitsExceeded = Self(rawValue: "limits_exceeded")
    /// Well-formed CBOR of another shape than the one asked for (a map where an array was expected, a
    /// missing key): the message names the path.
    public static let unexpectedType = Self(rawValue: "unexpected_type")
    /// Well-formed CBOR that is not a COSE_Sign1 message (RFC 9052 §4.2).
    public static let notCOSESign1 = Self(rawValue: "not_cose_sign1")
    /// A `crit` header (RFC 9052 §3.1) names a label this implementation does not understand.
    public static let unknownCriticalHeader = Self(rawValue: "unknown_critical_header")
    /// An `alg` that is absent, not supported, or that does not fit the key (RFC 9053 §2.1).
    public static let unsupportedAlgorithm = Self(rawValue: "unsupported_alg")
    /// No x5chain (RFC 9360 §2, label 33) where one is required.
    public static let missingX5Chain = Self(rawValue: "missing_x5chain")
    /// A detached payload (nil) where an attached one is required (RFC 9052 §4.1).
    public static let detachedPayload = Self(rawValue: "detached_payload")
    /// A signature that does not verify over the Sig_structure (RFC 9052 §4.4).
    public static let badSignature = Self(rawValue: "bad_signature")
}
