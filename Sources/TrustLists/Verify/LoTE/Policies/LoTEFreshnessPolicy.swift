import Foundation

/// LoTE step 9: `ListIssueDateTime` is not in the future (beyond the clock skew). Being past `NextUpdate` is not a
/// refusal: it makes the list overdue, then expired, as for other lists; the verifier reports it as a warning.
public struct LoTEFreshnessPolicy: LoTEVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `date_in_future`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let lote = candidate.lote else { throw LoTECandidate.outOfOrder(Self.self) }
        let time = candidate.time
        let skew = candidate.settings.clockSkewSeconds
        if lote.issueDate > time + skew {
            throw TrustListError(
                .dateInFuture,
                "ListIssueDateTime \(Timestamp.text(lote.issueDate)) is after \(Timestamp.text(time)) plus \(Int(skew)) s "
                    + "of clock skew")
        }
        if time > lote.nextUpdate {
            candidate.warnings.add("NextUpdate \(Timestamp.text(lote.nextUpdate)) has passed: the list is overdue")
        }
    }
}
