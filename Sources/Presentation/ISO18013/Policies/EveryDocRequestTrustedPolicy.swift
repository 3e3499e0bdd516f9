/// Every DocRequest is trusted; otherwise the request is not, with the first failing DocRequest's reason and message.
struct EveryDocRequestTrustedPolicy: DeviceRequestPolicy {
    func check(_ context: inout DeviceRequestContext) -> PresentationError? {
        guard let index = context.documents.firstIndex(where: { !$0.trusted }) else { return nil }
        context.reported = index
        let failing = context.documents[index]
        // A not-trusted decision always carries its reason; were one ever missing, the request still fails.
        return PresentationError(failing.reason ?? .notAuthenticated, failing.message)
    }
}
