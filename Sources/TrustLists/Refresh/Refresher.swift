import Foundation
import X509

/// One refresh run over the configured lists (DESIGN.md pipeline, steps 1 to 10): for each list, the pinned root,
/// the list (conditional request), verification at the run's start time, rollback and equivocation checks, commit.
/// Any failure keeps the last good version and is recorded; a list with no good version may fall back to its
/// bootstrap file.
///
/// The caller holds the store's lock (``StoreLock``) for the whole run.
public struct Refresher {
    /// The store, loaded by the run itself.
    public let store: TrustStore
    /// How lists and roots are fetched.
    public let fetcher: any ListFetching
    /// Lets a shutting-down daemon abandon a fetch.
    public let cancellation: CancellationToken?
    /// Test hook: runs between writing a new list's temporary file and renaming it.
    var beforeCommitRename: () throws -> Void = {}

    /// Creates a refresher.
    public init(store: TrustStore, fetcher: any ListFetching, cancellation: CancellationToken? = nil) {
        self.store = store
        self.fetcher = fetcher
        self.cancellation = cancellation
    }

    private var configuration: Configuration { store.configuration }

    /// Loads the cache, refreshes the chosen lists, and writes `state.json`.
    /// - Parameters:
    ///   - only: the lists to refresh; nil for all (the others are still loaded and reported).
    ///   - offline: use only the cache and bootstrap files; fetch nothing.
    ///   - time: the run's start time (UTC): every list is verified at it.
    /// - Returns: per list, what happened and its state.
    public func refresh(only: Set<ListID>? = nil, offline: Bool = false, at time: Date) -> RefreshReport {
        store.load(at: time)
        var events = store.events.map(\.description)
        var roots: [String: Result<PinnedRoots, TrustListError>] = [:]
        var results: [ListRefreshResult] = []
        for list in configuration.lists {
            let previous = store.records[list.id]?.current
            let before = store.current[list.id]
            guard only?.contains(list.id) ?? true else {
                results.append(
                    result(
                        list, outcome: .unchanged("not asked for"), previous: previous, diff: nil, notes: [], at: time))
                continue
            }
            guard cancellation?.isCancelled != true else {
                results.append(result(list, outcome: .cancelled, previous: previous, diff: nil, notes: [], at: time))
                continue
            }
            if roots[list.network.id] == nil {
                let resolver = RootResolver(store: store, fetcher: fetcher, cancellation: cancellation)
                roots[list.network.id] = Result { () throws(TrustListError) in
                    try resolver.roots(for: list.network, offline: offline)
                }
            }
            var notes: [String] = []
            var outcome: RefreshOutcome
            var verificationSeconds: TimeInterval?
            do {
                let resolved = try roots[list.network.id]?.get() ?? PinnedRoots(roots: [], note: nil)
                if let note = resolved.note { notes.append(note) }
                if offline {
                    outcome = .offline
                    // Not confirmed by the network in this run.
                    store.update(list.id) { if $0.current != nil, $0.origin == .network { $0.origin = .cache } }
                    if store.current[list.id] == nil,
                        let note = try useBootstrap(list, anchors: resolved.roots, at: time, notes: &notes)
                    {
                        notes.append(note)
                    }
                } else {
                    outcome = try fetchAndApply(
                        list, anchors: resolved.roots, at: time, verificationSeconds: &verificationSeconds,
                        notes: &notes)
                }
            } catch  where error.code == .networkError && cancellation?.isCancelled == true {
                // A fetch abandoned because the daemon is stopping says nothing about the source: record nothing.
                outcome = .cancelled
            } catch {
                store.update(list.id) { $0.recordFailure(error, at: time) }
                if store.current[list.id] == nil, let anchors = try? roots[list.network.id]?.get().roots {
                    do {
                        if let note = try useBootstrap(list, anchors: anchors, at: time, notes: &notes) {
                            notes.append(note)
                        }
                    } catch {
                        notes.append("bootstrap file unusable: \(error)")
                    }
                }
                outcome = store.current[list.id] == nil ? .failed(error) : .keptLastGood(error)
            }
            let after = store.current[list.id]
            var diff: MembershipDiff?
            if let after, after.sha256 != before?.sha256 {
                diff = MembershipDiff(old: before?.list, new: after.list)
                notes += after.warnings.map { "warning: \($0)" }
            }
            results.append(
                result(
                    list, outcome: outcome, previous: previous, diff: diff, notes: notes, at: time,
                    verificationSeconds: verificationSeconds))
        }
        do {
            try store.writeState()
        } catch {
            events.append("cannot write state.json: \(error)")
        }
        var generation: UInt64?
        do {
            generation = try store.writeSnapshot(at: time).generation
        } catch {
            events.append("cannot write snapshot.json: \(error)")
        }
        return RefreshReport(time: time, results: results, events: events, snapshotGeneration: generation)
    }

