import Foundation

/// What `trustctl status` counts of one prefetched status list (docs/operations.md, Option B: the timer): its network,
/// URI, state and mode, and the failures of its refreshes since the last success. It counts only in
/// `statusLists.mode` `require` (``StatusListState/monitoringStatus(mode:refreshFailed:)``).
public struct StatusListMonitoring: Sendable, Hashable {
    /// The network id.
    public let network: String
    /// The list's URI.
    public let uri: String
    /// Its state at the report's time.
    public let state: StatusListState
    /// The network's `statusLists.mode`.
    public let mode: StatusListSettings.Mode
    /// Failures since the last success; nil when the last attempt succeeded.
    public let lastError: RecordedFailure?

    /// Every `prefetch` URI of every network, in configuration order, from the records of the store.
    /// - Parameters:
    ///   - configuration: the networks and their `statusLists`.
    ///   - records: the status list records, by source.
    ///   - time: the time asked about, UTC.
    public static func prefetched(
        _ configuration: Configuration, records: [StatusListID: StatusListRecord], at time: Date
    ) -> [StatusListMonitoring] {
        configuration.networks.flatMap { network in
            network.statusLists.prefetch.map { uri in
                let record = records[StatusListID(network: network.id, uri: uri)]
                return StatusListMonitoring(
                    network: network.id, uri: uri, state: StatusListState.evaluate(record?.current, at: time),
                    mode: network.statusLists.mode, lastError: record?.lastError)
            }
        }
    }

    /// What the list means for monitoring.
    public var monitoringStatus: MonitoringStatus {
        state.monitoringStatus(mode: mode, refreshFailed: lastError != nil)
    }

    /// Its part of the headline, or nil when it does not count
    /// (``MonitoringHeadline/statusListProblem(network:uri:state:mode:lastError:)``).
    public var problem: String? {
        MonitoringHeadline.statusListProblem(
            network: network, uri: uri, state: state, mode: mode, lastError: lastError?.reason)
    }
}
