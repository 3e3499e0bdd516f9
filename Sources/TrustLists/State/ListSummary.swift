import Foundation
import X509

/// The facts of one verified list version that states, status, the snapshot and metrics need, kept without the
/// list itself so that they can be stored as JSON and read back without verifying again.
public struct ListSummary: Sendable, Hashable, Codable {
    /// `network/name`.
    public var id: ListID
    /// SHA-256 of the signed bytes, hex.
    public var sha256: String
    /// SHA-256 of the signed content (the Sig_structure: protected header and payload), hex; nil in summaries
    /// written before it was kept.
    public var contentSHA256: String?
    /// `vicalProvider` / `provider`.
    public var provider: String
    /// `vicalIssueID` / `id`; nil when the list has none.
    public var issueID: UInt64?
    /// `date`, UTC.
    public var date: Date
    /// `nextUpdate`; nil when absent.
    public var nextUpdate: Date?
    /// `notAfter`; nil when absent.
    public var notAfter: Date?
    /// Usable entries.
    public var entries: Int
    /// The signer's subject (RFC 4514).
    public var signerSubject: String
    /// The earliest notAfter of the signer chain (signer, intermediates, root): after it the list cannot be trusted.
    public var signerNotAfter: Date
    /// When this version was verified, UTC.
    public var verifiedAt: Date

    /// Its place in the order of its list's versions (``contentSHA256`` empty in a summary written without it).
    public var mark: VersionMark { VersionMark(date: date, number: issueID, contentSHA256: contentSHA256 ?? "") }

    /// The summary of a verified list.
    public init(_ verified: VerifiedList, id: ListID) {
        self.id = id
        sha256 = verified.sha256Hex
        contentSHA256 = hexString(verified.contentSHA256)
        provider = verified.list.provider
        issueID = verified.list.issueID
        date = verified.list.date
        nextUpdate = verified.list.nextUpdate
        notAfter = verified.list.notAfter
        entries = verified.list.entryCount
        signerSubject = verified.signer.subject.rfc4514
        signerNotAfter = verified.signerChain.map(\.notAfter).min() ?? verified.signer.notAfter
        verifiedAt = verified.verifiedAt
    }
}
