/// Every DocRequest is trusted; otherwise the request is not, with the first failing DocRequest's reason and message.
struct EveryDocRequestTrustedPolicy: DeviceRequestPolicy {
    func check(_ context: inout DeviceRequestContext) -> PresentationError? {
        guard let index = context.documents.firstIndex(where: { !$0.trusted }),
            let reason = context.documents[index].reason
        else { return nil }
        context.reported = index
        return PresentationError(reason, context.documents[index].message)
    }
}
