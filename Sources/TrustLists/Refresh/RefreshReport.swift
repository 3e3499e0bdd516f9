import Foundation

/// What one refresh did to one list.
public enum RefreshOutcome: Sendable, Hashable {
    /// A new version was verified and committed.
    case updated
    /// The source confirmed the current version: `304 Not Modified`, or the same bytes.
    case unchanged(String)
    /// The refresh failed; the last good version stays in use.
    case keptLastGood(TrustListError)
    /// The refresh failed and there is no good version.
    case failed(TrustListError)
    /// `--offline`: the cached (or bootstrap) version was used without asking the network.
    case offline
    /// The run was cancelled (the daemon is shutting down) before this list's refresh finished: nothing was
    /// recorded for it, and the version in use stays.
    case cancelled
}

/// Who entered or left a list between two versions, by certificate subject (for the daemon's logs).
public struct MembershipDiff: Sendable, Hashable {
    /// Subjects of certificates in the new version only.
    public var added: [String]
    /// Subjects of certificates in the old version only.
    public var removed: [String]

    /// The difference between the certificates of two versions.
    public init(old: TrustList?, new: TrustList) {
        let before = Set((old?.certificates ?? []).map(\.sha256Hex))
        let after = Set(new.certificates.map(\.sha256Hex))
        added = new.certificates.filter { !before.contains($0.sha256Hex) }.map(\.subject.rfc4514)
        removed = (old?.certificates ?? []).filter { !after.contains($0.sha256Hex) }.map(\.subject.rfc4514)
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}

/// The result of refreshing one list.
public struct ListRefreshResult: Sendable {
    /// The list.
    public let id: ListID
    /// What happened.
    public let outcome: RefreshOutcome
    /// The list's state after the refresh, at the refresh's time.
    public let state: ListState
    /// Why the state is not fresh; nil when fresh.
    public let stateReason: String?
    /// The version in use after the refresh; nil when none.
    public let current: ListSummary?
    /// The issue id (or date) in use before the refresh, for "updated from … to …".
    public let previous: ListSummary?
    /// Membership changes, when a new version was committed.
    public let diff: MembershipDiff?
    /// Remarks: a cached root standing in, a bootstrap file used, warnings of the new version.
    public let notes: [String]
    /// Seconds spent verifying the downloaded bytes (CBOR, COSE_Sign1, chain, payload, policy), whether they passed
    /// or not; nil when nothing was verified (304, the same bytes, a failed download, not asked for).
    public let verificationSeconds: TimeInterval?
}

/// The result of one refresh run.
public struct RefreshReport: Sendable {
    /// The time every list was verified at (UTC).
    public let time: Date
    /// Per list, in configuration order.
    public let results: [ListRefreshResult]
    /// What loading the cache noticed (quarantines, rebuilt state), and files that could not be written.
    public let events: [String]
    /// The generation of the snapshot written after the run; nil when it could not be written.
    public let snapshotGeneration: UInt64?

    /// The monitoring-plugin exit status: 2 (CRITICAL) when a list is expired or has no trust; 1 (WARNING) when
    /// one is overdue or failed to refresh; else 0 (OK).
    public var exitStatus: Int32 {
        if results.contains(where: { !$0.state.isTrusted }) { return 2 }
        let failed = results.contains { result in
            switch result.outcome {
            case .keptLastGood, .failed: true
            default: false
            }
        }
        if failed || results.contains(where: { $0.state == .overdue }) { return 1 }
        return 0
    }
}
