import Foundation
import Synchronization
import TrustLists
import X509

/// The one owner of the live trust state of a configuration (docs/architecture.md, The live service): the store of
/// verified lists and their records, the refresher, the schedule, the current ``TrustQueries`` generation and the
/// status. The CLI, the daemon and the HTTP server each hold one and stay thin.
///
/// ``load(at:lockTimeout:cancellation:waiting:)`` and ``refresh(only:offline:at:lockTimeout:cancellation:waiting:)``
/// verify, commit, build the next snapshot generation and install it **in memory**; `snapshot.json` is written for
/// other processes and never read back (derived data is never a source of trust). A load publishes what it installed
/// before it stores `state.json` and `snapshot.json` (docs/architecture.md, The live service), so a starting daemon
/// answers as soon as its cache is verified; the snapshot's JSON is encoded once per generation, when first needed.
///
/// Thread safety: loads and refreshes run one at a time (a mutex around the store, plus the cache directory's lock
/// across processes); queries, status and metrics read immutable published values behind locks held only to copy a
/// reference, so a query never waits for a refresh and a refresh never waits for a query or a status read.
public final class TrustService: Sendable {
    /// The configuration.
    public let configuration: Configuration
    /// The queries, answering from the current generation; before the first load, every list is `no_trust`.
    public let queries: TrustQueries
    /// Whether this service only reads the cache (``TrustStore/isReadOnly``): `trustctl status`, `query` and
    /// `refresh --at` (a dry run). It takes no lock and writes nothing.
    public let isReadOnly: Bool
    /// The status lists its credential decisions use (docs/architecture.md, Status lists): the store's, as published
    /// after each load, refresh and commit; prefetched by every refresh, fetched on demand for allowed hosts and then
    /// committed to the store.
    public let statusLists: ServiceStatusLists
    /// How this process's status list fetches ended, per URI and outcome (the metric
    /// `trustlists_status_list_fetches_total`).
    public let statusListFetches = StatusListFetchCounters()
    /// How status lists are fetched: through a network's `statusLists.mirror`, counted in ``statusListFetches``.
    let statusListFetcher: any ListFetching
    /// The recent refresh runs of this service (and of the services it replaced, when they share the log).
    public let refreshLog: RefreshLog

    private let fetcher: any ListFetching
    /// The engine and the published values are internal for the extensions of this type
    /// (`TrustService+Snapshot.swift`, `TrustService+Schedule.swift`); nothing else touches them.
    let engine: EngineLock
    let published: Mutex<Published>
    /// Held while a generation's JSON is encoded, so that it is encoded once (``snapshotDocument``).
    let encoding = Mutex(())

    /// The refresh side behind a lock. `@unchecked Sendable`: the engine (which holds the store, a class that is not
    /// thread-safe) is only touched inside ``withLock(_:)``; `Mutex` cannot hold it, since the store's references
    /// would cross its `sending` boundary.
    final class EngineLock: @unchecked Sendable {
        private let lock = NSLock()
        private var engine: Engine

        init(_ engine: Engine) { self.engine = engine }

        func withLock<Result, Failure: Error>(
            _ body: (inout Engine) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(&engine)
        }
    }

    /// The refresh side: mutated by loads and refreshes, one at a time.
    struct Engine {
        let store: TrustStore
        var schedule: RefreshSchedule
        var counters = RefreshCounters()
        var generator = SystemRandomNumberGenerator()
        /// Test hook: runs between writing a new list's temporary file and renaming it.
        var beforeCommitRename: @Sendable () throws -> Void = {}
    }

    /// What readers see: replaced whole after each load and refresh.
    struct Published: Sendable {
        var records: [ListID: ListRecord] = [:]
        var events: [String] = []
        var counters = RefreshCounters()
        var cacheLoadSeconds: TimeInterval?
        var schedule: RefreshSchedule
        var snapshotDocument: SnapshotDocument?
        /// The generation installed last whose JSON is not encoded yet (``snapshotDocument`` is an earlier one's).
        var pendingSnapshot: Snapshot?
        /// The number of the generation a load or refresh installed last; nil before the first (and read-only).
        var installedGeneration: UInt64?
        var signedLists: [ListID: SignedListVersion] = [:]
        var persistFailure: RecordedFailure?
        var crlSources: [CRLSource] = []
        var crlRecords: [CRLSlotID: CRLRecord] = [:]
        var signedCRLs: [CRLSlotID: SignedListVersion] = [:]
    }

