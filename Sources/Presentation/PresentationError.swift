import X509

/// A reason a presentation request (ISO/IEC 18013-5 DeviceRequest, SessionTranscript, ReaderAuth) could not be read
/// or its reader authentication failed: a stable ``Code`` and a message naming the path of the offending item
/// (`docRequests[1].itemsRequest.nameSpaces`).
///
/// Its codes belong to the project's one ``ReasonCode`` vocabulary: codes the COSE and X509 modules raise are used as
/// they are (`malformed_cbor`, `bad_signature`, ...), so one failure has one name from the decoder to the JSON; the
/// codes below are the presentation module's own. Equality compares the code only.
public typealias PresentationError = CodedError<PresentationErrorDomain>

/// The family of ``PresentationError``.
public enum PresentationErrorDomain {}

extension ReasonCode {
    /// A DeviceRequest of the wrong shape (ISO/IEC 18013-5 §8.3.2.1.2.1): a missing key, a wrong type, an empty
    /// list where one entry is required, an unsupported `version`. The message names the path.
    public static let malformedDeviceRequest = Self(rawValue: "malformed_device_request")
    /// A SessionTranscript of the wrong shape (ISO/IEC 18013-5 §9.1.5.1): not a 3-array, or an engagement or key
    /// item that is neither tag 24 over a byte string nor null.
    public static let malformedSessionTranscript = Self(rawValue: "malformed_session_transcript")
    /// A `readerAuth` that carries its payload: ISO/IEC 18013-5 §9.1.4 requires the ReaderAuthenticationBytes to be
    /// detached (payload nil).
    public static let attachedPayload = Self(rawValue: "attached_payload")
}
