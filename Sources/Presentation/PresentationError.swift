import X509

/// A reason a presentation request (ISO/IEC 18013-5 DeviceRequest, SessionTranscript, ReaderAuth) could not be read
/// or its reader authentication failed: a stable ``Code`` and a message naming the path of the offending item
/// (`docRequests[1].itemsRequest.nameSpaces`).
///
/// Codes the COSE and X509 modules raise keep their strings here (`malformed_cbor`, `bad_signature`, ...), so one
/// failure has one name from the decoder to the JSON. Equality compares the code only.
public typealias PresentationError = CodedError<PresentationErrorDomain>

/// The family of ``PresentationError``: its codes are the static members of `ErrorCode<PresentationErrorDomain>`
/// below.
public enum PresentationErrorDomain {}

extension ErrorCode where Domain == PresentationErrorDomain {
    /// Bytes that are not well-formed CBOR (RFC 8949 §5.3.1), at the top or inside a tag-24 byte string.
    public static let malformedCBOR = Self(rawValue: "malformed_cbor")
    /// Well-formed CBOR over a decoding limit (input size, nesting depth, item count).
    public static let limitsExceeded = Self(rawValue: "limits_exceeded")
    /// A DeviceRequest of the wrong shape (ISO/IEC 18013-5 §8.3.2.1.2.1): a missing key, a wrong type, an empty
    /// list where one entry is required, an unsupported `version`. The message names the path.
    public static let malformedDeviceRequest = Self(rawValue: "malformed_device_request")
    /// A SessionTranscript of the wrong shape (ISO/IEC 18013-5 §9.1.5.1): not a 3-array, or an engagement or key
    /// item that is neither tag 24 over a byte string nor null.
    public static let malformedSessionTranscript = Self(rawValue: "malformed_session_transcript")
    /// A `readerAuth` that is not a COSE_Sign1 message (RFC 9052 §4.2).
    public static let notCOSESign1 = Self(rawValue: "not_cose_sign1")
    /// A `crit` header (RFC 9052 §3.1) names a label this implementation does not understand.
    public static let unknownCriticalHeader = Self(rawValue: "unknown_critical_header")
    /// An `alg` that is absent from the protected header, not supported, or that does not fit the leaf's key
    /// (RFC 9053 §2).
    public static let unsupportedAlgorithm = Self(rawValue: "unsupported_alg")
    /// No x5chain (RFC 9360 §2, label 33) in the `readerAuth` (ISO/IEC 18013-5 §9.1.4 requires one).
    public static let missingX5Chain = Self(rawValue: "missing_x5chain")
    /// A `readerAuth` that carries its payload: ISO/IEC 18013-5 §9.1.4 requires the ReaderAuthenticationBytes to be
    /// detached (payload nil).
    public static let attachedPayload = Self(rawValue: "attached_payload")
    /// A signature that does not verify over the Sig_structure (RFC 9052 §4.4) with the x5chain leaf's key.
    public static let badSignature = Self(rawValue: "bad_signature")
    /// A certificate in the x5chain that OpenSSL cannot parse (the X509 module's code).
    public static let malformedCertificate = Self(rawValue: "malformed_certificate")
    /// A leaf key of a type the X509 module cannot verify with (the X509 module's code).
    public static let unsupportedKey = Self(rawValue: "unsupported_key")
}
