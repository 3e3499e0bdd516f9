import Foundation
import TrustLists
import X509

/// The refresh of the configured lists over a loaded store (docs/architecture.md, The pipeline: steps 1 to 10): for
/// each list, the pinned root, the list (conditional request), verification at the run's start time with the rollback
/// policy against the list's high-water mark, commit. Any failure keeps the last good version and is recorded; a list
/// with no good version may fall back to its bootstrap file. Loading the store, writing the state and building the
/// snapshot are its owner's (``TrustService``).
///
/// The caller holds the store's lock (``StoreLock``) for the whole run, unless the store is read-only (a dry run).
struct Refresher {
    /// The store, already loaded.
    let store: TrustStore
    /// How lists and roots are fetched.
    let fetcher: any ListFetching
    /// Lets a shutting-down daemon abandon a fetch.
    let cancellation: CancellationToken?
    /// Test hook: runs between writing a new list's temporary file and renaming it.
    var beforeCommitRename: () throws -> Void = {}

    private var configuration: Configuration { store.configuration }

    /// Refreshes the chosen lists.
    /// - Parameters:
    ///   - only: the lists to refresh; nil for all (the others are reported unchanged).
    ///   - offline: use only the cache and bootstrap files; fetch nothing.
    ///   - time: the run's start time (UTC): every list is verified at it.
    /// - Returns: per list, in configuration order, what happened.
    func run(only: Set<ListID>?, offline: Bool, at time: Date) -> [ListRefreshResult] {
        var roots: [String: Result<PinnedRoots, TrustListError>] = [:]
        return configuration.lists.map { list in
            let previous = store.records[list.id]?.current
            guard only?.contains(list.id) ?? true else {
                return result(list, .unchanged("not asked for"), previous: previous, at: time)
            }
            guard cancellation?.isCancelled != true else {
                return result(list, .cancelled, previous: previous, at: time)
            }
            if roots[list.network.id] == nil {
                let resolver = RootResolver(store: store, fetcher: fetcher, cancellation: cancellation)
                roots[list.network.id] = Result { () throws(TrustListError) in
                    try resolver.roots(for: list.network, offline: offline)
                }
            }
            return refresh(list, roots: roots[list.network.id], offline: offline, previous: previous, at: time)
        }
    }

