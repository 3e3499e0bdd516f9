import Foundation
import X509

/// Pipeline step 9's ordering rules against the latest version accepted so far (docs/architecture.md, The pipeline), in
/// ``ListVersion`` order, with the issue id as the witness of equivocation:
/// - an earlier `date` is a **rollback**; so is a lower issue id with the same `date`;
/// - the same issue id (or the same `date`, when the lists carry no issue ids) with other **signed content** (payload
///   or protected header: the Sig_structure, RFC 9052 §4.4) is **equivocation**;
/// - the same signed content in other unsigned bytes (a high-S signature, a tag-18 wrapper, an x5chain without the
///   root copy, a publisher re-signing with randomised ECDSA) is the same version: ``Verdict/sameContent``;
/// - a later `date` is accepted even when its issue id is lower, with a note (see ``ListVersion``).
public struct RollbackPolicy: ListVerificationPolicy {
    /// What the check found for a candidate that is not refused.
    public enum Verdict: Sendable, Hashable {
        /// A later version, or the first one.
        case newer(note: String?)
        /// The same signed content as the mark (other unsigned bytes, or the same bytes).
        case sameContent
    }

    /// The highest version accepted so far; nil before the first.
    public let mark: HighWaterMark?

    /// A policy against `mark`.
    public init(mark: HighWaterMark?) { self.mark = mark }

    /// Checks the candidate's version; a note for an issue id that went down is added to its warnings.
    /// - Throws: ``TrustListError`` `rollback` or `equivocation`.
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        guard let list = candidate.list, let content = candidate.contentSHA256 else {
            throw ListCandidate.outOfOrder(Self.self)
        }
        let version = list.version
        switch try verdict(version, contentSHA256: hexString(content)) {
        case .newer(let note?): candidate.notes.append(note)
        case .newer(nil), .sameContent: break
        }
    }

    /// The verdict for a version with the given signed content.
    /// - Parameters:
    ///   - version: the candidate's date and issue id.
    ///   - contentSHA256: SHA-256 (hex) of the candidate's Sig_structure.
    /// - Throws: ``TrustListError`` `rollback` or `equivocation`.
    public func verdict(_ version: ListVersion, contentSHA256: String) throws(TrustListError) -> Verdict {
        guard let mark else { return .newer(note: nil) }
        let accepted = mark.version(of: .vical)
        // A mark written before content hashes were kept compares by the whole signed bytes.
        let sameContent = mark.contentSHA256.map { $0 == contentSHA256 } ?? false
        if version.date < accepted.date {
            throw TrustListError(
                .rollback, "date \(version) is earlier than \(accepted), the latest already accepted")
        }
        if let new = version.issueID, let old = accepted.issueID {
            if new == old {
                guard sameContent else {
                    throw TrustListError(
                        .equivocation,
                        "issue id \(new) was already accepted with other signed content (payload or protected header)"
                    )
                }
                return .sameContent
            }
            if new < old, version.date == accepted.date {
                throw TrustListError(
                    .rollback, "issue id \(new) is lower than \(old), the highest accepted for the same date")
            }
            if new < old {
                return .newer(
                    note:
                        "issue id went down from \(old) to \(new) with a later date (\(Timestamp.text(version.date))); accepted by date"
                )
            }
            return .newer(note: nil)
        }
        if version.date == accepted.date {
            guard sameContent else {
                throw TrustListError(
                    .equivocation,
                    "a list dated \(Timestamp.text(version.date)) was already accepted with other signed content")
            }
            return .sameContent
        }
        return .newer(note: nil)
    }
}
