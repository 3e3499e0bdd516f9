import Foundation
import TrustLists

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

    /// The stable snake_case name used in JSON, logs and metrics: `updated`, `unchanged`, `kept_last_good`, `failed`,
    /// `offline`, `cancelled`.
    public var name: String {
        switch self {
        case .updated: "updated"
        case .unchanged: "unchanged"
        case .keptLastGood: "kept_last_good"
        case .failed: "failed"
        case .offline: "offline"
        case .cancelled: "cancelled"
        }
    }

    /// The failure, when there is one.
    public var error: TrustListError? {
        switch self {
        case .keptLastGood(let error), .failed(let error): error
        default: nil
        }
    }

    /// What happened, for a person.
    public var message: String {
        switch self {
        case .updated: "new version verified and stored"
        case .unchanged(let why): why
        case .keptLastGood(let error): "kept last good: \(error.code): \(error.reason)"
        case .failed(let error): "no trust: \(error.code): \(error.reason)"
        case .offline: "offline: cache used"
        case .cancelled: "cancelled: not refreshed, last good kept"
        }
    }
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

    /// The most subjects of added, and of removed, certificates a person is shown per list: the CLI's refresh text
    /// and the daemon's log lines name these and count the rest ("and 9,980 more"); `trustctl refresh --json` names
    /// every one.
    public static let namesShown = 20

    /// Up to `limit` subjects of each side, and how many more there are.
    /// - Parameter limit: the most names per side.
    public func summary(
        limit: Int = namesShown
    ) -> (added: ArraySlice<String>, moreAdded: Int, removed: ArraySlice<String>, moreRemoved: Int) {
        (
            added.prefix(limit), max(0, added.count - limit), removed.prefix(limit),
            max(0, removed.count - limit)
        )
    }
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
    /// What loading the cache noticed (quarantines, rebuilt state, leftovers removed, a snapshot file rewritten).
    public let events: [String]
    /// The generation of the snapshot in memory after the run.
    public let snapshotGeneration: UInt64
    /// Why the run's results could not be stored (`state.json`, `snapshot.json`, a list or a root), or did not read
    /// back as a fresh process would load them; nil when they were, or when the run stores nothing (a dry run).
    public let persistError: TrustListError?
    /// Per listed CA with a CRL source, what the CRL refresh did (empty offline).
    public var crls: [CRLRefreshResult] = []
    /// Per prefetched status list URI of the refreshed networks, what the refresh did (empty offline).
    public var statusLists: [StatusListRefreshResult] = []
    /// The revocation mode of each network, for ``monitoringStatus``.
    var revocationModes: [String: RevocationSettings.Mode] = [:]

    /// The monitoring-plugin status: CRITICAL when a list is expired or has no trust; WARNING when one is overdue or
    /// failed to refresh, or the results could not be stored (a refresh that could not persist is not OK); else OK.
    /// CRLs count only in revocation mode `require`: `stale` WARNING, `expired` or `missing` CRITICAL. Prefetched
    /// status lists count only in `statusLists.mode` `require`: `expired` or `missing` CRITICAL, kept last good after
    /// a failed refresh WARNING (``StatusListRefreshResult/monitoringStatus``).
    public var monitoringStatus: MonitoringStatus {
        let crlStatus =
            crls.map { $0.state.monitoringStatus(mode: revocationModes[$0.slot.network] ?? .warn) }.max() ?? .ok
        let sourceStatus = max(crlStatus, statusLists.map(\.monitoringStatus).max() ?? .ok)
        if results.contains(where: { !$0.state.isTrusted }) || sourceStatus == .critical { return .critical }
        let failed = results.contains { $0.outcome.error != nil }
        if failed || persistError != nil || results.contains(where: { $0.state == .overdue })
            || sourceStatus == .warning
        {
            return .warning
        }
        return .ok
    }

    /// ``monitoringStatus`` as the exit status (0 to 2).
    public var exitStatus: Int32 { monitoringStatus.exitStatus }

    /// The monitoring headline (``MonitoringHeadline``): `WARNING: demo/vical kept last good (rollback), 2 fresh`;
    /// a status list that counts (mode `require`) is named after the lists.
    public var headline: String {
        var problems = results.compactMap { result in
            MonitoringHeadline.problem(result.id, state: result.state, lastError: result.outcome.error?.code)
        }
        problems += statusLists.compactMap { list in
            MonitoringHeadline.statusListProblem(
                network: list.id.network, uri: list.uri, state: list.state, mode: list.mode,
                lastError: list.outcome.error?.code)
        }
        if let persistError { problems.append(MonitoringHeadline.notStored(persistError.code)) }
        return MonitoringHeadline.text(monitoringStatus, problems: problems, states: results.map(\.state))
    }
}
