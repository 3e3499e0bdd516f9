import Foundation
import TrustLists
import X509

extension Refresher {
    /// The status list phase of a run (docs/architecture.md, Status lists), after the CRLs: first every current
    /// status list whose signer a CRL of its network now lists loses its place (`revoked`); then every `prefetch` URI
    /// of the chosen networks is fetched at once (``ParallelFetch``: conditional, the `Accept` of status lists, the
    /// token limit as byte cap), verified against the anchors of the network's lists (its signer must chain to a CA
    /// one of them names) and its CRLs, with the one rollback rule against the source's high-water mark
    /// (`status_rollback`, `status_equivocation`), and committed through
    /// ``accept(_:from:as:in:verify:at:verificationSeconds:)`` as every source is; a failure keeps the last good
    /// token.
    /// - Parameters:
    ///   - networks: the networks whose lists this run refreshed; nil for all.
    ///   - time: the run's start time, UTC.
    /// - Returns: per prefetched URI, in network and configuration order, what happened.
    func refreshStatusLists(networks: Set<String>?, at time: Date) -> [StatusListRefreshResult] {
        store.dropRevokedStatusLists(at: time)
        var chosen: [(id: StatusListID, uri: String)] = []
        for network in configuration.networks where networks?.contains(network.id) ?? true {
            for uri in network.statusLists.prefetch {
                chosen.append((StatusListID(network: network.id, uri: uri), uri))
            }
        }
        let fetched = ParallelFetch.run(
            chosen.map { request($0.id, uri: $0.uri) }, with: statusListFetcher ?? fetcher, cancellation: cancellation)
        return zip(chosen, fetched).map { source, result in
            let outcome: RefreshOutcome
            var seconds: TimeInterval?
            do throws(TrustListError) {
                let answer = try result.get()
                outcome = try accept(
                    answer, from: source.uri, as: source.id, in: StoredStatusLists.self,
                    verify: { bytes, accepted throws(TrustListError) in
                        try store.verifyStatusList(
                            bytes, as: source.id, accepted: accepted, refusesExpired: true, at: time)
                    }, at: time, verificationSeconds: &seconds)
            } catch  where isCancellation(error) {
                outcome = .cancelled
            } catch {
                outcome = fail(StoredStatusLists.self, source.id, error, at: time)
            }
            let current = store.statusLists.records[source.id]?.current
            return StatusListRefreshResult(
                id: source.id, uri: source.uri, outcome: outcome, state: StatusListState.evaluate(current, at: time),
                mode: configuration.networks.first { $0.id == source.id.network }?.statusLists.mode ?? .warn,
                current: current)
        }
    }

    /// A status list request: conditional when the source has a current token.
    private func request(_ id: StatusListID, uri: String) -> FetchRequest {
        ServiceStatusLists.request(
            uri, record: store.statusLists.records[id], inUse: store.statusLists.current[id] != nil)
    }
}

/// The result of refreshing one prefetched status list.
public struct StatusListRefreshResult: Sendable {
    /// The network and URI digest.
    public let id: StatusListID
    /// The URI.
    public let uri: String
    /// What happened (``RefreshOutcome``, as for lists).
    public let outcome: RefreshOutcome
    /// The list's state after the refresh, at the refresh's time.
    public let state: StatusListState
    /// The network's `statusLists.mode`: whether the state counts for monitoring
    /// (``StatusListState/monitoringStatus(mode:refreshFailed:)``).
    public let mode: StatusListSettings.Mode
    /// The token in use after the refresh; nil when none.
    public let current: StatusListSummary?

    /// What the list's state and outcome mean for monitoring.
    public var monitoringStatus: MonitoringStatus {
        state.monitoringStatus(mode: mode, refreshFailed: outcome.error != nil)
    }
}
