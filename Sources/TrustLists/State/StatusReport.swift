import Foundation

/// What `trustctl status`, `/v1/status`, the metrics and the console report for one source (docs/cli.md, "status"),
/// whatever its family: the source, its state and why, the facts of the version in use, where that came from, and
/// the record of its refreshes. ``ListStatus`` and ``CRLStatus`` are its two forms.
public struct SourceStatus<Source: Sendable, Facts: VersionFacts>: Sendable {
    /// The source: a list's id, or a CA's CRL source.
    public let source: Source
    /// Its state at the report's time.
    public let state: SourceState
    /// Why the state is not fresh, in words a person can act on; nil when fresh.
    public let stateReason: String?
    /// The version in use; nil when none.
    public let current: Facts?
    /// Where it came from; nil when none.
    public let origin: ListOrigin?
    /// The last refresh attempt.
    public let lastAttempt: Date?
    /// The last successful refresh.
    public let lastSuccess: Date?
    /// Failures since the last success; nil when the last attempt succeeded.
    public let lastError: RecordedFailure?

    /// A row from the source, its state and its record.
    public init(
        _ source: Source, state: SourceState, stateReason: String?, record: SourceRecord<Facts, VersionMark>?
    ) {
        self.source = source
        self.state = state
        self.stateReason = stateReason
        current = record?.current
        origin = record?.origin
        lastAttempt = record?.lastAttempt
        lastSuccess = record?.lastSuccess
        lastError = record?.lastError
    }

    /// Whether the most recent attempt failed.
    public var lastAttemptFailed: Bool { lastError != nil }
}

/// What `trustctl status` reports for one list.
public typealias ListStatus = SourceStatus<ListID, ListSummary>

extension SourceStatus where Source == ListID {
    /// The list.
    public var id: ListID { source }
}

/// The health of every configured list at a time (docs/architecture.md, List states), from the records its owner holds
/// in memory: a ``TrustStore`` that verified the cached lists (their facts come from the verified lists, never from
/// `state.json`).
public struct StatusReport: Sendable {
    /// The time the states are evaluated at (UTC).
    public let time: Date
    /// Per configured list, in configuration order.
    public let lists: [ListStatus]
    /// What loading the cache noticed (state rebuilt, quarantines).
    public let events: [String]
    /// The run of failures to store the results of a refresh (``TrustStore/persistFailure``), while it lasts; nil
    /// when the last refresh stored them.
    public let persistFailure: RecordedFailure?
    /// Per CA with a CRL source (`none` excluded), in source order.
    public let crls: [CRLStatus]
    /// Per prefetched status list URI of each network, in configuration order.
    public let statusLists: [StatusListMonitoring]

    /// Evaluates every configured list at `time` from its record.
    /// - Parameters:
    ///   - configuration: the lists and their networks' freshness settings.
    ///   - records: the records per list (a list without one has no trust).
    ///   - events: what loading noticed.
    ///   - crlSources: the CRL sources of the listed CAs.
    ///   - crlRecords: the records per CRL slot.
    ///   - persistFailure: the failures to store the results since the last run that stored them.
    ///   - statusListRecords: the records per status list source.
    ///   - time: the time asked about, UTC.
    public init(
        configuration: Configuration, records: [ListID: ListRecord], events: [String], crlSources: [CRLSource] = [],
        crlRecords: [CRLSlotID: CRLRecord] = [:], persistFailure: RecordedFailure? = nil,
        statusListRecords: [StatusListID: StatusListRecord] = [:], at time: Date
    ) {
        self.time = time
        statusLists = StatusListMonitoring.prefetched(configuration, records: statusListRecords, at: time)
        self.events = events
        self.persistFailure = persistFailure
        crls = crlSources.filter(\.hasSource).map { CRLStatus($0, record: crlRecords[$0.slot], at: time) }
        lists = configuration.lists.map { list in
            let (state, reason) = list.state(of: records[list.id]?.current, at: time)
            return ListStatus(list.id, state: state, stateReason: reason, record: records[list.id])
        }
    }

    /// The monitoring-plugin status: CRITICAL when a list is expired or has no trust; WARNING when one is overdue, or
    /// its last refresh failed while its last good version is still trusted, or the results of the last refresh
    /// could not be stored; else OK. CRLs count only in revocation mode `require` (``CRLStatus/monitoringStatus``),
    /// prefetched status lists only in `statusLists.mode` `require` (``StatusListMonitoring/monitoringStatus``).
    public var monitoringStatus: MonitoringStatus {
        let crlStatus = max(
            crls.map(\.monitoringStatus).max() ?? .ok, statusLists.map(\.monitoringStatus).max() ?? .ok)
        if lists.contains(where: { !$0.state.isTrusted }) || crlStatus == .critical { return .critical }
        if persistFailure != nil || crlStatus == .warning
            || lists.contains(where: { $0.state == .overdue || $0.lastAttemptFailed })
        {
            return .warning
        }
        return .ok
    }

    /// The monitoring headline: the status word, what is wrong (each list and its reason, then the cache), the
    /// counts of states: `WARNING: demo/vical kept last good (rollback), 2 fresh`.
    public var headline: String {
        var problems: [String] = lists.compactMap { list in
            MonitoringHeadline.problem(list.id, state: list.state, lastError: list.lastError?.reason)
        }
        problems += statusLists.compactMap(\.problem)
        if let failure = persistFailure { problems.append(MonitoringHeadline.notStored(failure.reason)) }
        return MonitoringHeadline.text(monitoringStatus, problems: problems, states: lists.map(\.state))
    }

    /// ``monitoringStatus`` as the exit status (0 to 2).
    public var exitStatus: Int32 { monitoringStatus.exitStatus }
}
