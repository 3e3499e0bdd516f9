import Foundation

/// The state of a prefetched status list at a time (docs/architecture.md, Status lists), as a refresh reports it:
/// `fresh` (a verified token whose `exp` is not past, or that has none), `expired` (the token in use is past its `exp`:
/// no decision uses it) or `missing` (no token has verified yet).
public enum StatusListState: String, Sendable, Hashable, CaseIterable {
    case fresh
    case expired
    case missing

    /// The state of the token in use at `time`.
    /// - Parameters:
    ///   - current: the facts of the verified token in use; nil when none.
    ///   - time: the time asked about, UTC.
    public static func evaluate(_ current: StatusListSummary?, at time: Date) -> StatusListState {
        guard let current else { return .missing }
        if let expires = current.expires, time >= expires { return .expired }
        return .fresh
    }

    /// What the state means for monitoring (`refresh` exit codes and headline), as a CA's CRL counts
    /// (``CRLState/monitoringStatus(mode:)``): only in the network's `statusLists.mode` `require`, where a credential
    /// naming a list that is not at hand is refused `status_unavailable`: `expired` or `missing` CRITICAL, a `fresh`
    /// token kept after a failed refresh WARNING. In `warn` and `off` a list is informational: always OK.
    /// - Parameters:
    ///   - mode: the network's status list mode.
    ///   - refreshFailed: whether the last refresh of the list failed.
    public func monitoringStatus(mode: StatusListSettings.Mode, refreshFailed: Bool) -> MonitoringStatus {
        guard mode == .require else { return .ok }
        switch self {
        case .expired, .missing: return .critical
        case .fresh: return refreshFailed ? .warning : .ok
        }
    }
}
