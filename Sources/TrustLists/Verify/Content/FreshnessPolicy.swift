import Foundation

/// Pipeline step 9: the list's issue time (`date`, a LoTE's `ListIssueDateTime`) is not in the future beyond the
/// configured clock skew (180 s by default), and the verification time is not past its `notAfter`. Being past
/// `nextUpdate` is not a refusal: it makes the list `overdue`, then `expired` (docs/architecture.md, List states); a
/// LoTE's verifier reports it as a warning.
package struct FreshnessPolicy: SourcePolicy {
    /// How far the issue time may lie after the verification time, in seconds.
    package let clockSkewSeconds: Double
    /// Whether a passed `nextUpdate` is reported as a warning.
    package let warnsWhenOverdue: Bool

    /// A policy with this clock skew.
    package init(clockSkewSeconds: Double, warnsWhenOverdue: Bool = false) {
        self.clockSkewSeconds = clockSkewSeconds
        self.warnsWhenOverdue = warnsWhenOverdue
    }

    /// - Throws: ``TrustListError`` `date_in_future` or `list_expired`.
    package func check(_ verified: VerifiedList, _ findings: inout SourceFindings) throws(TrustListError) {
        let list = verified.list
        let time = findings.time
        if list.date > time + clockSkewSeconds {
            throw TrustListError(
                .dateInFuture,
                "\(list.document.dateName) \(Timestamp.text(list.date)) is after \(Timestamp.text(time)) plus "
                    + "\(Int(clockSkewSeconds)) s of clock skew")
        }
        if let notAfter = list.notAfter, time > notAfter {
            throw TrustListError(
                .listExpired, "notAfter \(Timestamp.text(notAfter)) has passed (at \(Timestamp.text(time)))")
        }
        if warnsWhenOverdue, let nextUpdate = list.nextUpdate, time > nextUpdate {
            findings.warnings.add(
                "\(list.document.nextUpdateName) \(Timestamp.text(nextUpdate)) has passed: the list is overdue")
        }
    }
}
