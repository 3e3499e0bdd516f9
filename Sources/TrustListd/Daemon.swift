import Dispatch
import Foundation
import TrustLists

/// The refresh service (issue 7): loads and re-verifies the cache at start and reports ready, refreshes every
/// list, then wakes at least every `checkIntervalSeconds` and refreshes the lists the ``RefreshSchedule`` says are
/// due. Each refresh takes the cache directory's lock (shared with `trustctl refresh`), writes `state.json`, logs
/// one line per event, writes the metrics and updates systemd's status line.
///
/// The loop runs on the calling thread and blocks in libcurl and `flock`; signals only set requests in
/// ``DaemonControl`` and cancel its token, so a stop abandons a fetch in flight within about a second.
final class Daemon {
    /// How long a refresh waits for another one (`trustctl refresh`) to release the lock, in seconds.
    static let lockTimeoutSeconds: TimeInterval = 300
    /// The shortest pause between the end of one refresh run and the start of the next, in seconds.
    static let minimumGapSeconds: TimeInterval = 1
    /// The longest the loop sleeps without a heartbeat, in seconds.
    static let heartbeatSeconds: TimeInterval = 5

    private var configuration: Configuration
    /// One store for the life of a configuration: it remembers the versions it has verified by SHA-256, so the
    /// load at the start of every run skips verifying them again. A reload makes a new one, since that memory is
    /// only valid for the pins and policy it was verified under.
    private var store: TrustStore
    private var fetcher: HeartbeatFetcher
    private var schedule: RefreshSchedule
    private var counters = RefreshCounters()
    private var cacheLoadSeconds: TimeInterval?
    private var generator = SystemRandomNumberGenerator()
    private var knownStates: [ListID: ListState] = [:]
    private var lastRunSummary: String?
    private var lastRunEnded: Date?
    private var lockBlockedUntil: Date?
    private var metricsProblem: String?
    private var watchdogTimer: (any DispatchSourceTimer)?

    private let extraMetricsFile: URL?
    private let control: DaemonControl
    private let logger: Logger
    private let notifier: SystemdNotifier

    /// Why a refresh runs.
    private enum Trigger: String {
        case start, schedule, reload
    }

    /// Creates the service; nothing runs until ``run()``.
    /// - Parameters:
    ///   - configuration: the loaded configuration.
    ///   - extraMetricsFile: a second place to write the metrics to, or nil.
    ///   - control: requests from the signal handlers.
    ///   - logger: where log lines go.
    ///   - notifier: systemd notifications.
    init(
        configuration: Configuration, extraMetricsFile: URL?, control: DaemonControl, logger: Logger,
        notifier: SystemdNotifier
    ) {
        self.configuration = configuration
        store = TrustStore(configuration: configuration)
        fetcher = HeartbeatFetcher(inner: CurlFetcher(settings: configuration.http), control: control)
        schedule = RefreshSchedule(policy: .init(configuration))
        self.extraMetricsFile = extraMetricsFile
        self.control = control
        self.logger = logger
        self.notifier = notifier
    }

    /// Runs until SIGTERM or SIGINT.
    /// - Returns: the exit status: 0.
    func run() -> Int32 {
        logger.log(
            .info, "starting",
            [
                ("version", TrustListsService.version), ("config", configuration.file.path),
                ("cache", configuration.cacheDirectory.path),
                ("lists", configuration.lists.map(\.id.description).joined(separator: ",")),
                ("check.interval.seconds", Self.number(configuration.checkIntervalSeconds)),
                ("refresh.interval.seconds", Self.number(configuration.refreshIntervalSeconds)),
                ("watchdog.seconds", notifier.watchdogTimeout.map(Self.number)),
            ])
        startWatchdog()
        loadCache()
        guard control.stopSignal == nil else { return stop() }
        let status = StatusReport(configuration: configuration, at: Date())
        notifier.ready(status: statusLine(status))
        logger.log(.info, "ready", [("status", Self.word(status.exitStatus))] + stateCounts(status))

        var trigger: Trigger? = .start
        while control.stopSignal == nil {
            control.beat()
            if control.takeReload() {
                let reloaded = reload()
                refresh(nil, trigger: .reload)
                guard control.stopSignal == nil else { break }
                let status = StatusReport(configuration: configuration, at: Date())
                notifier.ready(
                    status: (reloaded ? "" : "Reload failed, previous configuration in use. ") + statusLine(status))
                trigger = nil
                continue
            }
            if let pending = trigger {
                trigger = nil
                refresh(nil, trigger: pending)
                continue
            }
            let now = Date()
            let status = StatusReport(configuration: configuration, at: now)
            replan(status, now: now)
            logStateChanges(status)
            let due = schedule.due(at: now)
            if !due.isEmpty, mayStartRun(at: now) {
                refresh(Set(due), trigger: .schedule)
                continue
            }
            writeMetrics(status)
            notifier.status(statusLine(status))
            sleep(until: nextWake(after: now))
        }
        return stop()
    }

