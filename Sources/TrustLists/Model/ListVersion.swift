import Foundation

/// The order of a list's versions, the one rule for rollback, the high-water mark and choosing among cached versions
/// (docs/architecture.md, The pipeline: step 9).
///
/// VICALs and RICALs are ordered by the signed `date`, the issue id breaking ties (absent counts as 0). Ordering by
/// date first is deliberate: real providers' issue ids do not always count up (AAMVA's 2024-09-24 VICAL is issue
/// 616575, its 2025-11-18 VICAL issue 227602; both among the real fixtures the tests use), while an old list replayed
/// by an attacker always carries its old, signed `date`.
///
/// LoTEs are ordered by `LoTESequenceNumber` alone, which ETSI TS 119 602 increases with every issue: a lower number
/// is older whatever its `ListIssueDateTime` says.
public struct ListVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The signed `date` (a LoTE's `ListIssueDateTime`), UTC.
    public let date: Date
    /// The issue id (`vicalIssueID` / `id` / `LoTESequenceNumber`); nil when the list has none.
    public let issueID: UInt64?
    /// Whether the issue id alone orders (LoTEs) rather than the date first.
    public let bySequenceNumber: Bool

    /// A version from its facts.
    /// - Parameters:
    ///   - date: the signed date.
    ///   - issueID: the issue id or sequence number.
    ///   - kind: the list's kind: `lote` orders by sequence number alone.
    public init(date: Date, issueID: UInt64?, kind: ListKind = .vical) {
        self.date = date
        self.issueID = issueID
        self.bySequenceNumber = kind == .lote
    }

    /// Earlier first: for a LoTE the lower sequence number; otherwise the earlier date, and for the same date the
    /// lower issue id.
    public static func < (lhs: ListVersion, rhs: ListVersion) -> Bool {
        if lhs.bySequenceNumber || rhs.bySequenceNumber { return (lhs.issueID ?? 0) < (rhs.issueID ?? 0) }
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        return (lhs.issueID ?? 0) < (rhs.issueID ?? 0)
    }

    /// The same place in the order: for a LoTE the same sequence number; otherwise the same date and issue id.
    public static func == (lhs: ListVersion, rhs: ListVersion) -> Bool {
        if lhs.bySequenceNumber || rhs.bySequenceNumber { return lhs.issueID == rhs.issueID }
        return lhs.date == rhs.date && lhs.issueID == rhs.issueID
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(issueID)
        if !bySequenceNumber { hasher.combine(date) }
    }

    /// `2025-11-18T00:00:00Z (issue 227602)`, or for a LoTE `sequence 4 (2026-03-16T16:34:24Z)`.
    public var description: String {
        if bySequenceNumber { return "sequence \(issueID ?? 0) (\(Timestamp.text(date)))" }
        return Timestamp.text(date) + (issueID.map { " (issue \($0))" } ?? "")
    }
}
