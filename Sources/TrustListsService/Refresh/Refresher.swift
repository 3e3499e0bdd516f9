import Foundation
import TrustLists
import X509

/// The refresh of a loaded store's sources (docs/architecture.md, The pipeline: steps 1 to 10). Every source, whatever
/// its kind, goes through the same steps: a conditional fetch (all of a phase's sources at once, ``ParallelFetch``),
/// its kind's verification with the one rollback rule against its high-water mark, the commit, or the failure
/// recorded with the last good version kept (``accept(_:from:as:in:verify:at:verificationSeconds:)``). The configured
/// lists come first, each after its network's pinned roots; then the CRLs of the CAs the lists name
/// (`Refresher+Revocation.swift`); then the prefetched status lists of the networks (`Refresher+StatusLists.swift`).
/// Loading the store, writing the state and building the snapshot are its owner's
/// (``TrustService``).
///
/// The caller holds the store's lock (``StoreLock``) for the whole run, unless the store is read-only (a dry run).
struct Refresher {
    /// The store, already loaded.
    let store: TrustStore
    /// How sources and roots are fetched.
    let fetcher: any ListFetching
    /// Lets a shutting-down daemon abandon a fetch.
    let cancellation: CancellationToken?
    /// Test hook: runs between writing a new version's temporary file and renaming it.
    var beforeCommitRename: () throws -> Void = {}
    /// How prefetched status lists are fetched: the service's status list fetcher (a network's `statusLists.mirror`,
    /// the fetch-outcome counter); nil: ``fetcher``.
    var statusListFetcher: (any ListFetching)?

    var configuration: Configuration { store.configuration }

    /// Refreshes the chosen sources.
    /// - Parameters:
    ///   - lists: the lists to refresh; nil for all (the others are reported unchanged).
    ///   - crls: the CAs whose CRLs to refresh; nil for those of the networks of `lists` (all when `lists` is nil).
    ///   - offline: use only the cache and bootstrap files; fetch nothing.
    ///   - time: the run's start time (UTC): every source is verified at it.
    /// - Returns: per list in configuration order, and per CA with a CRL source in source order, what happened.
    func run(
        lists: Set<ListID>?, crls: Set<CRLSlotID>?, offline: Bool, at time: Date
    ) -> (lists: [ListRefreshResult], crls: [CRLRefreshResult], statusLists: [StatusListRefreshResult]) {
        let listResults = refreshLists(only: lists, offline: offline, at: time)
        store.refreshCRLSources()
        guard !offline else { return (listResults, [], []) }
        let networks = lists.map { Set($0.map(\.network)) }
        let chosen: (CRLSlotID) -> Bool = { slot in
            if let crls { return crls.contains(slot) }
            return networks?.contains(slot.network) ?? true
        }
        let crlResults = refreshCRLs(chosen, at: time)
        return (listResults, crlResults, refreshStatusLists(networks: networks, at: time))
    }

    /// The lists: roots, then every chosen list fetched at once, then each verified and committed in order.
    private func refreshLists(only: Set<ListID>?, offline: Bool, at time: Date) -> [ListRefreshResult] {
        let chosen = configuration.lists.filter { only?.contains($0.id) ?? true }
        var roots: [String: Result<PinnedRoots, TrustListError>] = [:]
        for list in chosen where roots[list.network.id] == nil && cancellation?.isCancelled != true {
            let resolver = RootResolver(store: store, fetcher: fetcher, cancellation: cancellation)
            roots[list.network.id] = Result { () throws(TrustListError) in
                try resolver.roots(for: list.network, offline: offline)
            }
        }
        // Only lists whose roots resolved are fetched: the others fail with their root's error.
        let fetchable = offline ? [] : chosen.filter { (try? roots[$0.network.id]?.get()) != nil }
        let fetched = Dictionary(
            uniqueKeysWithValues: zip(
                fetchable.map(\.id),
                ParallelFetch.run(fetchable.map(request), with: fetcher, cancellation: cancellation)))
        return configuration.lists.map { list in
            let previous = store.lists.records[list.id]?.current
            guard only?.contains(list.id) ?? true else {
                return result(list, .unchanged("not asked for"), previous: previous, at: time)
            }
            // A stopping daemon commits nothing more, even of what was fetched.
            guard cancellation?.isCancelled != true else {
                return result(list, .cancelled, previous: previous, at: time)
            }
            return refresh(
                list, roots: roots[list.network.id], fetched: fetched[list.id], offline: offline, previous: previous,
                at: time)
        }
    }

