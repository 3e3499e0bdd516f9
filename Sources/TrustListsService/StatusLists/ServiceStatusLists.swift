import Credentials
import Foundation
import Synchronization
import TrustLists
import X509

/// The service's status lists (docs/architecture.md, Status lists): a ``StatusListSource`` for its credential decisions
/// that keeps, per URI, the last good list in memory, fetches a list a decision needs on demand, bounded, and fetches
/// the configured `prefetch` URIs at every refresh. Fetches go through the service's ``ListFetching`` (libcurl in the
/// service; the TrustLists and Credentials targets never link it).
///
/// - A list is fetched on demand only when the URI's host is in the anchor network's `statusLists.allowedHosts`; a
///   decision waits at most `statusLists.fetchTimeoutSeconds` for it, and concurrent decisions asking for one URI share
///   the one fetch, which goes on in the background past a decision's bound and keeps its result.
/// - A fetched token is verified against the anchor of the decision that asked (its signer must chain to it, its `sub`
///   be the URI, its `iat` not below the kept list's: `status_rollback`, `status_equivocation`); it replaces the kept
///   list only when it verifies. A prefetched token is kept unverified until a decision's anchor verifies it.
/// - A kept list whose `ttl` (or `exp`) says it is due is refetched in the background while it still answers.
public final class ServiceStatusLists: StatusListSource, Sendable {
    /// The `Accept` header of status list fetches (draft-ietf-oauth-status-list §8.1).
    public static let accept = "application/statuslist+jwt, application/statuslist+cwt"

    /// What is kept of one URI.
    public struct Entry: Sendable {
        /// The last good list; nil before one verified.
        public var list: VerifiedStatusList?
        /// When ``list`` was fetched (or confirmed by a 304), UTC.
        public var fetchedAt: Date?
        /// A prefetched token not yet verified (no decision's anchor has asked for it yet).
        public var unverified: [UInt8]?
        /// The last fetch's or verification's failure; nil after a success.
        public var lastError: TrustListError?
        /// The ETag and Last-Modified of the last fetch.
        var etag: String?
        var lastModified: String?
        /// The fetch in progress, shared by the decisions waiting for it.
        var flight: Flight?
    }

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
    private let entries = Mutex<[String: Entry]>([:])

    /// Status lists for `configuration`, fetched with `fetcher`.
    public init(configuration: Configuration, fetcher: any ListFetching) {
        self.configuration = configuration
        self.fetcher = fetcher
    }

