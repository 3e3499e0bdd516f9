import Foundation

/// The order of a list's versions, the one rule for rollback, the high-water mark and choosing among cached versions
/// (docs/architecture.md, The pipeline: step 9): by the signed `date`, the issue id breaking ties (absent counts as 0).
///
/// Ordering by date first is deliberate: real providers' issue ids do not always count up (AAMVA's 2024-09-24 VICAL is
/// issue 616575, its 2025-11-18 VICAL issue 227602; both among the real fixtures the tests use), while an old list
/// replayed by an attacker always carries its old, signed `date`.
public struct ListVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The signed `date`, UTC.
    public let date: Date
    /// The issue id (`vicalIssueID` / `id`); nil when the list has none.
    public let issueID: UInt64?

    /// A version from its two facts.
    public init(date: Date, issueID: UInt64?) {
        self.date = date
        self.issueID = issueID
    }

    /// Earlier date first; for the same date, the lower issue id first.
    public static func < (lhs: ListVersion, rhs: ListVersion) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        return (lhs.issueID ?? 0) < (rhs.issueID ?? 0)
    }

    /// `2025-11-18T00:00:00Z (issue 227602)`.
    public var description: String { Timestamp.text(date) + (issueID.map { " (issue \($0))" } ?? "") }
}
