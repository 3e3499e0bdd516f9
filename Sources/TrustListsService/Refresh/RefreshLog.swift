import Foundation
import Synchronization
import TrustLists

/// One finished refresh run, as the recent refreshes show it: when, why, and what it did to each list it refreshed.
public struct RefreshEvent: Sendable {
    /// Why it ran.
    public let trigger: RefreshTrigger
    /// The lists it was asked to refresh; nil for every list.
    public let only: Set<ListID>?
    /// The run's report; ``results`` holds only the lists asked for.
    public let report: RefreshReport

    /// The results of the lists the run was asked to refresh, in configuration order.
    public var results: [ListRefreshResult] { report.results.filter { only?.contains($0.id) ?? true } }
}

/// The recent refresh runs of a process, newest first, at most ``capacity`` of them: the history the console and
/// `GET /v1/events` show. Kept in memory only (a restart starts it empty); shared across reloads by passing the same
/// log to each new ``TrustService``.
public final class RefreshLog: Sendable {
    /// The most runs kept; older ones are dropped.
    public let capacity: Int
    private let events = Mutex<[RefreshEvent]>([])

    /// An empty log.
    /// - Parameter capacity: the most runs kept (at least 1).
    public init(capacity: Int = 50) { self.capacity = max(1, capacity) }

    /// Adds a finished run, dropping the oldest beyond ``capacity``.
    /// - Parameter event: the run.
    public func record(_ event: RefreshEvent) {
        events.withLock { events in
            events.insert(event, at: 0)
            if events.count > capacity { events.removeLast(events.count - capacity) }
        }
    }

    /// The runs kept, newest first.
    public var recent: [RefreshEvent] { events.withLock { $0 } }
}
