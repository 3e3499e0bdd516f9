import Dispatch
import Foundation
import TrustAPI
import TrustLists
import TrustListsService

/// The refresh service: loads and re-verifies the cache at start and reports ready, refreshes at once only what its
/// ``TrustService``'s schedule says is due (nothing while every list is fresh and not due), then wakes at least every
/// `checkIntervalSeconds` and refreshes the lists the schedule says are due. Each
/// refresh takes the cache directory's lock (shared with `trustctl refresh`), installs the new generation in memory
/// and writes `state.json` and `snapshot.json`; the daemon logs one line per event (`DaemonLog.swift`), writes the
/// metrics and updates systemd's status line (`DaemonStatus.swift`).
///
/// The loop runs on the calling thread and blocks in libcurl and `flock`; signals only set requests in
/// ``DaemonControl`` and cancel its token, so a stop abandons a fetch in flight within about a second. Everything
/// that answers (queries, status, metrics) reads the service's published state, so the HTTP API (``APIServer``, on
/// libmicrohttpd's own threads, serving from the same ``ServiceHolder``) is never blocked by this loop and never
/// blocks it.
final class Daemon {
    /// How long a refresh waits for another one (`trustctl refresh`) to release the lock, in seconds.
    static let lockTimeoutSeconds: TimeInterval = 300
    /// The shortest pause between the end of one refresh run and the start of the next, in seconds.
    static let minimumGapSeconds: TimeInterval = 1
    /// The longest the loop sleeps without a heartbeat, in seconds.
    static let heartbeatSeconds: TimeInterval = 5
    /// How long a stop lets HTTP requests in flight finish; within ``SignalHandling/stopDeadlineSeconds``.
    static let drainTimeout: Duration = .seconds(5)

    /// The service in use; a reload replaces it (``ServiceHolder`` lets other threads follow).
    let holder: ServiceHolder
    var service: TrustService { holder.service }
    var configuration: Configuration { service.configuration }
    var knownStates: [ListID: ListState] = [:]
    var lastRunSummary: String?
    var metricsProblem: String?
    private var lastRunEnded: Date?
    private var lockBlockedUntil: Date?
    private var watchdogTimer: (any DispatchSourceTimer)?

    let extraMetricsFile: URL?
    /// Where the static export is kept, or nil.
    let exportDirectory: URL?
    /// Listening sockets systemd passed; when any, the HTTP API serves on them.
    let passedSockets: [Int32]
    /// The HTTP API while it serves.
    var apiServer: APIServer?
    /// The `server` settings the HTTP API started with; a reload changes them only at the next start.
    let startServerSettings: ServerSettings?
    /// The recent refresh runs (`GET /v1/events`), kept across reloads.
    let refreshLog = RefreshLog()
    /// Refresh-now requests (`POST /v1/refresh`) waiting for this loop; nil when `server.admin` is not configured.
    var refreshRequests: RefreshNow?
    var exportProblem: String?
    let control: DaemonControl
    let logger: Logger
    /// The log format given on the command line (`--log-format`), which a configuration's `log.format` does not
    /// override; nil: the configuration's.
    let logFormatOverride: LogSettings.Format?
    let notifier: SystemdNotifier

    /// Creates the service; nothing runs until ``run()``.
    /// - Parameters:
    ///   - configuration: the loaded configuration.
    ///   - extraMetricsFile: a second place to write the metrics to, or nil.
    ///   - exportDirectory: where to keep the static export, or nil.
    ///   - passedSockets: listening sockets from systemd.
    ///   - control: requests from the signal handlers.
    ///   - logger: where log lines go.
    ///   - logFormatOverride: the `--log-format` given, which the configuration's `log.format` does not override.
    ///   - notifier: systemd notifications.
    init(
        configuration: Configuration, extraMetricsFile: URL?, exportDirectory: URL? = nil, passedSockets: [Int32] = [],
        control: DaemonControl, logger: Logger, logFormatOverride: LogSettings.Format? = nil,
        notifier: SystemdNotifier
    ) {
        holder = ServiceHolder(Self.makeService(configuration, control: control, refreshLog: refreshLog))
        self.extraMetricsFile = extraMetricsFile
        self.exportDirectory = exportDirectory
        self.passedSockets = passedSockets
        startServerSettings = configuration.server
        self.control = control
        self.logger = logger
        self.logFormatOverride = logFormatOverride
        self.notifier = notifier
        applyLogSettings(configuration.log)
    }

    /// A service whose fetches beat the heartbeat, recording its runs in the daemon's log of refreshes.
    static func makeService(
        _ configuration: Configuration, control: DaemonControl, refreshLog: RefreshLog
    ) -> TrustService {
        TrustService(
            configuration: configuration,
            fetcher: HeartbeatFetcher(inner: CurlFetcher(settings: configuration.http), control: control),
            refreshLog: refreshLog)
    }

