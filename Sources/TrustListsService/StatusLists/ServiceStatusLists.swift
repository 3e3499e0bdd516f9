import Credentials
import Foundation
import Synchronization
import TrustLists
import X509

/// The service's status lists (docs/architecture.md, Status lists): a ``StatusListSource`` for its credential decisions
/// that reads the status lists of the one store (``TrustStore``, family ``StoredStatusLists``) as its owner last
/// published them, and fetches a list a decision needs on demand, bounded. Fetches go through the service's
/// ``ListFetching`` (libcurl in the service; the TrustLists and Credentials targets never link it).
///
/// - A list is looked up by the network of the decision's anchor and its URI, as strings (the URI's SHA-256, the
///   ``StatusListID``, names its folder in the store and is computed only when no list is at hand); it answers for a
///   credential only when its signer chains to the decision's anchor (for an mdoc the IACA of the document signer),
///   is not revoked by a verified CRL of the network, and is not expired; otherwise the reason says why
///   (`status_list_signer_mismatch`, `revoked`, `status_list_expired`).
/// - A list is fetched on demand only when the URI's host is in the network's `statusLists.allowedHosts`; a decision
///   waits at most `statusLists.fetchTimeoutSeconds` for it, and concurrent decisions asking for one URI share the one
///   fetch, which goes on in the background past a decision's bound. A fetched token is verified against the
///   decision's anchor with the stored source's high-water mark (`status_rollback`, `status_equivocation`) and the
///   network's CRLs, then committed to the store by its owner (``attach(_:)``), which verifies it again as every
///   stored source is verified.
/// - A stored list whose `ttl` (or `exp`) says it is due is refetched in the background while it still answers.
///
/// The prefetched lists are fetched and verified by every refresh run (`Refresher+StatusLists.swift`), not here.
public final class ServiceStatusLists: StatusListSource, Sendable {
    /// The `Accept` header of status list fetches (draft-ietf-oauth-status-list §8.1).
    public static let accept = "application/statuslist+jwt, application/statuslist+cwt"

    /// What is known of one URI, for status and metrics.
    public struct Entry: Sendable {
        /// The stored list in use; nil before one verified.
        public var list: VerifiedStatusList?
        /// When the source last answered (a token fetched or confirmed), UTC.
        public var fetchedAt: Date?
        /// The last failure: the store's record of the source, else the last on-demand fetch's; nil after a success.
        public var lastError: TrustListError?
    }

    /// What the store holds, as its owner published it after its last load, refresh or commit.
    package struct StoreView: Sendable {
        /// The verified current tokens, by source.
        package var lists: [StatusListID: VerifiedStatusList] = [:]
        /// The records, by source.
        package var records: [StatusListID: StatusListRecord] = [:]
        /// The verified current CRLs, by slot: a list's signer chain is checked against them.
        package var crls: [CRLSlotID: VerifiedCRL] = [:]
        /// The verified current tokens by network and URI (their `sub`), with their source and record: what a
        /// decision looks up, without hashing the URI (its SHA-256 names the source's folder in the store, not the
        /// list in memory).
        var byURI: [Key: Stored] = [:]

        /// A network and a URI.
        struct Key: Hashable {
            let network: String
            let uri: String
        }

        /// A token in use, its source, the source's record, and whether a verified CRL of the network revokes a
        /// certificate of its signer's chain (``VerifiedStatusList/checkRevocation(network:crls:)``, against the
        /// CRLs installed with it: computed once per install, not per decision).
        struct Stored {
            let id: StatusListID
            let list: VerifiedStatusList
            let record: StatusListRecord?
            let revoked: TrustListError?
        }

        package init(
            lists: [StatusListID: VerifiedStatusList] = [:], records: [StatusListID: StatusListRecord] = [:],
            crls: [CRLSlotID: VerifiedCRL] = [:]
        ) {
            self.lists = lists
            self.records = records
            self.crls = crls
            for (id, list) in lists {
                var revoked: TrustListError?
                do {
                    try list.checkRevocation(network: id.network, crls: crls)
                } catch {
                    revoked = error
                }
                byURI[Key(network: id.network, uri: list.subject)] = Stored(
                    id: id, list: list, record: records[id], revoked: revoked)
            }
        }
    }

