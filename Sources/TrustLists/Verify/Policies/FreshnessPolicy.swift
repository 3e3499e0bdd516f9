import Foundation

/// Pipeline step 9: the list's `date` is not in the future (beyond the configured clock skew, 180 s by default) and
/// the verification time is not past its `notAfter`. Being past `nextUpdate` is not a refusal: it makes the list
/// `overdue`, then `expired` (docs/architecture.md, List states).
public struct FreshnessPolicy: ListVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `date_in_future` or `list_expired`.
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        guard let list = candidate.list else { throw ListCandidate.outOfOrder(Self.self) }
        let time = candidate.time
        let skew = candidate.settings.clockSkewSeconds
        if list.date > time + skew {
            throw TrustListError(
                .dateInFuture,
                "date \(Timestamp.text(list.date)) is after \(Timestamp.text(time)) plus \(Int(skew)) s of clock skew")
        }
        if let notAfter = list.notAfter, time > notAfter {
            throw TrustListError(
                .listExpired, "notAfter \(Timestamp.text(notAfter)) has passed (at \(Timestamp.text(time)))")
        }
    }
}