    // MARK: - Start and stop

    /// Takes the lock, loads and verifies the cache (quarantining what fails), writes the state, logs what was
    /// found and writes the metrics.
    private func loadCache() {
        let clock = ContinuousClock()
        let started = clock.now
        if let lock = acquireLock() {
            let now = Date()
            store.load(at: now)
            do {
                try store.writeState()
                let snapshot = try store.writeSnapshot(at: now)
                logger.log(
                    .info, "snapshot served",
                    [
                        ("generation", String(snapshot.generation)), ("issuers", String(snapshot.issuers.count)),
                        ("verifiers", String(snapshot.verifiers.count)),
                    ])
            } catch {
                logger.log(
                    .warning, "state or snapshot not written",
                    [("reason", error.code.rawValue), ("message", error.reason)])
            }
            lock.release()
            cacheLoadSeconds = Self.seconds(clock.now - started)
            logStoreEvents()
        } else if control.stopSignal == nil {
            logger.log(
                .warning, "cache not loaded before the first refresh",
                [("reason", TrustListError.Code.persistError.rawValue)])
        }
        let status = StatusReport(configuration: configuration, at: Date())
        for list in status.lists {
            knownStates[list.id] = list.state
            logger.log(
                Self.priority(of: list.state), "cache loaded",
                [
                    ("list.id", list.id.description), ("state", list.state.rawValue),
                    ("reason", Self.stateReasonCode(list.state)), ("issue.id", list.current?.issueID.map(String.init)),
                    ("entries", list.current.map { String($0.entries) }), ("origin", list.origin?.rawValue),
                    ("detail", list.stateReason),
                ])
        }
        if let cacheLoadSeconds {
            logger.log(.info, "cache verified", [("duration.seconds", Self.number(cacheLoadSeconds))])
        }
        writeMetrics(status)
    }

    private func stop() -> Int32 {
        notifier.stopping()
        watchdogTimer?.cancel()
        logger.log(.info, "stopped", [("signal", control.stopSignal)])
        return 0
    }

    // MARK: - Reload

    /// Reads the configuration file again; on success the store, fetcher and schedule start afresh.
    /// - Returns: whether the new configuration is in use.
    private func reload() -> Bool {
        notifier.reloading()
        logger.log(.info, "reloading", [("config", configuration.file.path)])
        let next: Configuration
        do {
            next = try Configuration.load(path: configuration.file.path, environment: [:])
        } catch {
            logger.log(.error, "reload failed", [("reason", "config_invalid"), ("message", error.description)])
            return false
        }
        configuration = next
        store = TrustStore(configuration: next)
        fetcher = HeartbeatFetcher(inner: CurlFetcher(settings: next.http), control: control)
        schedule = RefreshSchedule(policy: .init(next))
        let ids = Set(next.lists.map(\.id))
        knownStates = knownStates.filter { ids.contains($0.key) }
        logger.log(
            .info, "configuration reloaded",
            [
                ("cache", next.cacheDirectory.path),
                ("lists", next.lists.map(\.id.description).joined(separator: ",")),
                ("check.interval.seconds", Self.number(next.checkIntervalSeconds)),
                ("refresh.interval.seconds", Self.number(next.refreshIntervalSeconds)),
            ])
        return true
    }

    // MARK: - Refresh