    /// A service for `configuration`; nothing is read until ``load(at:lockTimeout:cancellation:waiting:)``.
    /// - Parameters:
    ///   - configuration: the configuration.
    ///   - fetcher: how lists and roots are fetched (default: libcurl with the configuration's limits).
    ///   - readOnly: see ``isReadOnly``.
    ///   - memoCapacity: the most validated chains memoized per generation and query kind (0: none).
    ///   - refreshLog: where finished refresh runs are recorded; pass the previous service's to keep the history
    ///     across a reload.
    public init(
        configuration: Configuration, fetcher: (any ListFetching)? = nil, readOnly: Bool = false,
        memoCapacity: Int = 10_000, refreshLog: RefreshLog = RefreshLog()
    ) {
        self.configuration = configuration
        self.refreshLog = refreshLog
        self.isReadOnly = readOnly
        let fetcher = fetcher ?? CurlFetcher(settings: configuration.http)
        self.fetcher = fetcher
        // Status list fetches (on demand and prefetch) go to a network's mirror when it names one (a replica), and
        // are counted by outcome.
        statusListFetcher = statusListFetches.counting(StatusListMirrorFetching.wrapping(fetcher, for: configuration))
        statusLists = ServiceStatusLists(configuration: configuration, fetcher: statusListFetcher)
        let store = TrustStore(configuration: configuration, readOnly: readOnly)
        let schedule = RefreshSchedule(policy: .init(configuration))
        engine = EngineLock(Engine(store: store, schedule: schedule))
        published = Mutex(Published(schedule: schedule))
        queries = TrustQueries(
            snapshot: SnapshotBuilder.build(from: store, at: Date()).snapshot, memoCapacity: memoCapacity)
        statusLists.attach { [weak self] verified, id, uri, validators, anchor, time in
            self?.commitStatusList(verified, as: id, url: uri, validators: validators, anchor: anchor, at: time)
        }
    }

    // MARK: - Loading and refreshing

    /// Loads the cache: takes the lock (unless read-only), removes what killed runs left, verifies every cached
    /// list again against the pinned roots, builds the generation and installs it; writes `state.json` and, where it
    /// does not hold exactly this generation (edited, truncated, foreign, stale or missing), `snapshot.json`.
    /// - Parameters:
    ///   - time: the time to verify at (UTC).
    ///   - lockTimeout: seconds to wait for another refresh holding the lock.
    ///   - cancellation: polled while waiting for the lock.
    ///   - waiting: called once when another process holds the lock and the wait begins.
    ///   - heartbeat: called about every 50 ms while waiting for the lock (a daemon's watchdog sees it alive).
    /// - Returns: what loading noticed (quarantines, rebuilt state, a rewritten snapshot file).
    /// - Throws: ``TrustListError`` `cache_unreadable`, `cache_locked`, or `persist_error` when the lock cannot be
    ///   taken or the state cannot be written (the generation is installed in memory all the same).
    @discardableResult
    public func load(
        at time: Date, lockTimeout: TimeInterval = 300, cancellation: CancellationToken? = nil,
        waiting: () -> Void = {}, heartbeat: () -> Void = {}
    ) throws(TrustListError) -> [String] {
        let clock = ContinuousClock()
        let started = clock.now
        return try withLoadedStore(
            at: time, lockTimeout: lockTimeout, cancellation: cancellation, waiting: waiting, heartbeat: heartbeat
        ) { engine, store, events throws(TrustListError) -> [String] in
            // Installed and published first: queries, status and /readyz answer from the verified cache while the
            // state and the snapshot file are written.
            let installed = installInMemory(store, at: time)
            publish(engine, events: events)
            let persistError = persist(store, installed, events: &events)
            store.recordPersist(persistError, at: time)
            publish(engine, events: events) { $0.cacheLoadSeconds = Refresher.seconds(clock.now - started) }
            if let persistError { throw persistError }
            return events
        }
    }

