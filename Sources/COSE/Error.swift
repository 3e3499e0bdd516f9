import X509

/// An error from the COSE module (CBOR decoding and COSE_Sign1): a stable ``Code`` and a message a person can act
/// on, naming the path of the offending item where there is one (`certificateInfos[3].docType`).
///
/// The codes' raw values are the reason codes of the trust-list pipeline (docs/architecture.md, Reason codes), so a
/// failure keeps one name from the decoder to the logs. Equality compares the code only.
public typealias COSEError = CodedError<COSEErrorDomain>

/// The family of ``COSEError``: the codes it raises are declared below, in the one ``ReasonCode`` vocabulary.
public enum COSEErrorDomain {}

extension ReasonCode {
    // limits_exceeded, unknown_critical_header, unsupported_alg and bad_signature are shared with JOSE and declared
    // in X509.
    /// Bytes that are not well-formed CBOR (RFC 8949 §5.3.1 and Appendix F): truncated input, reserved
    /// additional information, a break outside an indefinite item, invalid UTF-8, a duplicate map key,
    /// bytes after the top item.
    public static let malformedCBOR = Self(rawValue: "malformed_cbor")
    /// Well-formed CBOR of another shape than the one asked for (a map where an array was expected, a
    /// missing key): the message names the path.
    public static let unexpectedType = Self(rawValue: "unexpected_type")
    /// Well-formed CBOR that is not a COSE_Sign1 message (RFC 9052 §4.2).
    public static let notCOSESign1 = Self(rawValue: "not_cose_sign1")
    /// No x5chain (RFC 9360 §2, label 33) where one is required.
    public static let missingX5Chain = Self(rawValue: "missing_x5chain")
    /// A detached payload (nil) where an attached one is required (RFC 9052 §4.1).
    public static let detachedPayload = Self(rawValue: "detached_payload")
}