    /// Runs until SIGTERM or SIGINT.
    /// - Returns: the exit status: 0, or 1 when the HTTP API cannot listen.
    func run() -> Int32 {
        logger.log(
            .info, "starting",
            [
                ("version", ServiceIdentity.version), ("config", configuration.file.path),
                ("cache", configuration.cacheDirectory.path),
                ("lists", configuration.lists.map(\.id.description).joined(separator: ",")),
                ("check.interval.seconds", Self.number(configuration.checkIntervalSeconds)),
                ("refresh.interval.seconds", Self.number(configuration.refreshIntervalSeconds)),
                ("watchdog.seconds", notifier.watchdogTimeout.map(Self.number)),
            ])
        // Serving starts before the cache is loaded: /healthz answers at once, /readyz says 503 until lists are trusted.
        guard startServer() else {
            notifier.stopping()
            return 1
        }
        startWatchdog()
        loadCache()
        guard control.stopSignal == nil else { return stop() }
        let status = service.status(at: Date())
        notifier.ready(status: statusLine(status))
        logger.log(.info, "ready", [("status", status.monitoringStatus.word)] + stateCounts(status))
        export(at: Date())

        // The first run refreshes what is due (never refreshed, missing, failing, past its interval): a cache verified
        // a moment ago is not fetched and verified again (docs/architecture.md, The live service).
        let dueAtStart = service.sourcesDueAtStart(at: Date())
        var trigger: RefreshTrigger? = dueAtStart.isEmpty ? nil : .start
        while control.stopSignal == nil {
            control.beat()
            if control.takeReload() {
                let reloaded = reload()
                refresh(nil, trigger: .reload)
                guard control.stopSignal == nil else { break }
                notifier.ready(
                    status: (reloaded ? "" : "Reload failed, previous configuration in use. ")
                        + statusLine(service.status(at: Date())))
                trigger = nil
                continue
            }
            if let pending = trigger {
                trigger = nil
                refresh(dueAtStart, trigger: pending)
                continue
            }
            // Refresh now: every list, at once (the requests are rate-limited where they wait, not here).
            if refreshRequests?.isRequested == true {
                refresh(nil, trigger: .refreshNow)
                continue
            }
            let now = Date()
            service.replan(at: now)
            let status = service.status(at: now)
            logStateChanges(status)
            let due = service.schedule.due(at: now)
            if !due.isEmpty, mayStartRun(at: now) {
                refresh(Set(due), trigger: .schedule)
                continue
            }
            writeMetrics(at: now)
            notifier.status(statusLine(status))
            sleep(until: nextWake(after: now))
        }
        return stop()
    }

    // MARK: - Start and stop

