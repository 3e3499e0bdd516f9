/// One check of a DeviceRequest as a whole, after each DocRequest was decided: ``ProximityVerifier`` runs an ordered
/// list of these; the first that fails gives the request's reason.
protocol DeviceRequestPolicy: Sendable {
    func check(_ context: inout DeviceRequestContext) -> PresentationError?
}

/// What the decision about a whole DeviceRequest knows while its policies run.
struct DeviceRequestContext {
    /// One decision per DocRequest, in request order; DeviceRequest decoding guarantees at least one.
    let documents: [PresentationDecision]

    /// The DocRequest whose reader decision the answer carries: the first, or the one a policy refused for.
    var reported = 0
}