    /// One refresh run (docs/architecture.md, The pipeline): takes the lock (unless read-only), loads and verifies the
    /// cache, refreshes the chosen lists, writes `state.json`, builds the next generation and installs it.
    /// - Parameters:
    ///   - only: the lists to refresh; nil for all (the others are reported unchanged).
    ///   - crls: the CAs whose CRLs to refresh; nil for those of the networks of `only` (all when `only` is nil).
    ///   - offline: use only the cache and bootstrap files.
    ///   - time: the run's start time (UTC): every source is verified at it.
    ///   - lockTimeout: seconds to wait for another refresh holding the lock.
    ///   - cancellation: lets a stopping daemon abandon a fetch or the wait for the lock.
    ///   - waiting: called once when another process holds the lock and the wait begins.
    ///   - heartbeat: called about every 50 ms while waiting for the lock.
    ///   - trigger: why the run starts, recorded with it in ``refreshLog``.
    /// - Returns: the report; its ``RefreshReport/persistError`` says when the results could not be stored.
    /// - Throws: ``TrustListError`` `cache_unreadable`, `cache_locked` or `persist_error` when the run could not
    ///   start (the lock or the cache directory).
    public func refresh(
        only: Set<ListID>? = nil, crls: Set<CRLSlotID>? = nil, offline: Bool = false, at time: Date,
        lockTimeout: TimeInterval = 300,
        cancellation: CancellationToken? = nil, waiting: () -> Void = {}, heartbeat: () -> Void = {},
        trigger: RefreshTrigger = .command
    ) throws(TrustListError) -> RefreshReport {
        let clock = ContinuousClock()
        let started = clock.now
        return try withLoadedStore(
            at: time, lockTimeout: lockTimeout, cancellation: cancellation, waiting: waiting, heartbeat: heartbeat
        ) { engine, store, events throws(TrustListError) -> RefreshReport in
            var refresher = Refresher(store: store, fetcher: fetcher, cancellation: cancellation)
            refresher.statusListFetcher = statusListFetcher
            refresher.beforeCommitRename = engine.beforeCommitRename
            let loaded = store.events.count
            let (results, crlResults, statusListResults) = refresher.run(
                lists: only, crls: crls, offline: offline, at: time)
            // Roots quarantined or written again during the run.
            events += store.events.dropFirst(loaded).map(\.description)
            let persistError = installAndRecord(store, at: time, events: &events)
            var report = RefreshReport(
                time: time, results: results, events: events, snapshotGeneration: queries.generation,
                persistError: persistError)
            report.crls = crlResults
            report.statusLists = statusListResults
            report.revocationModes = Dictionary(
                uniqueKeysWithValues: configuration.networks.map { ($0.id, $0.revocation.mode) })
            engine.counters.record(report, refreshed: only, duration: Refresher.seconds(clock.now - started))
            publish(engine, events: events)
            if !isReadOnly { refreshLog.record(RefreshEvent(trigger: trigger, only: only, report: report)) }
            return report
        }
    }

    /// A refresh run of exactly `sources` (the schedule's due sources: lists and CRLs), as
    /// ``refresh(only:crls:offline:at:lockTimeout:cancellation:waiting:heartbeat:trigger:)`` runs it.
    public func refresh(
        sources: Set<SourceID>, at time: Date, lockTimeout: TimeInterval = 300, cancellation: CancellationToken? = nil,
        waiting: () -> Void = {}, heartbeat: () -> Void = {}, trigger: RefreshTrigger = .schedule
    ) throws(TrustListError) -> RefreshReport {
        try refresh(
            only: Set(sources.compactMap(\.list)), crls: Set(sources.compactMap(\.crl)), at: time,
            lockTimeout: lockTimeout, cancellation: cancellation, waiting: waiting, heartbeat: heartbeat,
            trigger: trigger)
    }

