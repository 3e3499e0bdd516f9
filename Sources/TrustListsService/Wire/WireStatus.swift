import Foundation
import TrustLists

/// `trustctl status --json` and `GET /v1/status`: the monitoring word, the lists with their states, versions, sources
/// and last errors, the listed CAs' CRLs (`crls`), the status lists the process keeps in memory (`statusLists`), and the
/// snapshot generation in memory (docs/cli.md).
public struct WireStatus: Encodable, Sendable {
    public let time: Date
    /// The monitoring word (`OK`, `WARNING`, `CRITICAL`, `UNKNOWN`).
    public let status: String
    public let headline: String
    public let events: [String]
    /// Why the cache could not be written, while it cannot.
    public let persistError: WireFailure?
    public let snapshot: WireSnapshotSummary?
    public let crls: [WireCRLRow]
    public let lists: [WireListRow]
    public let statusLists: [WireStatusListRow]

    /// The status of `report`.
    /// - Parameters:
    ///   - report: the states.
    ///   - snapshot: the generation in memory, or nil.
    ///   - configuration: the configuration the report is of, for each list's `url` and `loteType`.
    ///   - statusLists: the status lists the process keeps (``ServiceStatusLists/snapshot``), by URI.
    public init(
        _ report: StatusReport, snapshot: Snapshot?, configuration: Configuration,
        statusLists: [String: ServiceStatusLists.Entry] = [:]
    ) {
        time = report.time
        status = report.monitoringStatus.word
        headline = report.headline
        events = report.events
        persistError = report.persistFailure.map(WireFailure.init)
        self.snapshot = snapshot.map(WireSnapshotSummary.init)
        crls = report.crls.map(WireCRLRow.init)
        lists = report.lists.map { WireListRow($0, source: configuration.list($0.id)?.source) }
        self.statusLists = WireStatusListRow.rows(statusLists, at: report.time)
    }
}