    /// Commits a token verified on demand to the store: the token, its source, its URI, its validators, the
    /// decision's anchor, the time.
    package typealias Committer =
        @Sendable (VerifiedStatusList, StatusListID, String, (etag: String?, lastModified: String?), Certificate, Date)
        -> Void

    /// One fetch in progress and its result, shared by the decisions waiting for it.
    final class Flight: @unchecked Sendable {
        private let condition = NSCondition()
        private var result: Result<VerifiedStatusList, TrustListError>?

        /// Waits at most `seconds` for the result.
        func wait(seconds: Double) -> Result<VerifiedStatusList, TrustListError>? {
            let deadline = Date().addingTimeInterval(seconds)
            condition.lock()
            defer { condition.unlock() }
            while result == nil, condition.wait(until: deadline) {}
            return result
        }

        func finish(_ outcome: Result<VerifiedStatusList, TrustListError>) {
            condition.lock()
            result = outcome
            condition.broadcast()
            condition.unlock()
        }
    }

    private let configuration: Configuration
    private let fetcher: any ListFetching
    private let view = Mutex(StoreView())
    /// The fetches in progress, by source; coordination only (the lists themselves are the store's).
    private let flights = Mutex<[StatusListID: Flight]>([:])
    /// Signalled when a flight ends (its token stored or refused).
    private let landed = NSCondition()
    /// The last on-demand fetch failure per source since its last success (a failed fetch writes nothing to the
    /// store: a server that fails for every decision must not cost a store write each time).
    private let fetchFailures = Mutex<[StatusListID: FetchFailure]>([:])
    private let committer = Mutex<Committer?>(nil)

    /// An on-demand fetch that failed: the URI, the error, the decision time.
    private struct FetchFailure {
        let uri: String
        let error: TrustListError
        let at: Date
    }

    /// Status lists for `configuration`, fetched with `fetcher`; empty until its owner installs the store's
    /// (``install(_:)``).
    public init(configuration: Configuration, fetcher: any ListFetching) {
        self.configuration = configuration
        self.fetcher = fetcher
    }

    /// Installs what the store holds now (its owner calls it after every load, refresh and commit).
    package func install(_ view: StoreView) {
        let current = view
        self.view.withLock { $0 = current }
        // A source that answered a refresh since an on-demand fetch failed has no failure to show.
        fetchFailures.withLock { failures in
            failures = failures.filter { id, failure in
                guard let success = current.records[id]?.lastSuccess else { return true }
                return success < failure.at
            }
        }
    }

    /// The store's records of every status list source, as last installed (for the monitoring status).
    package var records: [StatusListID: StatusListRecord] { view.withLock { $0.records } }

    /// Sets how tokens verified on demand are committed to the store.
    package func attach(_ commit: @escaping Committer) { committer.withLock { $0 = commit } }

    /// What is known, by URI: every stored source's and every prefetched URI's list and last failure (the first
    /// network's, for a URI two networks use).
    public var snapshot: [String: Entry] {
        let (current, failures) = (view.withLock { $0 }, fetchFailures.withLock { $0 })
        var uris: [StatusListID: String] = [:]
        for network in configuration.networks {
            for uri in network.statusLists.prefetch { uris[StatusListID(network: network.id, uri: uri)] = uri }
        }
        for (id, failure) in failures { uris[id] = failure.uri }
        for (id, record) in current.records { if let uri = record.current?.uri { uris[id] = uri } }
        for (id, list) in current.lists { uris[id] = list.subject }
        var entries: [String: Entry] = [:]
        for (id, uri) in uris.sorted(by: { $0.key < $1.key }) where entries[uri] == nil {
            let record = current.records[id]
            let stored = record?.lastError.map { TrustListError($0.reason, $0.message) }
            entries[uri] = Entry(
                list: current.lists[id], fetchedAt: record?.lastSuccess,
                lastError: stored ?? failures[id]?.error)
        }
        return entries
    }