    /// The start of a load or a refresh, one at a time: takes the lock (unless read-only), removes what killed runs
    /// left, loads and verifies the cache; then runs `body` with the engine, the store and the events so far, and
    /// releases the lock.
    func withLoadedStore<Result>(
        at time: Date, lockTimeout: TimeInterval, cancellation: CancellationToken?, waiting: () -> Void,
        heartbeat: () -> Void,
        _ body: (inout Engine, TrustStore, inout [String]) throws(TrustListError) -> Result
    ) throws(TrustListError) -> Result {
        try engine.withLock { engine throws(TrustListError) -> Result in
            let store = engine.store
            // Before the lock: an unreadable cache directory is cache_unreadable, not a lock file that cannot be
            // opened.
            try store.checkReadable()
            let lock = try takeLock(
                store, timeout: lockTimeout, cancellation: cancellation, waiting: waiting, heartbeat: heartbeat)
            defer { lock?.release() }
            store.removeLeftovers()
            let leftovers = store.events
            try store.load(at: time)
            var events = (leftovers + store.events).map(\.description)
            return try body(&engine, store, &events)
        }
    }

    /// Takes the cache directory's lock; nil for a read-only service, which takes none.
    private func takeLock(
        _ store: TrustStore, timeout: TimeInterval, cancellation: CancellationToken?, waiting: () -> Void,
        heartbeat: () -> Void
    ) throws(TrustListError) -> StoreLock? {
        guard !isReadOnly else { return nil }
        return try StoreLock.acquire(store.layout, timeout: timeout, waiting: waiting) {
            heartbeat()
            return cancellation?.isCancelled ?? false
        }
    }

    /// What ``installInMemory(_:at:)`` installed, for ``persist(_:_:events:)``.
    struct Installed {
        /// The generation's snapshot.
        let snapshot: Snapshot
        /// Whether it is the generation installed before (an unchanged rebuild): its JSON is the same bytes.
        let unchanged: Bool
    }

    /// Builds the generation of the store's lists and installs it in the queries; publishes it as the current
    /// generation, its JSON to be encoded when first needed (``snapshotDocument``), unless it is unchanged.
    private func installInMemory(_ store: TrustStore, at time: Date) -> Installed {
        let previous = store.snapshotMark
        let (generation, mark) = SnapshotBuilder.build(from: store, at: time)
        queries.install(generation)
        store.markSnapshot(mark)
        let installed = Installed(snapshot: generation.snapshot, unchanged: mark == previous)
        // A read-only service encodes and writes nothing, and has no document.
        guard !isReadOnly else { return installed }
        published.withLock { published in
            published.installedGeneration = installed.snapshot.generation
            if installed.unchanged, published.pendingSnapshot == nil, let document = published.snapshotDocument {
                // An unchanged generation encodes to the same bytes: encoded once per generation.
                published.snapshotDocument = SnapshotDocument(snapshot: installed.snapshot, json: document.json)
            } else {
                published.pendingSnapshot = installed.snapshot
            }
        }
        return installed
    }

    /// Stores the state and the snapshot file of what ``installInMemory(_:at:)`` installed (not when read-only).
    /// A new generation replaces `snapshot.json`; an unchanged one is compared with it, and a file that does not hold
    /// it (edited, truncated, foreign, stale or missing) is rewritten with a note.
    /// - Returns: the error that kept the state or the snapshot file from being written, if any.
    private func persist(_ store: TrustStore, _ installed: Installed, events: inout [String]) -> TrustListError? {
        guard !isReadOnly else { return nil }
        do throws(TrustListError) {
            // Encoded (or found encoded) and published with the generation it encodes before the state is written:
            // readers of the document (the HTTP API, the export) never see the JSON of one generation with the facts
            // of another, even when the state cannot be stored.
            let json = try encodedDocument().json
            try store.writeState()
            if let note = try SnapshotFile.store(
                json, inCacheDirectory: store.layout.root, expectSame: installed.unchanged)
            {
                events.append(note)
            }
            // What a fresh process would load must read back; a file that does not is healed once, or reported.
            let known = store.events.count
            let readBack = store.checkCommitted()
            events += store.events.dropFirst(known).map(\.description)
            return readBack
        } catch {
            return error
        }
    }