    /// The conditional request of a list: the validators of the version in use (none when there is none).
    private func request(_ list: ListConfiguration) -> FetchRequest {
        let record = store.lists.records[list.id] ?? ListRecord()
        let inUse = store.lists.current[list.id] != nil
        return FetchRequest(
            url: list.source.url, etag: inUse ? record.etag : nil, lastModified: inUse ? record.lastModified : nil)
    }

    /// One list: the outcome, the membership change and the notes.
    private func refresh(
        _ list: ListConfiguration, roots: Result<PinnedRoots, TrustListError>?,
        fetched: Result<FetchResult, TrustListError>?, offline: Bool, previous: ListSummary?, at time: Date
    ) -> ListRefreshResult {
        let before = store.lists.current[list.id]
        var notes: [String] = []
        var verificationSeconds: TimeInterval?
        let outcome: RefreshOutcome
        do {
            let resolved = try roots?.get() ?? PinnedRoots(roots: [], note: nil)
            if let note = resolved.note { notes.append(note) }
            if offline {
                // Not confirmed by the network in this run.
                store.update(list.id) { if $0.current != nil, $0.origin == .network { $0.origin = .cache } }
                if store.lists.current[list.id] == nil {
                    try useBootstrap(list, anchors: resolved.roots, at: time, notes: &notes)
                }
                outcome = .offline
            } else {
                let answer = try (fetched ?? .failure(TrustListError(.networkError, "not fetched"))).get()
                outcome = try accept(
                    answer, from: list.source.url, as: list.id, in: ConfiguredLists.self,
                    verify: { bytes, accepted throws(TrustListError) in
                        try list.verify(
                            bytes, anchors: resolved.roots, clockSkewSeconds: configuration.clockSkewSeconds,
                            at: time, mark: accepted)
                    }, at: time, verificationSeconds: &verificationSeconds)
            }
        } catch  where isCancellation(error) {
            outcome = .cancelled
        } catch {
            store.update(list.id) { $0.recordFailure(error, at: time) }
            if store.lists.current[list.id] == nil, let anchors = try? roots?.get().roots {
                do {
                    try useBootstrap(list, anchors: anchors, at: time, notes: &notes)
                } catch {
                    notes.append("bootstrap file unusable: \(error)")
                }
            }
            outcome = store.lists.current[list.id] == nil ? .failed(error) : .keptLastGood(error)
        }
        var diff: MembershipDiff?
        if let after = store.lists.current[list.id], after.sha256 != before?.sha256 {
            diff = MembershipDiff(old: before?.list, new: after.list)
            notes += after.notes + after.warnings.map { "warning: \($0)" }
        }
        return result(
            list, outcome, previous: previous, diff: diff, notes: notes, at: time,
            verificationSeconds: verificationSeconds)
    }

    private func result(
        _ list: ListConfiguration, _ outcome: RefreshOutcome, previous: ListSummary?, diff: MembershipDiff? = nil,
        notes: [String] = [], at time: Date, verificationSeconds: TimeInterval? = nil
    ) -> ListRefreshResult {
        let current = store.lists.records[list.id]?.current
        let (state, reason) = list.state(of: current, at: time)
        return ListRefreshResult(
            id: list.id, outcome: outcome, state: state, stateReason: reason, current: current, previous: previous,
            diff: diff, notes: notes, verificationSeconds: verificationSeconds)
    }

    /// Verifies and commits the bootstrap file of a list that has no good version; a note says so. Nothing when the
    /// list has no bootstrap file.
    private func useBootstrap(
        _ list: ListConfiguration, anchors: [Certificate], at time: Date, notes: inout [String]
    ) throws(TrustListError) {
        guard let file = list.source.bootstrap else { return }
        guard let data = try? Data(contentsOf: file) else {
            throw TrustListError(.ioError, "cannot read the bootstrap file \(file.path)")
        }
        guard data.count <= configuration.http.maxBytes else {
            throw TrustListError(
                .tooLarge,
                "the bootstrap file \(file.path) has \(data.count) bytes, more than http.maxBytes = "
                    + "\(configuration.http.maxBytes)")
        }
        let verified = try list.verify(
            Array(data), anchors: anchors, clockSkewSeconds: configuration.clockSkewSeconds, at: time,
            mark: store.lists.records[list.id]?.highWater)
        // A bootstrap file is not the network: the commit records no success (ListRecord.recordSuccess), so a network
        // failure of this run stays recorded and lastSuccess says when the source last answered.
        try store.commit(verified, as: list.id, origin: .bootstrap, validators: (nil, nil), at: time)
        notes.append("bootstrap file \(file.path) verified and in use")
    }
}