    /// The settings of a network (the defaults for an unknown one).
    func settings(network: String?) -> StatusListSettings {
        configuration.networks.first { $0.id == network }?.statusLists ?? StatusListSettings()
    }

    public func statusListMode(network: String?) -> StatusListSettings.Mode { settings(network: network).mode }

    public func statusList(
        for reference: StatusListReference, format: StatusListTokenFormat?, anchor: Certificate, network: String?,
        at time: Date
    ) -> StatusListAvailability {
        let uri = reference.uri
        guard let network else {
            return .unavailable(
                TrustListError(
                    .statusListMissing, "no network vouches for the credential's issuer: no status list for \(uri)"))
        }
        // The list in use by network and URI: no SHA-256 of the URI on a decision's path (docs/architecture.md,
        // Status lists); the source's id is hashed only when no list answers.
        let (stored, crls) = view.withLock { ($0.byURI[StoreView.Key(network: network, uri: uri)], $0.crls) }
        let settings = settings(network: network)
        var refusal: TrustListError?
        if let stored {
            let list = stored.list
            var availability = StatusListCollection.usable(
                list, for: reference, format: format, anchor: anchor, at: time)
            if case .list = availability, let revoked = stored.revoked { availability = .unavailable(revoked) }
            switch availability {
            case .list(let usable):
                if let due = list.refreshDue(fetchedAt: stored.record?.lastSuccess ?? list.verifiedAt), due <= time,
                    settings.allows(uri: uri)
                {
                    _ = flight(for: reference, id: stored.id, format: format, anchor: anchor, at: time)
                }
                return .list(usable)
            case .unavailable(let error):
                refusal = error
            }
        }
        let id = stored?.id ?? StatusListID(network: network, uri: uri)
        let record = view.withLock { $0.records[id] }
        guard settings.allows(uri: uri) else {
            return .unavailable(
                refusal
                    ?? record?.lastError.map { TrustListError($0.reason, $0.message) }
                    ?? TrustListError(
                        .statusListMissing,
                        "no status list for \(uri) is at hand, and its host "
                            + "\(StatusListSettings.host(of: uri) ?? "(none)") is not in statusLists.allowedHosts "
                            + "of network \(network): not fetched"))
        }
        let shared = flight(for: reference, id: id, format: format, anchor: anchor, at: time)
        guard let outcome = shared.wait(seconds: settings.fetchTimeoutSeconds) else {
            return .unavailable(
                TrustListError(
                    .timeout,
                    "no status list from \(uri) within \(settings.fetchTimeoutSeconds) s "
                        + "(statusLists.fetchTimeoutSeconds); the fetch goes on and its list is stored"))
        }
        switch outcome {
        case .success(let list):
            return usable(
                list, for: reference, format: format, anchor: anchor, network: network, crls: crls, at: time)
        case .failure(let error):
            return .unavailable(error)
        }
    }

    /// ``StatusListCollection/usable(_:for:format:anchor:at:)``, then the signer's chain against the network's CRLs.
    private func usable(
        _ list: VerifiedStatusList, for reference: StatusListReference, format: StatusListTokenFormat?,
        anchor: Certificate, network: String, crls: [CRLSlotID: VerifiedCRL], at time: Date
    ) -> StatusListAvailability {
        let availability = StatusListCollection.usable(list, for: reference, format: format, anchor: anchor, at: time)
        guard case .list = availability else { return availability }
        do {
            try list.checkRevocation(network: network, crls: crls)
        } catch {
            return .unavailable(error)
        }
        return availability
    }