    /// ``installInMemory(_:at:)`` then ``persist(_:_:events:)``, and the outcome recorded
    /// (``TrustStore/recordPersist(_:at:)``): a run that could not store its results is reported by status while the
    /// failure lasts.
    func installAndRecord(
        _ store: TrustStore, at time: Date, events: inout [String]
    ) -> TrustListError? {
        let installed = installInMemory(store, at: time)
        let persistError = persist(store, installed, events: &events)
        store.recordPersist(persistError, at: time)
        return persistError
    }

    /// Replaces what readers see with the engine's state.
    func publish(_ engine: Engine, events: [String], _ extra: (inout Published) -> Void = { _ in }) {
        let store = engine.store
        let signedLists = store.lists.current.mapValues(SignedListVersion.init)
        let signedCRLs = store.crls.current.mapValues(SignedListVersion.init)
        let (crlSources, crlRecords) = (store.crlSources, store.crls.records)
        let records = store.lists.records
        let persistFailure = store.persistFailure
        let counters = engine.counters
        let schedule = engine.schedule
        statusLists.install(
            ServiceStatusLists.StoreView(
                lists: store.statusLists.current, records: store.statusLists.records, crls: store.crls.current))
        published.withLock { published in
            published.records = records
            published.events = events
            published.counters = counters
            published.schedule = schedule
            published.signedLists = signedLists
            published.persistFailure = persistFailure
            published.signedCRLs = signedCRLs
            published.crlSources = crlSources
            published.crlRecords = crlRecords
            extra(&published)
        }
    }

    // MARK: - Reading

    /// Every configured list's state at `time`, from the records in memory (the last load or refresh of this
    /// service); reads no file.
    /// - Parameter time: the time to evaluate states at, UTC.
    public func status(at time: Date) -> StatusReport {
        let (records, events, crlSources, crlRecords, persistFailure) = published.withLock {
            ($0.records, $0.events, $0.crlSources, $0.crlRecords, $0.persistFailure)
        }
        return StatusReport(
            configuration: configuration, records: records, events: events, crlSources: crlSources,
            crlRecords: crlRecords, persistFailure: persistFailure, statusListRecords: statusLists.records, at: time)
    }

    /// The current generation (its document form).
    public var snapshot: Snapshot { queries.snapshot }

    /// The signed bytes of a list's current version, exactly as published (verified by this process): what a mirror
    /// serves; nil when the list has no trusted version.
    public func signedList(_ id: ListID) -> [UInt8]? { published.withLock { $0.signedLists[id]?.bytes } }

    /// A list's current version as published, with its SHA-256 and dates read in the same step; nil when the list
    /// has no verified version.
    public func signedListVersion(_ id: ListID) -> SignedListVersion? { published.withLock { $0.signedLists[id] } }

    /// A CA's current CRL as published (its DER), verified by this process against the CA its current list names:
    /// what the mirror serves at `GET /v1/crls/{network}/{issuerSHA256}`; nil when the CA has no verified CRL.
    public func signedCRL(_ slot: CRLSlotID) -> SignedListVersion? { published.withLock { $0.signedCRLs[slot] } }

    /// Every CA's current CRL as published, by slot.
    public var signedCRLs: [CRLSlotID: SignedListVersion] { published.withLock { $0.signedCRLs } }

    /// The service's metrics in Prometheus text format (``ServiceMetrics``) at `time`.
    public func metricsFamilies(at time: Date) -> [PrometheusText.Family] {
        let (counters, loadSeconds) = published.withLock { ($0.counters, $0.cacheLoadSeconds) }
        return ServiceMetrics.families(
            status: status(at: time), counters: counters, cacheLoadSeconds: loadSeconds,
            statusLists: statusLists.snapshot, statusListFetches: statusListFetches.snapshot)
    }

    /// Test hook: runs between writing a new list's temporary file and renaming it.
    func setBeforeCommitRename(_ hook: @escaping @Sendable () throws -> Void) {
        engine.withLock { $0.beforeCommitRename = hook }
    }
}
