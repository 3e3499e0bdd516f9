import X509

/// One check of one DocRequest's reader authentication (ISO/IEC 18013-5 §9.1.4), like the OpenID4VP
/// ``RequestPolicy``: ``ProximityVerifier`` runs an ordered list of these on each DocRequest; the first that fails
/// gives that DocRequest's reason, and when all pass its x5chain goes to the reader decision.
protocol DocRequestPolicy: Sendable {
    func check(_ context: inout DocRequestContext) -> PresentationError?
}

/// What one DocRequest's decision knows while its policies run.
struct DocRequestContext {
    /// Where the DocRequest is, for messages: `docRequests[i]`.
    let path: String
    /// The result of the DocRequest's own `readerAuth`.
    let own: ReaderAuthenticationResult
    /// The result `readerAuthAll` gives every DocRequest (second edition); nil when the request has none.
    let shared: ReaderAuthenticationResult?

    /// The x5chain, leaf first, once ``ReaderAuthenticatedPolicy`` found a verified signature.
    var chain: [Certificate] = []
}
