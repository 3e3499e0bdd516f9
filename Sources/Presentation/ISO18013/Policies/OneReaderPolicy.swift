import TrustLists

/// One DeviceRequest comes from one reader: every DocRequest is authenticated by the same reader certificate, else
/// `reader_mismatch`, though each is trusted; the top-level answer could otherwise name one reader for data another
/// one asked for.
struct OneReaderPolicy: DeviceRequestPolicy {
    func check(_ context: inout DeviceRequestContext) -> PresentationError? {
        let documents = context.documents
        let leaf = { (decision: PresentationDecision) -> String? in
            if case .trusted(let trusted) = decision.readerDecision { return trusted.chain.first }
            return nil
        }
        guard let other = documents.indices.first(where: { leaf(documents[$0]) != leaf(documents[0]) }) else {
            return nil
        }
        let name = { (decision: PresentationDecision) in decision.verifiedBy.commonName ?? "?" }
        return PresentationError(
            .readerMismatch,
            "docRequests[0] is authenticated by \(name(documents[0])), docRequests[\(other)] by "
                + "\(name(documents[other])): the DocRequests of one DeviceRequest must come from one reader")
    }
}
