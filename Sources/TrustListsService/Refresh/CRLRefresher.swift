import Foundation
import Synchronization
import TrustLists
import X509

/// The CRL part of a refresh run (docs/architecture.md, "Revocation"), after the lists are committed: every URL of
/// the listed CAs' CRL sources is fetched once, all at once (so an unreachable CRL server costs the http deadlines
/// once per run), with the request's validators and `revocation.maxBytes`; each CRL fetched is decoded once and
/// verified against every CA that names the URL, by key and signature (never by name or URL alone: real IACAs share
/// names and URLs), with the CA's rollback mark. A CRL that verifies for a CA and is newer is committed; any failure
/// keeps the last good CRL and is recorded on the CAs it concerns.
///
/// The caller holds the store's lock, as for ``Refresher``.
struct CRLRefresher {
    /// The store, already loaded, with the lists of this run committed.
    let store: TrustStore
    /// How CRLs are fetched.
    let fetcher: any ListFetching
    /// Lets a shutting-down daemon abandon the fetches.
    let cancellation: CancellationToken?
    /// The most transfers at once.
    static let maxParallelFetches = 32

    /// Fetches and verifies the CRLs of the chosen networks' CAs.
    /// - Parameters:
    ///   - networks: the networks to refresh; nil for all.
    ///   - time: the run's start time (UTC): every CRL is verified at it.
    /// - Returns: per CA slot with a source, in source order, what happened.
    func run(networks: Set<String>?, at time: Date) -> [CRLRefreshResult] {
        store.refreshCRLSources()
        let sources = store.crlSources.filter { networks?.contains($0.slot.network) ?? true }
        var urls: [String] = []
        var claimants: [String: [CRLSource]] = [:]
        for source in sources {
            for url in source.urls {
                if claimants[url] == nil { urls.append(url) }
                claimants[url, default: []].append(source)
            }
        }
        let fetched = fetchAll(urls, claimants: claimants)
        var outcomes: [CRLSlotID: RefreshOutcome] = [:]
        for (url, result) in zip(urls, fetched) {
            apply(result, from: url, to: claimants[url] ?? [], at: time, outcomes: &outcomes)
        }
        return sources.filter(\.hasSource).map { source in
            let record = store.crlRecords[source.slot]
            let outcome = outcomes[source.slot] ?? .unchanged("no source fetched")
            let state = CRLState.evaluate(
                record?.current, hasSource: source.hasSource, at: time, graceSeconds: source.settings.graceSeconds)
            return CRLRefreshResult(slot: source.slot, outcome: outcome, state: state, current: record?.current)
        }
    }

    /// Fetches every URL on its own thread, at most ``maxParallelFetches`` at once; results in the order of `urls`.
    private func fetchAll(
        _ urls: [String], claimants: [String: [CRLSource]]
    ) -> [Result<FetchResult, TrustListError>] {
        let results = Results(count: urls.count)
        let requests = urls.map { url in request(url, claimants: claimants[url] ?? []) }
        let fetcher = fetcher
        let cancellation = cancellation
        for batch in stride(from: 0, to: urls.count, by: Self.maxParallelFetches) {
            let group = DispatchGroup()
            for index in batch..<min(batch + Self.maxParallelFetches, urls.count) {
                group.enter()
                let request = requests[index]
                let thread = Thread {
                    let result = Result { () throws(TrustListError) in
                        try fetcher.fetch(request, cancellation: cancellation)
                    }
                    results.values.withLock { $0[index] = result }
                    group.leave()
                }
                thread.start()
            }
            group.wait()
        }
        return results.values.withLock { $0.map { $0 ?? .failure(TrustListError(.networkError, "not fetched")) } }
    }

    /// The fetch threads' results, by URL position.
    private final class Results: Sendable {
        let values: Mutex<[Result<FetchResult, TrustListError>?]>
        init(count: Int) { values = Mutex(Array(repeating: nil, count: count)) }
    }

    /// A CRL request: conditional when a claimant's current CRL came from this URL with validators.
    private func request(_ url: String, claimants: [CRLSource]) -> FetchRequest {
        let record = claimants.lazy.compactMap { store.crlRecords[$0.slot] }.first { $0.current?.url == url }
        var request = FetchRequest(
            url: url, etag: record?.etag, lastModified: record?.lastModified,
            accept: "application/pkix-crl, application/x-pkcs7-crl;q=0.9, */*;q=0.5")
        request.allowsPlainHTTP = true
        request.maxBytes = claimants.map(\.settings.maxBytes).max()
        request.maxBytesSetting = "revocation.maxBytes"
        return request
    }