    /// One locked refresh run of `only` (nil: every list), then logs, schedule, metrics and status.
    private func refresh(_ only: Set<ListID>?, trigger: Trigger) {
        let clock = ContinuousClock()
        let started = clock.now
        let names = only.map { $0.sorted().map(\.description) } ?? configuration.lists.map(\.id.description)
        logger.log(.info, "refresh started", [("trigger", trigger.rawValue), ("lists", names.joined(separator: ","))])
        guard let lock = acquireLock() else {
            lastRunEnded = Date()
            if control.stopSignal == nil {
                lockBlockedUntil = Date() + min(configuration.checkIntervalSeconds, 60)
            }
            return
        }
        let time = Date()
        let report = Refresher(store: store, fetcher: fetcher, cancellation: control.cancellation)
            .refresh(only: only, at: time)
        lock.release()
        let duration = Self.seconds(clock.now - started)
        lastRunEnded = Date()
        lockBlockedUntil = nil
        counters.record(report, refreshed: only, duration: duration)

        let now = Date()
        let status = StatusReport(configuration: configuration, at: now)
        replan(status, now: now)
        for result in report.results where only?.contains(result.id) ?? true {
            log(result, status: status.lists.first { $0.id == result.id })
        }
        logStoreEvents()
        logStateChanges(status)
        writeMetrics(status)

        var tally: [String: Int] = [:]
        for result in report.results where only?.contains(result.id) ?? true {
            tally[Self.outcomeName(result.outcome), default: 0] += 1
        }
        lastRunSummary =
            "\(Timestamp.text(time)): \(tally["updated"] ?? 0) updated, \(tally["unchanged"] ?? 0) unchanged, "
            + "\(tally["failed"] ?? 0) failed"
        notifier.status(statusLine(status))
        logger.log(
            .info, "refresh finished",
            [
                ("trigger", trigger.rawValue), ("lists", String(names.count)),
                ("updated", String(tally["updated"] ?? 0)), ("unchanged", String(tally["unchanged"] ?? 0)),
                ("failed", String(tally["failed"] ?? 0)),
                ("cancelled", tally["cancelled"].map(String.init)),
                ("status", Self.word(status.exitStatus)), ("duration.seconds", Self.number(duration)),
                ("snapshot.generation", report.snapshotGeneration.map(String.init)),
                ("next.due", schedule.nextDue.map(Timestamp.text)),
            ])
        if report.snapshotGeneration == nil {
            logger.log(
                .error, "snapshot not written",
                [("reason", TrustListError.Code.persistError.rawValue), ("message", report.events.last)])
        }
    }

    /// Takes the cache directory's lock, saying so when it has to wait; nil when the wait timed out, failed, or
    /// was cut short by a stop.
    private func acquireLock() -> StoreLock? {
        if let lock = try? StoreLock.acquire(store.layout, timeout: 0) { return lock }
        logger.log(
            .info, "waiting for the cache lock",
            [("lock", store.layout.lock.path), ("timeout.seconds", Self.number(Self.lockTimeoutSeconds))])
        let control = control
        do {
            let lock = try StoreLock.acquire(store.layout, timeout: Self.lockTimeoutSeconds) {
                control.beat()
                return control.cancellation.isCancelled
            }
            logger.log(.info, "cache lock taken", [("lock", store.layout.lock.path)])
            return lock
        } catch {
            if control.stopSignal == nil {
                logger.log(
                    .warning, "refresh skipped", [("reason", error.code.rawValue), ("message", error.reason)])
            }
            return nil
        }
    }

    private func mayStartRun(at now: Date) -> Bool {
        if let lastRunEnded, now < lastRunEnded + Self.minimumGapSeconds { return false }
        if let lockBlockedUntil, now < lockBlockedUntil { return false }
        return true
    }

    // MARK: - Schedule

    /// Gives the schedule every list's history as `state.json` has it (refreshes by `trustctl refresh` count too).
    private func replan(_ status: StatusReport, now: Date) {
        var histories: [ListID: RefreshHistory] = [:]
        for list in configuration.lists {
            guard let listStatus = status.lists.first(where: { $0.id == list.id }) else { continue }
            histories[list.id] = RefreshHistory(listStatus, list: list)
        }
        schedule.update(histories, now: now, using: &generator)
    }