    /// One list: the outcome, the membership change and the notes.
    private func refresh(
        _ list: ListConfiguration, roots: Result<PinnedRoots, TrustListError>?, offline: Bool,
        previous: ListSummary?, at time: Date
    ) -> ListRefreshResult {
        let before = store.current[list.id]
        var notes: [String] = []
        var verificationSeconds: TimeInterval?
        let outcome: RefreshOutcome
        do {
            let resolved = try roots?.get() ?? PinnedRoots(roots: [], note: nil)
            if let note = resolved.note { notes.append(note) }
            if offline {
                // Not confirmed by the network in this run.
                store.update(list.id) { if $0.current != nil, $0.origin == .network { $0.origin = .cache } }
                if store.current[list.id] == nil {
                    try useBootstrap(list, anchors: resolved.roots, at: time, notes: &notes)
                }
                outcome = .offline
            } else {
                outcome = try fetchAndApply(
                    list, anchors: resolved.roots, at: time, verificationSeconds: &verificationSeconds, notes: &notes)
            }
        } catch  where error.code == .networkError && cancellation?.isCancelled == true {
            // A fetch abandoned because the daemon is stopping says nothing about the source: record nothing.
            outcome = .cancelled
        } catch {
            store.update(list.id) { $0.recordFailure(error, at: time) }
            if store.current[list.id] == nil, let anchors = try? roots?.get().roots {
                do {
                    try useBootstrap(list, anchors: anchors, at: time, notes: &notes)
                } catch {
                    notes.append("bootstrap file unusable: \(error)")
                }
            }
            outcome = store.current[list.id] == nil ? .failed(error) : .keptLastGood(error)
        }
        var diff: MembershipDiff?
        if let after = store.current[list.id], after.sha256 != before?.sha256 {
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
        let current = store.records[list.id]?.current
        let (state, reason) = list.state(of: current, at: time)
        return ListRefreshResult(
            id: list.id, outcome: outcome, state: state, stateReason: reason, current: current, previous: previous,
            diff: diff, notes: notes, verificationSeconds: verificationSeconds)
    }

    /// Verifies bytes as `list`, with its kind's rollback rule against the list's high-water mark.
    private func verify(
        _ bytes: [UInt8], as list: ListConfiguration, anchors: [Certificate], at time: Date
    ) throws(TrustListError) -> VerifiedList {
        try list.verify(
            bytes, anchors: anchors, clockSkewSeconds: configuration.clockSkewSeconds, at: time,
            mark: store.records[list.id]?.highWater)
    }

    /// Steps 1 and 3 to 10 for one list.
    /// - Parameter verificationSeconds: set to the time the verification took, when downloaded bytes were verified.
    private func fetchAndApply(
        _ list: ListConfiguration, anchors: [Certificate], at time: Date, verificationSeconds: inout TimeInterval?,
        notes: inout [String]
    ) throws(TrustListError) -> RefreshOutcome {
        let record = store.records[list.id] ?? ListRecord()
        let current = store.current[list.id]
        let request = FetchRequest(
            url: list.source.url, etag: current == nil ? nil : record.etag,
            lastModified: current == nil ? nil : record.lastModified)
        switch try fetcher.fetch(request, cancellation: cancellation) {
        case .notModified:
            store.update(list.id) { $0.recordSuccess(at: time, origin: .network) }
            return .unchanged("not modified (HTTP 304)")
        case .fetched(let body, let etag, let lastModified, _):
            if let current, current.signedBytes == body {
                confirm(list.id, etag: etag, lastModified: lastModified, at: time)
                return .unchanged("same bytes as the current version")
            }
            let clock = ContinuousClock()
            let started = clock.now
            let verification = Result { () throws(TrustListError) in
                try verify(body, as: list, anchors: anchors, at: time)
            }
            verificationSeconds = Self.seconds(clock.now - started)
            let verified = try verification.get()
            // Authentic, and the same signed content as the version in use: only unsigned bytes differ.
            if let current, current.contentSHA256 == verified.contentSHA256 {
                confirm(list.id, etag: etag, lastModified: lastModified, at: time)
                return .unchanged("same signed content as the current version (only unsigned bytes differ)")
            }
            try store.commit(
                verified, as: list.id, origin: .network, validators: (etag, lastModified), at: time,
                beforeRename: beforeCommitRename)
            return .updated
        }
    }

    /// Records that the source confirmed the version in use.
    private func confirm(_ id: ListID, etag: String?, lastModified: String?, at time: Date) {
        store.update(id) { record in
            record.etag = etag
            record.lastModified = lastModified
            record.recordSuccess(at: time, origin: .network)
        }
    }

    /// Verifies and commits the bootstrap file of a list that has no good version; a note says so. Nothing when the
    /// list has no bootstrap file.
    private func useBootstrap(
        _ list: ListConfiguration, anchors: [Certificate], at time: Date, notes: inout [String]
    ) throws(TrustListError) {
        guard let file = list.source.bootstrap else { return }
        guard let data = try? Data(contentsOf: file), data.count <= configuration.http.maxBytes else {
            throw TrustListError(.networkError, "cannot read the bootstrap file \(file.path), or it exceeds maxBytes")
        }
        let verified = try verify(Array(data), as: list, anchors: anchors, at: time)
        // A bootstrap file is not the network: the commit records no success (ListRecord.recordSuccess), so a network
        // failure of this run stays recorded and lastSuccess says when the source last answered.
        try store.commit(verified, as: list.id, origin: .bootstrap, validators: (nil, nil), at: time)
        notes.append("bootstrap file \(file.path) verified and in use")
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
