/// Pipeline step 9's ordering rules against the highest version accepted so far (DESIGN.md): a lower issue id (or,
/// for lists without one, an earlier `date`) is a **rollback**; the same issue id (or date) with other bytes is
/// **equivocation**. Both are refused, and the last good version stays.
enum RollbackPolicy {
    /// - Throws: ``TrustListError`` `rollback` or `equivocation`.
    static func check(_ candidate: ListSummary, against mark: HighWaterMark?) throws(TrustListError) {
        guard let mark else { return }
        if let new = candidate.issueID, let old = mark.issueID {
            if new < old {
                throw TrustListError(.rollback, "issue id \(new) is lower than \(old), the highest already accepted")
            }
            if new == old, candidate.sha256 != mark.sha256 {
                throw TrustListError(
                    .equivocation,
                    "issue id \(new) was already accepted with other bytes (sha256 \(mark.sha256.prefix(16))…, now \(candidate.sha256.prefix(16))…)"
                )
            }
            return
        }
        if candidate.date < mark.date {
            throw TrustListError(
                .rollback,
                "date \(Timestamp.text(candidate.date)) is earlier than \(Timestamp.text(mark.date)), the latest already accepted"
            )
        }
        if candidate.date == mark.date, candidate.sha256 != mark.sha256 {
            throw TrustListError(
                .equivocation, "a list dated \(Timestamp.text(candidate.date)) was already accepted with other bytes")
        }
    }
}
