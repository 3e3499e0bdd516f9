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
        try Self.checkNotInFuture(list.date, named: "date", at: time, skew: candidate.settings.clockSkewSeconds)
        if let notAfter = list.notAfter, time > notAfter {
            throw TrustListError(
                .listExpired, "notAfter \(Timestamp.text(notAfter)) has passed (at \(Timestamp.text(time)))")
        }
    }

    /// `date_in_future` when a list's issue time `date` (its field `name`, for the message) lies after `time` plus
    /// `skew` seconds: the one rule of every kind (VICAL and RICAL `date`, a LoTE's `ListIssueDateTime`).
    static func checkNotInFuture(
        _ date: Date, named name: String, at time: Date, skew: TimeInterval
    ) throws(TrustListError) {
        guard date > time + skew else { return }
        throw TrustListError(
            .dateInFuture,
            "\(name) \(Timestamp.text(date)) is after \(Timestamp.text(time)) plus \(Int(skew)) s of clock skew")
    }
}
