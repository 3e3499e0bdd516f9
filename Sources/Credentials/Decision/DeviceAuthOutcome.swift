/// What the holder binding of a credential showed (docs/architecture.md, Credentials): an mdoc's device
/// authentication (ISO/IEC 18013-5 §9.1.3), an SD-JWT's Key Binding JWT (SD-JWT §7.3).
public enum DeviceAuthOutcome: String, Sendable, Hashable {
    /// The device signature (Key Binding JWT) verified under the key the issuer bound, over the caller's session
    /// transcript (nonce and audience).
    case verified
    /// Present, but it cannot be checked here: a `deviceMac` (it needs the reader's ephemeral private key) or no
    /// SessionTranscript given. Never proof of device authentication.
    case notCheckable = "not_checkable"
    /// None: a Document without `deviceSigned`, a bare IssuerSigned, an SD-JWT without a Key Binding JWT.
    case absent
    /// It does not verify.
    case invalid
}
