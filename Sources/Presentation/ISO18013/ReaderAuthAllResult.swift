/// The outcome for one `readerAuthAll` COSE_Sign1 of a DeviceRequest (ISO/IEC 18013-5 second edition).
///
/// The second edition signs all DocRequests at once over a `ReaderAuthenticationAll` structure. Its exact content
/// could not be confirmed from the standard's text (published implementations differ in whether
/// `DeviceRequestInfoBytes` is part of it), so such a signature is kept and reported, never verified and never
/// counted as authentication: a request signed only this way is treated as not authenticated.
public enum ReaderAuthAllResult: Sendable, Hashable {
    /// The signature was not checked.
    /// - Parameter reason: why, for a person.
    case notVerified(reason: String)

    /// The reason given for every `readerAuthAll` signature.
    public static let unknownStructure =
        "readerAuthAll not verified: unknown structure (the signed ReaderAuthenticationAll of the second edition is not confirmed); never counted as reader authentication"
}