    private func result(
        _ list: ListConfiguration, outcome: RefreshOutcome, previous: ListSummary?, diff: MembershipDiff?,
        notes: [String], at time: Date, verificationSeconds: TimeInterval? = nil
    ) -> ListRefreshResult {
        let current = store.records[list.id]?.current
        let (state, reason) = list.state(of: current, at: time)
        return ListRefreshResult(
            id: list.id, outcome: outcome, state: state, stateReason: reason, current: current, previous: previous,
            diff: diff, notes: notes, verificationSeconds: verificationSeconds)
    }

    private func verifier(_ list: ListConfiguration, anchors: [Certificate]) -> TrustListVerifier {
        TrustListVerifier(
            anchors: anchors, policy: list.verificationPolicy(clockSkewSeconds: configuration.clockSkewSeconds))
    }

    /// Steps 1 and 3 to 10 for one list.
    /// - Parameter verificationSeconds: set to the time the verification took, when downloaded bytes were verified.
    private func fetchAndApply(
        _ list: ListConfiguration, anchors: [Certificate], at time: Date, verificationSeconds: inout TimeInterval?,
        notes: inout [String]
    ) throws(TrustListError)
        -> RefreshOutcome
    {
        let record = store.records[list.id] ?? ListRecord()
        let hasCurrent = store.current[list.id] != nil
        let request = FetchRequest(
            url: list.source.url, etag: hasCurrent ? record.etag : nil,
            lastModified: hasCurrent ? record.lastModified : nil)
        switch try fetcher.fetch(request, cancellation: cancellation) {
        case .notModified:
            store.update(list.id) { $0.recordSuccess(at: time, origin: .network) }
            return .unchanged("not modified (HTTP 304)")
        case .fetched(let body, let etag, let lastModified, _):
            let sha = hexString(Digest.sha256.hash(body))
            if hasCurrent, sha == record.current?.sha256 {
                store.update(list.id) { record in
                    record.etag = etag
                    record.lastModified = lastModified
                    record.recordSuccess(at: time, origin: .network)
                }
                return .unchanged("same bytes as the current version")
            }
            let clock = ContinuousClock()
            let started = clock.now
            let verification = Result { () throws(TrustListError) in
                try verifier(list, anchors: anchors).verify(body, kind: list.source.kind, at: time)
            }
            let elapsed = (clock.now - started).components
            verificationSeconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            let verified = try verification.get()
            if let note = try RollbackPolicy.check(ListSummary(verified, id: list.id), against: record.highWater) {
                notes.append(note)
            }
            try store.commit(
                verified, as: list.id, origin: .network, validators: (etag, lastModified), at: time,
                beforeRename: beforeCommitRename)
            return .updated
        }
    }

    /// Verifies and commits the bootstrap file of a list that has no good version.
    /// - Returns: a note for the report, or nil when the list has no bootstrap file.
    private func useBootstrap(
        _ list: ListConfiguration, anchors: [Certificate], at time: Date, notes: inout [String]
    ) throws(TrustListError)
        -> String?
    {
        guard let file = list.source.bootstrap else { return nil }
        guard let data = try? Data(contentsOf: file), data.count <= configuration.http.maxBytes else {
            throw TrustListError(.networkError, "cannot read the bootstrap file \(file.path), or it exceeds maxBytes")
        }
        let verified = try verifier(list, anchors: anchors).verify(Array(data), kind: list.source.kind, at: time)
        let mark = store.records[list.id]?.highWater
        if let note = try RollbackPolicy.check(ListSummary(verified, id: list.id), against: mark) { notes.append(note) }
        let lastError = store.records[list.id]?.lastError
        try store.commit(verified, as: list.id, origin: .bootstrap, validators: (nil, nil), at: time)
        // A bootstrap file is not the network: a network failure of this run stays recorded.
        if let lastError { store.update(list.id) { $0.lastError = lastError } }
        return "bootstrap file \(file.path) verified and in use"
    }
}
