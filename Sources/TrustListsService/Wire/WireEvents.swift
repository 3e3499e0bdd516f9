import Foundation
import TrustLists

/// `GET /v1/events`: the recent refresh runs, newest first, in `events`: each run's `time`, `trigger`, monitoring word
/// (`status`), `snapshotGeneration`, and per list it refreshed its ``WireRefreshResult`` with at most
/// ``namesShown`` names of certificates added and removed (and the whole counts).
public struct WireEvents: Encodable, Sendable {
    /// The most names of added or removed certificates shown per list; the counts are whole.
    public static let namesShown = 100

    /// One refresh run.
    public struct Event: Encodable, Sendable {
        public let time: Date
        /// What started the run (``RefreshTrigger``).
        public let trigger: String
        /// The monitoring word.
        public let status: String
        public let snapshotGeneration: UInt64
        public let lists: [WireRefreshResult]

        /// The wire form of `event`.
        public init(_ event: RefreshEvent) {
            time = event.report.time
            trigger = event.trigger.rawValue
            status = event.report.monitoringStatus.word
            snapshotGeneration = event.report.snapshotGeneration
            lists = event.results.map { WireRefreshResult($0, namesShown: WireEvents.namesShown) }
        }
    }

    public let events: [Event]

    /// The first `limit` of `events`.
    /// - Parameters:
    ///   - events: the runs, newest first (``RefreshLog/recent``).
    ///   - limit: the most runs to include.
    public init(_ events: [RefreshEvent], limit: Int) {
        self.events = events.prefix(max(0, limit)).map(Event.init)
    }
}
