/// Pipeline step 9's ordering rules against the latest version accepted so far (DESIGN.md), ordered by the signed
/// `date`, with the issue id as a tie-break and as the witness of equivocation:
/// - an earlier `date` is a **rollback**; so is a lower issue id with the same `date`;
/// - the same issue id with other bytes, or the same `date` with other bytes and no issue ids to tell them apart, is
///   **equivocation**;
/// - a later `date` is accepted even when its issue id is lower, with a note: real providers do not always count up
///   (AAMVA's 2024-09-24 VICAL is issue 616575, its 2025-11-18 VICAL issue 227602; both are in
///   `../shared/fixtures/real`), and an old list replayed by an attacker always carries an old, signed `date`.
enum RollbackPolicy {
    /// - Returns: a note for the report when the candidate is accepted despite a lower issue id; nil otherwise.
    /// - Throws: ``TrustListError`` `rollback` or `equivocation`.
    static func check(_ candidate: ListSummary, against mark: HighWaterMark?) throws(TrustListError) -> String? {
        guard let mark else { return nil }
        let ids = (candidate.issueID, mark.issueID)
        if candidate.date < mark.date {
            throw TrustListError(
                .rollback,
                "date \(Timestamp.text(candidate.date))\(issue(ids.0)) is earlier than \(Timestamp.text(mark.date))\(issue(ids.1)), the latest already accepted"
            )
        }
        if let new = ids.0, let old = ids.1 {
            if new == old, candidate.sha256 != mark.sha256 {
                throw TrustListError(
                    .equivocation,
                    "issue id \(new) was already accepted with other bytes (sha256 \(mark.sha256.prefix(16))…, now \(candidate.sha256.prefix(16))…)"
                )
            }
            if new < old, candidate.date == mark.date {
                throw TrustListError(
                    .rollback, "issue id \(new) is lower than \(old), the highest accepted for the same date")
            }
            if new < old {
                return
                    "issue id went down from \(old) to \(new) with a later date (\(Timestamp.text(candidate.date))); accepted by date"
            }
            return nil
        }
        if candidate.date == mark.date, candidate.sha256 != mark.sha256 {
            throw TrustListError(
                .equivocation, "a list dated \(Timestamp.text(candidate.date)) was already accepted with other bytes")
        }
        return nil
    }

    private static func issue(_ id: UInt64?) -> String {
        id.map { " (issue \($0))" } ?? ""
    }
}

/// Whether `summary` is a later version than the mark: later `date`, or the same date and a higher issue id.
func isHigher(_ summary: ListSummary, than mark: HighWaterMark) -> Bool {
    if summary.date != mark.date { return summary.date > mark.date }
    return (summary.issueID ?? 0) > (mark.issueID ?? 0)
}

/// Whether `a` is an earlier version than `b`, by the same order.
func isLower(_ a: VerifiedList, than b: VerifiedList) -> Bool {
    if a.list.date != b.list.date { return a.list.date < b.list.date }
    return (a.list.issueID ?? 0) < (b.list.issueID ?? 0)
}