    /// Loads and verifies the cache (quarantining what fails), installs the generation, writes the state and the
    /// snapshot, logs what was found and writes the metrics.
    private func loadCache() {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let events = try service.load(
                at: Date(), lockTimeout: Self.lockTimeoutSeconds, cancellation: control.cancellation,
                waiting: { self.logWaitingForLock() }, heartbeat: { self.control.beat() })
            logStoreEvents(events)
            let snapshot = service.snapshot
            logger.log(
                .info, "snapshot served",
                [
                    ("generation", String(snapshot.generation)), ("issuers", String(snapshot.issuers.count)),
                    ("verifiers", String(snapshot.verifiers.count)),
                ])
            logger.log(.info, "cache verified", [("duration.seconds", Self.number(Self.seconds(clock.now - started)))])
        } catch  where control.stopSignal != nil {
            return
        } catch  where error.code == .persistError && service.status(at: Date()).persistFailure != nil {
            // Verified and installed in memory, but not stored: say exactly that, not that nothing was loaded.
            logger.log(
                .error, "cache loaded, not stored", [("reason", error.code.rawValue), ("message", error.reason)])
        } catch {
            logger.log(
                .warning, "cache not loaded before the first refresh",
                [("reason", error.code.rawValue), ("message", error.reason)])
        }
        let status = service.status(at: Date())
        for list in status.lists {
            knownStates[list.id] = list.state
            logger.log(
                Self.priority(of: list.state), "cache loaded",
                [
                    ("list.id", list.id.description), ("state", list.state.rawValue),
                    ("reason", list.state.reasonCode?.rawValue), ("issue.id", list.current?.issueID.map(String.init)),
                    ("entries", list.current.map { String($0.entries) }), ("origin", list.origin?.rawValue),
                    ("detail", list.stateReason), ("stored", status.persistFailure == nil ? nil : "false"),
                ])
        }
        writeMetrics(at: Date())
    }

    private func stop() -> Int32 {
        notifier.stopping()
        refreshRequests?.abandon()
        if let apiServer {
            let drained = apiServer.stop(drainTimeout: Self.drainTimeout)
            logger.log(
                drained ? .info : .warning, "http stopped",
                [
                    ("drained", drained ? "true" : "false"),
                    ("drain.timeout.seconds", Self.number(Self.seconds(Self.drainTimeout))),
                ])
            self.apiServer = nil
        }
        watchdogTimer?.cancel()
        logger.log(.info, "stopped", [("signal", control.stopSignal)])
        return 0
    }

    // MARK: - Refresh

    /// One refresh run of `only` (nil: every list), then logs, schedule, metrics and status. A run of every list
    /// answers the refresh-now requests waiting for one.
    private func refresh(_ only: Set<SourceID>?, trigger: RefreshTrigger) {
        let clock = ContinuousClock()
        let started = clock.now
        let names = only.map { $0.sorted().map(\.description) } ?? configuration.lists.map(\.id.description)
        logger.log(.info, "refresh started", [("trigger", trigger.rawValue), ("lists", names.joined(separator: ","))])
        var waited = false
        let report: RefreshReport
        do {
            report = try service.refresh(
                only: only.map { Set($0.compactMap(\.list)) }, crls: only.map { Set($0.compactMap(\.crl)) },
                at: Date(), lockTimeout: Self.lockTimeoutSeconds, cancellation: control.cancellation,
                waiting: {
                    waited = true
                    self.logWaitingForLock()
                }, heartbeat: { self.control.beat() }, trigger: trigger)
        } catch {
            if only == nil { refreshRequests?.complete(.failure(error)) }
            lastRunEnded = Date()
            if control.stopSignal == nil {
                logger.log(.warning, "refresh skipped", [("reason", error.code.rawValue), ("message", error.reason)])
                lockBlockedUntil = Date() + min(configuration.checkIntervalSeconds, 60)
            }
            return
        }
        if waited {
            logger.log(.info, "cache lock taken", [("lock", StoreLayout(root: configuration.cacheDirectory).lock.path)])
        }
        let duration = Self.seconds(clock.now - started)
        lastRunEnded = Date()
        lockBlockedUntil = nil
        if only == nil { refreshRequests?.complete(.success(report)) }

        let now = Date()
        service.replan(at: now)
        let status = service.status(at: now)
        let refreshed = report.results.filter { only?.contains(.list($0.id)) ?? true }
        for result in refreshed {
            log(result, status: status.lists.first { $0.id == result.id })
        }
        logStoreEvents(report.events)
        logStateChanges(status)
        writeMetrics(at: now)
        export(at: now)

        var tally: [String: Int] = [:]
        for result in refreshed { tally[result.outcome.name, default: 0] += 1 }
        let count = { (name: String) in tally[name] ?? 0 }
        lastRunSummary =
            "\(Timestamp.text(report.time)): \(count("updated")) updated, \(count("unchanged")) unchanged, "
            + "\(count("kept_last_good")) kept last good, \(count("failed")) failed"
        notifier.status(statusLine(status))
        logger.log(
            .info, "refresh finished",
            [
                ("trigger", trigger.rawValue), ("lists", String(names.count)), ("updated", String(count("updated"))),
                ("unchanged", String(count("unchanged"))), ("kept_last_good", String(count("kept_last_good"))),
                ("failed", String(count("failed"))), ("cancelled", tally["cancelled"].map(String.init)),
                ("status", status.monitoringStatus.word), ("duration.seconds", Self.number(duration)),
                ("snapshot.generation", String(report.snapshotGeneration)),
                ("next.due", service.schedule.nextDue.map(Timestamp.text)),
            ])
        if let error = report.persistError {
            logger.log(.error, "refresh not stored", [("reason", error.code.rawValue), ("message", error.reason)])
        }
    }

    func logWaitingForLock() {
        logger.log(
            .info, "waiting for the cache lock",
            [
                ("lock", StoreLayout(root: configuration.cacheDirectory).lock.path),
                ("timeout.seconds", Self.number(Self.lockTimeoutSeconds)),
            ])
        control.beat()
    }

    private func mayStartRun(at now: Date) -> Bool {
        if let lastRunEnded, now < lastRunEnded + Self.minimumGapSeconds { return false }
        if let lockBlockedUntil, now < lockBlockedUntil { return false }
        return true
    }

    // MARK: - Sleeping

    /// The next check, or the next due time when sooner, not before the minimum gap after the last run.
    private func nextWake(after now: Date) -> Date {
        var wake = now + configuration.checkIntervalSeconds
        if let due = service.schedule.nextDue { wake = min(wake, due) }
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

    /// Pings systemd's watchdog every half timeout while the loop shows signs of life (``LoopWatchdog``).
    private func startWatchdog() {
        guard let timeout = notifier.watchdogTimeout else { return }
        let rule = LoopWatchdog(http: configuration.http)
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "trustlistd.watchdog"))
        let control = control
        let notifier = notifier
        let logger = logger
        timer.schedule(deadline: .now(), repeating: max(timeout / 2, 0.05))
        timer.setEventHandler {
            let silence = control.secondsSinceBeat
            if rule.isStalled(silenceSeconds: silence) {
                logger.log(
                    .error, "loop stalled, watchdog not pinged",
                    [("reason", "stalled"), ("silence.seconds", Self.number(silence))])
            } else {
                notifier.watchdog()
            }
        }
        timer.resume()
        watchdogTimer = timer
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Seconds with at most three decimals, whole numbers without any.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.3f", value)
    }
}