    /// The request of a status list fetch (on demand here, prefetched by the refresher): conditional with the
    /// validators of `record` when its token is in use (`inUse`), the status list media types, the token size limit.
    package static func request(_ uri: String, record: StatusListRecord?, inUse: Bool) -> FetchRequest {
        var request = FetchRequest(
            url: uri, etag: inUse ? record?.etag : nil, lastModified: inUse ? record?.lastModified : nil,
            accept: accept)
        request.maxBytes = StatusListLimits().maxTokenBytes
        request.maxBytesSetting = "the status list token limit"
        return request
    }

    /// The conditional request of a source: the validators of its stored token (none when there is none).
    private func request(_ uri: String, _ id: StatusListID) -> FetchRequest {
        let (record, inUse) = view.withLock { ($0.records[id], $0.lists[id] != nil) }
        return Self.request(uri, record: record, inUse: inUse)
    }

    /// The fetch in progress for the source, or a new one started on its own thread.
    private func flight(
        for reference: StatusListReference, id: StatusListID, format: StatusListTokenFormat?, anchor: Certificate,
        at time: Date
    ) -> Flight {
        let (flight, started): (Flight, Bool) = flights.withLock { table in
            if let running = table[id] { return (running, false) }
            let flight = Flight()
            table[id] = flight
            return (flight, true)
        }
        guard started else { return flight }
        let uri = reference.uri
        Thread.detachNewThread { [self] in
            let outcome: Result<VerifiedStatusList, TrustListError>
            var commit: (VerifiedStatusList, (etag: String?, lastModified: String?))?
            let (kept, record) = view.withLock { ($0.lists[id], $0.records[id]) }
            do throws(TrustListError) {
                switch try fetcher.fetch(request(uri, id)) {
                case .notModified:
                    guard let kept else {
                        throw TrustListError(.httpStatus, "304 to an unconditional request for \(uri)")
                    }
                    outcome = .success(kept)
                case .fetched(let body, let etag, let lastModified, _):
                    if let kept, kept.signedBytes == body {
                        outcome = .success(kept)
                    } else {
                        let verified = try verify(
                            body, reference: reference, format: format, anchor: anchor, accepted: record?.highWater,
                            at: time)
                        try verified.checkRevocation(network: id.network, crls: view.withLock { $0.crls })
                        outcome = .success(verified)
                        commit = (verified, (etag, lastModified))
                    }
                }
                fetchFailures.withLock { $0[id] = nil }
            } catch {
                fetchFailures.withLock { $0[id] = FetchFailure(uri: uri, error: error, at: time) }
                outcome = .failure(error)
            }
            // The decisions waiting have their answer; the flight stays until the token is stored (a decision asking
            // meanwhile gets the same answer), then the next one reads the store.
            flight.finish(outcome)
            if let commit, let committer = committer.withLock({ $0 }) {
                committer(commit.0, id, uri, commit.1, anchor, time)
            }
            flights.withLock { $0[id] = nil }
            landed.lock()
            landed.broadcast()
            landed.unlock()
        }
        return flight
    }

    /// Waits until no on-demand fetch is in progress (each fetched token stored or refused), at most `seconds`.
    /// - Returns: whether none is.
    package func waitUntilIdle(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        landed.lock()
        defer { landed.unlock() }
        while !flights.withLock({ $0.isEmpty }) {
            guard landed.wait(until: deadline) else { return flights.withLock { $0.isEmpty } }
        }
        return true
    }

    /// Verifies a token for a URI against the decision's anchor and the source's high-water mark.
    private func verify(
        _ bytes: [UInt8], reference: StatusListReference, format: StatusListTokenFormat?, anchor: Certificate,
        accepted: VersionMark?, at time: Date
    ) throws(TrustListError) -> VerifiedStatusList {
        var settings = StatusListVerificationSettings()
        settings.clockSkewSeconds = configuration.clockSkewSeconds
        return try StatusListVerifier(anchor: anchor, settings: settings).verify(
            bytes, uri: reference.uri, at: time, expectedFormat: format,
            signerCertificate: try reference.signerCertificate(), accepted: accepted)
    }
}
