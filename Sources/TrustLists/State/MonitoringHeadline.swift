import Foundation
import X509

/// The first line of `trustctl status` and `refresh` and the daemon's systemd status: the monitoring-plugin word,
/// then what is wrong, each list with its reason (a pager acts on it without reading further), then the counts of
/// states: `WARNING: demo/vical kept last good (rollback), 2 fresh`; `OK: 2 fresh` when nothing is wrong.
public enum MonitoringHeadline {
    /// The headline.
    /// - Parameters:
    ///   - status: the monitoring status.
    ///   - problems: what is wrong, most important first (``problem(_:state:lastError:)``,
    ///     ``statusListProblem(network:uri:state:mode:lastError:)``, ``notStored(_:)``).
    ///   - states: the state of every configured list, counted in ``ListState`` order.
    public static func text(_ status: MonitoringStatus, problems: [String], states: [ListState]) -> String {
        let counts = ListState.listStates.compactMap { state -> String? in
            let count = states.filter { $0 == state }.count
            return count == 0 ? nil : "\(count) \(state.rawValue)"
        }
        return "\(status.word): "
            + (problems + [counts.isEmpty ? "no lists" : counts.joined(separator: ", ")])
            .joined(separator: ", ")
    }

    /// What is wrong with one list, or nil when nothing is: `demo/vical expired (trust_list_expired)`,
    /// `demo/vical no_trust (network_error)`, `demo/vical overdue`, `demo/vical kept last good (rollback)`.
    /// - Parameters:
    ///   - id: the list.
    ///   - state: its state.
    ///   - lastError: the reason of its last failed refresh, when the last refresh failed.
    public static func problem(_ id: ListID, state: ListState, lastError: TrustListError.Code?) -> String? {
        let failure = lastError.map { " (\($0))" } ?? ""
        switch state {
        case .fresh: return lastError.map { "\(id) kept last good (\($0))" }
        case .overdue, .stale: return "\(id) \(state.rawValue)" + (lastError.map { ", kept last good (\($0))" } ?? "")
        case .expired, .noTrust, .missing, .none: return "\(id) \(state.rawValue)" + failure
        }
    }

    /// What is wrong with one prefetched status list that counts for monitoring (its network's `statusLists.mode` is
    /// `require`: ``StatusListState/monitoringStatus(mode:refreshFailed:)``), or nil when nothing is:
    /// `status list demo https://issuer.example/status/1 expired (network_error)`,
    /// `status list demo https://issuer.example/status/1 missing`,
    /// `status list demo https://issuer.example/status/1 kept last good (status_rollback)`.
    /// - Parameters:
    ///   - network: the network id.
    ///   - uri: the list's URI.
    ///   - state: its state.
    ///   - mode: the network's status list mode.
    ///   - lastError: the reason of its last failed refresh, when the last refresh failed.
    public static func statusListProblem(
        network: String, uri: String, state: StatusListState, mode: StatusListSettings.Mode,
        lastError: TrustListError.Code?
    ) -> String? {
        guard state.monitoringStatus(mode: mode, refreshFailed: lastError != nil) != .ok else { return nil }
        let failure = lastError.map { " (\($0))" } ?? ""
        switch state {
        case .fresh: return "status list \(network) \(uri) kept last good" + failure
        case .expired, .missing: return "status list \(network) \(uri) \(state.rawValue)" + failure
        }
    }

    /// `results not stored (persist_error)`: a refresh verified but could not store what a fresh process loads.
    public static func notStored(_ reason: TrustListError.Code) -> String { "results not stored (\(reason))" }
}
