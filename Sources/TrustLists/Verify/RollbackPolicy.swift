import Foundation

/// Pipeline step 9 for every kind: a version against the highest one accepted so far for its source, in the kind's
/// order (``VersionRules``), with the signed content as the witness of equivocation (docs/architecture.md, The
/// pipeline):
/// - a version earlier in the order is a **rollback** (`rollback`, `crl_rollback`, …);
/// - the same place in the order (the same number, or the same date where the order has no number to tell) with
///   other signed content is **equivocation**;
/// - the same signed content in other unsigned bytes (another ECDSA signature, a tag-18 wrapper, an x5chain without
///   the root, another JWS serialization) is the same version: ``Verdict/sameContent``;
/// - VICALs and RICALs only: a later `date` with a lower issue id is accepted, with a note.
package struct RollbackPolicy: SourcePolicy {
    /// What the check found for a version that is not refused.
    package enum Verdict: Sendable, Hashable {
        /// A later version, or the first one; with a note for the report when something is odd.
        case newer(note: String?)
        /// The same signed content as the accepted version.
        case sameContent
    }

    /// The highest version accepted so far; nil before the first.
    package let accepted: VersionMark?
    /// The kind's order, words and codes.
    package let rules: VersionRules

    /// A policy against `accepted`.
    package init(accepted: VersionMark?, rules: VersionRules) {
        self.accepted = accepted
        self.rules = rules
    }

    /// Checks a verified version's mark; a note goes to the findings.
    /// - Throws: ``TrustListError`` with the kind's rollback or equivocation code.
    package func check(_ candidate: VersionMark, _ findings: inout SourceFindings) throws(TrustListError) {
        if case .newer(let note?) = try verdict(candidate) { findings.notes.append(note) }
    }

    /// The verdict for a version.
    /// - Throws: ``TrustListError`` with the kind's rollback or equivocation code.
    package func verdict(_ candidate: VersionMark) throws(TrustListError) -> Verdict {
        guard let accepted else { return .newer(note: nil) }
        if candidate.contentSHA256 == accepted.contentSHA256 { return .sameContent }
        let numbers = (candidate.number, accepted.number)
        switch rules.order {
        case .dateThenNumber:
            if candidate.date < accepted.date { throw earlierDate(candidate, accepted) }
            if let new = numbers.0, let old = numbers.1 {
                switch VersionMark.compare(new, old) {
                case .orderedSame: throw sameNumber(candidate)
                case .orderedAscending where candidate.date == accepted.date:
                    throw lowerNumber(candidate, accepted, " for the same date")
                case .orderedAscending:
                    return .newer(
                        note: "\(rules.numberName) went down from \(accepted.numberText ?? "") to "
                            + "\(candidate.numberText ?? "") with a later \(rules.dateName) "
                            + "(\(Timestamp.text(candidate.date))); accepted by \(rules.dateName)")
                case .orderedDescending: return .newer(note: nil)
                }
            }
            if candidate.date == accepted.date { throw sameDate(candidate) }
            return .newer(note: nil)
        case .number:
            switch VersionMark.compare(numbers.0 ?? [], numbers.1 ?? []) {
            case .orderedAscending: throw lowerNumber(candidate, accepted, "")
            case .orderedSame: throw sameNumber(candidate)
            case .orderedDescending: return .newer(note: nil)
            }
        case .numberElseDate:
            if let new = numbers.0, let old = numbers.1 {
                switch VersionMark.compare(new, old) {
                case .orderedAscending: throw lowerNumber(candidate, accepted, "")
                case .orderedSame: throw sameNumber(candidate)
                case .orderedDescending: return .newer(note: nil)
                }
            }
            if candidate.date < accepted.date { throw earlierDate(candidate, accepted) }
            if candidate.date == accepted.date { throw sameDate(candidate) }
            return .newer(note: nil)
        }
    }

    private func earlierDate(_ candidate: VersionMark, _ accepted: VersionMark) -> TrustListError {
        TrustListError(
            rules.rollback,
            "\(rules.dateName) \(rules.describe(candidate)) is earlier than \(rules.describe(accepted)), the latest "
                + "already accepted")
    }

    private func lowerNumber(_ candidate: VersionMark, _ accepted: VersionMark, _ qualifier: String) -> TrustListError {
        TrustListError(
            rules.rollback,
            "\(rules.numberName) \(candidate.numberText ?? "0") is lower than \(accepted.numberText ?? "0"), the "
                + "highest accepted\(qualifier)")
    }

    private func sameNumber(_ candidate: VersionMark) -> TrustListError {
        TrustListError(
            rules.equivocation,
            "\(rules.numberName) \(candidate.numberText ?? "0") was already accepted with other signed content")
    }

    private func sameDate(_ candidate: VersionMark) -> TrustListError {
        TrustListError(
            rules.equivocation,
            "\(rules.noun) of \(rules.dateName) \(Timestamp.text(candidate.date)) was already accepted with other "
                + "signed content")
    }
}
