import Foundation

/// What `trustctl status` reports for one list.
public struct ListStatus: Sendable {
    /// The list.
    public let id: ListID
    /// Its state at the report's time.
    public let state: ListState
    /// Why the state is not fresh; nil when fresh.
    public let stateReason: String?
    /// The version in use; nil when none.
    public let current: ListSummary?
    /// Where it came from; nil when none.
    public let origin: ListOrigin?
    /// The last refresh attempt.
    public let lastAttempt: Date?
    /// The last successful refresh.
    public let lastSuccess: Date?
    /// Failures since the last success; nil when the last attempt succeeded.
    public let lastError: RecordedFailure?

    /// Whether the most recent attempt failed.
    public var lastAttemptFailed: Bool { lastError != nil }
}

/// The health of every configured list at a time, from `state.json` (DESIGN.md, "States of a list").
public struct StatusReport: Sendable {
    /// The time the states are evaluated at (UTC).
    public let time: Date
    /// Per configured list, in configuration order.
    public let lists: [ListStatus]
    /// What reading the cache noticed (state rebuilt, quarantines).
    public let events: [String]

    /// Reads the store's state and evaluates every list at `time`. `state.json` is read as written by the last
    /// refresh; when it is missing or unreadable, the cached lists are verified again to rebuild it in memory.
    public init(configuration: Configuration, at time: Date) {
        let store = TrustStore(configuration: configuration, readOnly: true)
        var records: [ListID: ListRecord]
        if let state = store.readState() {
            records = [:]
            for list in configuration.lists { records[list.id] = state.lists[list.id.description] ?? ListRecord() }
        } else {
            store.load(at: time)
            records = store.records
        }
        self.time = time
        events = store.events.map(\.description)
        lists = configuration.lists.map { list in
            let record = records[list.id] ?? ListRecord()
            let (state, reason) = list.state(of: record.current, at: time)
            return ListStatus(
                id: list.id, state: state, stateReason: reason, current: record.current, origin: record.origin,
                lastAttempt: record.lastAttempt, lastSuccess: record.lastSuccess, lastError: record.lastError)
        }
    }

    /// The monitoring-plugin exit status: 2 (CRITICAL) when a list is expired or has no trust; 1 (WARNING) when
    /// one is overdue, or its last refresh failed while its last good version is still trusted; else 0 (OK).
    public var exitStatus: Int32 {
        if lists.contains(where: { !$0.state.isTrusted }) { return 2 }
        if lists.contains(where: { $0.state == .overdue || $0.lastAttemptFailed }) { return 1 }
        return 0
    }
}