    /// What is kept, by URI.
    public var snapshot: [String: Entry] { entries.withLock { $0 } }

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
        let entry = entries.withLock { $0[uri] }
        var refusal: TrustListError?
        if let list = entry?.list {
            switch StatusListCollection.usable(list, for: reference, format: format, anchor: anchor, at: time) {
            case .list(let usable):
                if let due = list.refreshDue(fetchedAt: entry?.fetchedAt ?? list.verifiedAt), due <= time,
                    settings(network: network).allows(uri: uri)
                {
                    _ = flight(for: reference, format: format, anchor: anchor, at: time)
                }
                return .list(usable)
            case .unavailable(let error):
                refusal = error
            }
        }
        if let bytes = entry?.unverified {
            switch verify(bytes, reference: reference, format: format, anchor: anchor, at: time) {
            case .success(let verified):
                return StatusListCollection.usable(verified, for: reference, format: format, anchor: anchor, at: time)
            case .failure(let error):
                refusal = refusal ?? error
            }
        }
        let settings = settings(network: network)
        guard settings.allows(uri: uri) else {
            return .unavailable(
                refusal
                    ?? TrustListError(
                        .statusListMissing,
                        "no status list for \(uri) is at hand, and its host \(StatusListSettings.host(of: uri) ?? "(none)") "
                            + "is not in statusLists.allowedHosts of network \(network ?? "?"): not fetched"))
        }
        let shared = flight(for: reference, format: format, anchor: anchor, at: time)
        guard let outcome = shared.wait(seconds: settings.fetchTimeoutSeconds) else {
            return .unavailable(
                TrustListError(
                    .timeout,
                    "no status list from \(uri) within \(settings.fetchTimeoutSeconds) s "
                        + "(statusLists.fetchTimeoutSeconds); the fetch goes on and its list is kept"))
        }
        switch outcome {
        case .success(let list):
            return StatusListCollection.usable(list, for: reference, format: format, anchor: anchor, at: time)
        case .failure(let error):
            return .unavailable(error)
        }
    }

    /// Fetches every configured `prefetch` URI once (at every refresh): a token that differs from the kept list's is
    /// kept unverified until a decision's anchor verifies it; a failure is recorded, the last good list kept.
    /// - Parameter time: the refresh time, UTC.
    /// - Returns: how many URIs failed.
    @discardableResult
    public func prefetch(at time: Date) -> Int {
        var failed = 0
        for uri in Set(configuration.networks.flatMap(\.statusLists.prefetch)).sorted() {
            let entry = entries.withLock { $0[uri] }
            do {
                switch try fetcher.fetch(request(uri, entry)) {
                case .notModified:
                    entries.withLock { $0[uri, default: Entry()].fetchedAt = time }
                case .fetched(let body, let etag, let lastModified, _):
                    entries.withLock { table in
                        var entry = table[uri, default: Entry()]
                        if entry.list?.signedBytes != body { entry.unverified = body }
                        entry.etag = etag
                        entry.lastModified = lastModified
                        entry.lastError = nil
                        table[uri] = entry
                    }
                }
            } catch {
                failed += 1
                entries.withLock { $0[uri, default: Entry()].lastError = error }
            }
        }
        return failed
    }

    private func request(_ uri: String, _ entry: Entry?) -> FetchRequest {
        FetchRequest(
            url: uri, etag: entry?.list == nil ? nil : entry?.etag,
            lastModified: entry?.list == nil ? nil : entry?.lastModified, accept: Self.accept)
    }

    /// The fetch in progress for the reference's URI, or a new one started on its own thread.
    private func flight(
        for reference: StatusListReference, format: StatusListTokenFormat?, anchor: Certificate, at time: Date
    ) -> Flight {
        let uri = reference.uri
        let (flight, started): (Flight, Bool) = entries.withLock { table in
            if let running = table[uri]?.flight { return (running, false) }
            let flight = Flight()
            table[uri, default: Entry()].flight = flight
            return (flight, true)
        }
        guard started else { return flight }
        let entry = entries.withLock { $0[uri] }
        Thread.detachNewThread { [self] in
            let outcome: Result<VerifiedStatusList, TrustListError>
            do throws(TrustListError) {
                switch try fetcher.fetch(request(uri, entry)) {
                case .notModified:
                    if let list = entry?.list {
                        entries.withLock { $0[uri]?.fetchedAt = time }
                        outcome = .success(list)
                    } else {
                        outcome = .failure(TrustListError(.httpStatus, "304 to an unconditional request for \(uri)"))
                    }
                case .fetched(let body, let etag, let lastModified, _):
                    entries.withLock {
                        $0[uri]?.etag = etag
                        $0[uri]?.lastModified = lastModified
                    }
                    outcome = verify(body, reference: reference, format: format, anchor: anchor, at: time)
                }
            } catch {
                entries.withLock { $0[uri]?.lastError = error }
                outcome = .failure(error)
            }
            entries.withLock { $0[uri]?.flight = nil }
            flight.finish(outcome)
        }
        return flight
    }

    /// Verifies a token for a URI against an anchor and, when it verifies, keeps it as the URI's list (never below the
    /// kept one's `iat`); a failure is recorded and the kept list stays.
    private func verify(
        _ bytes: [UInt8], reference: StatusListReference, format: StatusListTokenFormat?, anchor: Certificate,
        at time: Date
    ) -> Result<VerifiedStatusList, TrustListError> {
        let uri = reference.uri
        let kept = entries.withLock { $0[uri]?.list }
        if let kept, kept.signedBytes == bytes { return .success(kept) }
        var settings = StatusListVerificationSettings()
        settings.clockSkewSeconds = configuration.clockSkewSeconds
        do {
            let verified = try StatusListVerifier(anchor: anchor, settings: settings).verify(
                bytes, uri: uri, at: time, expectedFormat: format, signerCertificate: try reference.signerCertificate(),
                accepted: kept?.mark)
            entries.withLock { table in
                var entry = table[uri, default: Entry()]
                entry.list = verified
                entry.fetchedAt = time
                entry.lastError = nil
                if entry.unverified == bytes { entry.unverified = nil }
                table[uri] = entry
            }
            return .success(verified)
        } catch {
            entries.withLock { table in
                table[uri, default: Entry()].lastError = error
                if table[uri]?.unverified == bytes { table[uri]?.unverified = nil }
            }
            return .failure(error)
        }
    }
}