    /// The next check, or the next due time when sooner, not before the minimum gap after the last run.
    private func nextWake(after now: Date) -> Date {
        var wake = now + configuration.checkIntervalSeconds
        if let due = schedule.nextDue { wake = min(wake, due) }
        if let lastRunEnded { wake = max(wake, lastRunEnded + Self.minimumGapSeconds) }
        if let lockBlockedUntil { wake = max(wake, min(lockBlockedUntil, now + configuration.checkIntervalSeconds)) }
        return wake
    }

    /// Sleeps until `wake` or a request, beating the heartbeat at least every ``heartbeatSeconds``.
    private func sleep(until wake: Date) {
        while control.stopSignal == nil {
            let remaining = wake.timeIntervalSinceNow
            guard remaining > 0 else { return }
            control.beat()
            let slice = min(remaining, Self.heartbeatSeconds)
            if control.sleep(until: .now() + slice) { return }
        }
    }

    // MARK: - Watchdog

    /// Pings systemd's watchdog every half timeout while the loop shows signs of life: a heartbeat within the
    /// longest a single step may take (one fetch's deadlines plus two minutes for verification and disk).
    private func startWatchdog() {
        guard let timeout = notifier.watchdogTimeout else { return }
        let stallLimit = configuration.http.totalTimeoutSeconds + configuration.http.connectTimeoutSeconds + 120
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "trustlistd.watchdog"))
        let control = control
        let notifier = notifier
        let logger = logger
        timer.schedule(deadline: .now(), repeating: max(timeout / 2, 0.05))
        timer.setEventHandler {
            let silence = control.secondsSinceBeat
            if silence < stallLimit {
                notifier.watchdog()
            } else {
                logger.log(
                    .error, "loop stalled, watchdog not pinged",
                    [("reason", "stalled"), ("silence.seconds", Self.number(silence))])
            }
        }
        timer.resume()
        watchdogTimer = timer
    }

    // MARK: - Logs

    private func log(_ result: ListRefreshResult, status: ListStatus?) {
        let id = ("list.id", result.id.description)
        switch result.outcome {
        case .updated:
            logger.log(
                .info, "list updated",
                [
                    id, ("issue.id", result.current?.issueID.map(String.init)),
                    ("issue.previous", result.previous?.issueID.map(String.init)),
                    ("date", result.current.map { Timestamp.text($0.date) }),
                    ("entries", result.current.map { String($0.entries) }),
                    ("added", String(result.diff?.added.count ?? 0)),
                    ("removed", String(result.diff?.removed.count ?? 0)), ("state", result.state.rawValue),
                    ("sha256", result.current?.sha256),
                ])
        case .unchanged(let why):
            logger.log(
                .info, "list unchanged",
                [
                    id, ("issue.id", result.current?.issueID.map(String.init)), ("state", result.state.rawValue),
                    ("detail", why),
                ])
        case .keptLastGood(let error), .failed(let error):
            let plan = schedule.plan(of: result.id)
            logger.log(
                result.state.isTrusted ? .warning : .error, "list refresh failed",
                [
                    id, ("reason", error.code.rawValue), ("failures", status?.lastError.map { String($0.count) }),
                    ("state", result.state.rawValue),
                    ("kept.issue.id", result.current?.issueID.map(String.init)),
                    ("retry.at", plan.map { Timestamp.text($0.due) }),
                    ("retry.in.seconds", plan.map { Self.number(max(0, $0.due.timeIntervalSinceNow)) }),
                    ("message", error.reason),
                ])
        case .offline:
            break
        case .cancelled:
            logger.log(.info, "list refresh cancelled", [id])
        }
        if let diff = result.diff {
            let member = result.id.kind == .vical ? "iaca" : "reader_ca"
            for subject in diff.added {
                logger.log(.info, "list member added", [id, ("member", member), ("subject", subject)])
            }
            for subject in diff.removed {
                logger.log(.info, "list member removed", [id, ("member", member), ("subject", subject)])
            }
        }
        for note in result.notes {
            if note.hasPrefix("warning: ") {
                logger.log(
                    .warning, "list warning", [id, ("reason", "list_warning"), ("message", String(note.dropFirst(9)))])
            } else {
                logger.log(.info, "list note", [id, ("message", note)])
            }
        }
    }

    /// What loading the cache noticed: quarantines (with the verifier's reason code), a rebuilt state.
    private func logStoreEvents() {
        for event in store.events {
            logger.log(
                .warning, "cache notice",
                [
                    ("list.id", event.list?.description), ("reason", event.reason?.rawValue ?? "cache_notice"),
                    ("message", event.message),
                ])
        }
    }

    private func logStateChanges(_ status: StatusReport) {
        for list in status.lists {
            let before = knownStates[list.id]
            knownStates[list.id] = list.state
            guard let before, before != list.state else { continue }
            logger.log(
                Self.priority(of: list.state), "list state changed",
                [
                    ("list.id", list.id.description), ("state", list.state.rawValue), ("previous", before.rawValue),
                    ("reason", Self.stateReasonCode(list.state)), ("detail", list.stateReason),
                ])
        }
    }

    // MARK: - Metrics and status

    private func writeMetrics(_ status: StatusReport) {
        let text = Array(
            ServiceMetrics.render(status: status, counters: counters, cacheLoadSeconds: cacheLoadSeconds).utf8)
        var problems: [String] = []
        for file in [store.layout.metrics] + (extraMetricsFile.map { [$0] } ?? []) {
            do {
                try AtomicFile.write(text, to: file, permissions: 0o644)
            } catch {
                problems.append(error.reason)
            }
        }
        let problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
        if let problem, problem != metricsProblem {
            logger.log(
                .warning, "metrics not written",
                [("reason", TrustListError.Code.persistError.rawValue), ("message", problem)])
        }
        metricsProblem = problem
    }

    /// `OK: 2 lists, 2 fresh; last refresh 2026-11-29T13:00:05Z: 1 updated, 1 unchanged, 0 failed`.
    private func statusLine(_ status: StatusReport) -> String {
        let counts = stateCounts(status).map { "\($0.1 ?? "0") \($0.0)" }.joined(separator: ", ")
        var line = "\(Self.word(status.exitStatus)): \(status.lists.count) lists, \(counts)"
        if let lastRunSummary { line += "; last refresh \(lastRunSummary)" }
        return line
    }

    /// `(state, count)` for the states that occur.
    private func stateCounts(_ status: StatusReport) -> [(String, String?)] {
        ListState.allCases.compactMap { state in
            let count = status.lists.filter { $0.state == state }.count
            return count == 0 ? nil : (state.rawValue, String(count))
        }
    }

    // MARK: - Formatting

    private static func word(_ status: Int32) -> String {
        ["OK", "WARNING", "CRITICAL", "UNKNOWN"][Int(min(max(status, 0), 3))]
    }

    private static func priority(of state: ListState) -> LogPriority {
        switch state {
        case .fresh: .info
        case .overdue: .warning
        case .expired, .noTrust: .error
        }
    }

    /// The query-facing reason of a state that is not fresh (DESIGN.md): `trust_list_overdue`,
    /// `trust_list_expired`, `trust_list_unavailable`; nil when fresh.
    private static func stateReasonCode(_ state: ListState) -> String? {
        switch state {
        case .fresh: nil
        case .overdue: "trust_list_overdue"
        case .expired: "trust_list_expired"
        case .noTrust: "trust_list_unavailable"
        }
    }

    private static func outcomeName(_ outcome: RefreshOutcome) -> String {
        switch outcome {
        case .updated: "updated"
        case .unchanged: "unchanged"
        case .keptLastGood, .failed: "failed"
        case .offline: "offline"
        case .cancelled: "cancelled"
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Seconds with at most three decimals, whole numbers without any.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.3f", value)
    }
}

/// A ``ListFetching`` that beats the daemon's heartbeat before and after every transfer, so that the watchdog
/// sees the loop alive during a long refresh run and only a single stuck step stops the pings.
struct HeartbeatFetcher: ListFetching {
    /// The real fetcher.
    let inner: CurlFetcher
    /// Where the heartbeat is kept.
    let control: DaemonControl

    func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
        control.beat()
        defer { control.beat() }
        return try inner.fetch(request, cancellation: cancellation)
    }
}
