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
        try FreshnessPolicy.checkNotInFuture(
            lote.issueDate, named: "ListIssueDateTime", at: time, skew: candidate.settings.clockSkewSeconds)
        if time > lote.nextUpdate {
            candidate.warnings.add("NextUpdate \(Timestamp.text(lote.nextUpdate)) has passed: the list is overdue")
        }
    }
}
