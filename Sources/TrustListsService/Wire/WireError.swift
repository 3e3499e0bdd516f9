import X509

/// A reason and a message: the body of every error answer of the HTTP API, a refresh's `persistError`, and the
/// members a `/readyz` answer adds when not ready.
public struct WireError: Encodable, Sendable {
    /// The stable reason code.
    public let reason: String
    /// What was expected and what was found.
    public let message: String

    /// An error of `reason` saying `message`.
    public init(_ reason: ReasonCode, _ message: String) {
        self.reason = reason.rawValue
        self.message = message
    }
}