    /// Applies one URL's fetch result to the CAs that name it.
    private func apply(
        _ result: Result<FetchResult, TrustListError>, from url: String, to claimants: [CRLSource], at time: Date,
        outcomes: inout [CRLSlotID: RefreshOutcome]
    ) {
        switch result {
        case .failure(let error) where error.code == .networkError && cancellation?.isCancelled == true:
            for source in claimants where outcomes[source.slot] == nil { outcomes[source.slot] = .cancelled }
        case .failure(let error):
            fail(claimants, error, at: time, outcomes: &outcomes)
        case .success(.notModified):
            for source in claimants where store.crlRecords[source.slot]?.current?.url == url {
                store.updateCRL(source.slot) { $0.recordSuccess(at: time, origin: .network) }
                outcomes[source.slot] = .unchanged("not modified (HTTP 304)")
            }
        case .success(.fetched(let body, let etag, let lastModified, _)):
            let crl: CertificateRevocationList
            do {
                crl = try CertificateRevocationList(derOrPEMEncoded: body)
            } catch {
                fail(claimants, TrustListError(error.code, "\(url): \(error.reason)"), at: time, outcomes: &outcomes)
                return
            }
            // CAs whose subject is the CRL's issuer first; the signature decides which one it is.
            let named = claimants.filter { $0.ca.subject == crl.issuer }
            var failures: [(CRLSource, TrustListError)] = []
            for source in named + claimants.filter({ $0.ca.subject != crl.issuer }) {
                let record = store.crlRecords[source.slot] ?? CRLRecord()
                do {
                    let verified = try CRLVerifier(issuer: source.ca, settings: refreshSettings)
                        .verify(crl, at: time, accepted: record.highWater)
                    if let current = store.crls[source.slot], current.crl.tbsSHA256 == crl.tbsSHA256 {
                        store.updateCRL(source.slot) { record in
                            record.etag = etag
                            record.lastModified = lastModified
                            record.recordSuccess(at: time, origin: .network)
                        }
                        if outcomes[source.slot] != .updated {
                            outcomes[source.slot] = .unchanged("same signed content as the current CRL")
                        }
                    } else {
                        try store.commitCRL(
                            verified, slot: source.slot, url: url, validators: (etag, lastModified), at: time)
                        outcomes[source.slot] = .updated
                    }
                    return
                } catch {
                    failures.append((source, TrustListError(error.code, "\(url): \(error.reason)")))
                }
            }
            // No CA took it: it concerns the CAs under its issuer Name (all claimants when none has that Name).
            let concerned = named.isEmpty ? failures : failures.filter { named.map(\.slot).contains($0.0.slot) }
            for (source, error) in concerned { fail([source], error, at: time, outcomes: &outcomes) }
        }
    }

    /// The verification settings of a fetched CRL: one already past its nextUpdate is refused (`crl_expired`), so
    /// it never replaces the last good one.
    private var refreshSettings: CRLVerificationSettings {
        var settings = store.crlVerificationSettings
        settings.refusesExpired = true
        return settings
    }

    /// Records a failure on CAs that got nothing better from another URL in this run.
    private func fail(
        _ sources: [CRLSource], _ error: TrustListError, at time: Date, outcomes: inout [CRLSlotID: RefreshOutcome]
    ) {
        for source in sources {
            if let outcome = outcomes[source.slot], outcome.error == nil { continue }
            store.updateCRL(source.slot) { $0.recordFailure(error, at: time) }
            outcomes[source.slot] = store.crls[source.slot] == nil ? .failed(error) : .keptLastGood(error)
        }
    }
}

/// The result of refreshing one CA's CRL.
public struct CRLRefreshResult: Sendable {
    /// The network and CA.
    public let slot: CRLSlotID
    /// What happened (``RefreshOutcome``, as for lists).
    public let outcome: RefreshOutcome
    /// The CRL's state after the refresh, at the refresh's time.
    public let state: CRLState
    /// The CRL in use after the refresh; nil when none.
    public let current: CRLSummary?
}
