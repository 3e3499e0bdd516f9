import Foundation
import TrustLists
import X509

extension Refresher {
    /// The CRL phase of a run (docs/architecture.md, Revocation), after the lists are committed: every URL of the
    /// chosen CAs' CRL sources is fetched once, all at once, with the request's validators and `revocation.maxBytes`;
    /// each CRL fetched is decoded once and verified against every CA that names the URL, by key and signature (never
    /// by name or URL alone: real IACAs share names and URLs), with that CA's high-water mark, through the same
    /// ``accept(_:from:as:in:verify:at:verificationSeconds:)`` as every source. A CRL no CA takes is recorded as a
    /// failure on the CAs under its issuer Name (on all that name the URL when none has that Name).
    /// - Parameters:
    ///   - chosen: which CA slots to refresh.
    ///   - time: the run's start time (UTC).
    /// - Returns: per chosen CA with a CRL source, in source order, what happened.
    func refreshCRLs(_ chosen: (CRLSlotID) -> Bool, at time: Date) -> [CRLRefreshResult] {
        let sources = store.crlSources.filter { chosen($0.slot) }
        var urls: [String] = []
        var claimants: [String: [CRLSource]] = [:]
        for source in sources {
            for url in source.urls {
                if claimants[url] == nil { urls.append(url) }
                claimants[url, default: []].append(source)
            }
        }
        let fetched = ParallelFetch.run(
            urls.map { request($0, claimants: claimants[$0] ?? []) }, with: fetcher, cancellation: cancellation)
        var outcomes: [CRLSlotID: RefreshOutcome] = [:]
        var issuers: [String: String] = [:]
        for (url, result) in zip(urls, fetched) {
            issuers[url] = apply(result, from: url, to: claimants[url] ?? [], at: time, outcomes: &outcomes)
        }
        // A CA none of whose URLs served its CRL (they serve other CAs' CRLs, as a network's revocation.crls may):
        // that is recorded, so that its state says why.
        for source in sources where source.hasSource && outcomes[source.slot] == nil {
            let found = source.urls.compactMap { url in issuers[url].map { "\(url) has the CRL of \($0)" } }
            let error = TrustListError(
                .crlIssuerMismatch,
                "no CRL at this CA's URLs is signed by it" + (found.isEmpty ? "" : ": " + found.joined(separator: "; ")))
            outcomes[source.slot] = fail(ListedCACRLs.self, source.slot, error, at: time)
        }
        return sources.filter(\.hasSource).map { source in
            let record = store.crls.records[source.slot]
            let state = CRLState.evaluate(
                record?.current, hasSource: source.hasSource, at: time, graceSeconds: source.settings.graceSeconds)
            return CRLRefreshResult(
                slot: source.slot, outcome: outcomes[source.slot] ?? .unchanged("no source fetched"), state: state,
                current: record?.current)
        }
    }

    /// A CRL request: conditional when a claimant's current CRL came from this URL with validators.
    private func request(_ url: String, claimants: [CRLSource]) -> FetchRequest {
        let record = claimants.lazy.compactMap { store.crls.records[$0.slot] }.first { $0.current?.url == url }
        var request = FetchRequest(
            url: url, etag: record?.etag, lastModified: record?.lastModified,
            accept: "application/pkix-crl, application/x-pkcs7-crl;q=0.9, */*;q=0.5")
        request.allowsPlainHTTP = true
        request.maxBytes = claimants.map(\.settings.maxBytes).max()
        request.maxBytesSetting = "revocation.maxBytes"
        return request
    }

    /// Applies one URL's fetch result to the CAs that name it.
    /// - Returns: the issuer Name of the CRL the URL served (RFC 4514), when it served one that decodes.
    @discardableResult
    private func apply(
        _ result: Result<FetchResult, TrustListError>, from url: String, to claimants: [CRLSource], at time: Date,
        outcomes: inout [CRLSlotID: RefreshOutcome]
    ) -> String? {
        let fetched: FetchResult
        switch result {
        case .failure(let error) where isCancellation(error):
            for source in claimants where outcomes[source.slot] == nil { outcomes[source.slot] = .cancelled }
            return nil
        case .failure(let error):
            fail(claimants, error, at: time, outcomes: &outcomes)
            return nil
        case .success(let answer):
            fetched = answer
        }
        guard case .fetched(let body, _, _, _) = fetched else {
            // 304: it confirms the CAs whose CRL in use came from this URL.
            for source in claimants where store.crls.records[source.slot]?.current?.url == url {
                store.update(ListedCACRLs.self, source.slot) { $0.recordSuccess(at: time, origin: .network) }
                outcomes[source.slot] = .unchanged("not modified (HTTP 304)")
            }
            return nil
        }
        let crl: CertificateRevocationList
        do {
            crl = try CertificateRevocationList(derOrPEMEncoded: body)
        } catch {
            fail(claimants, TrustListError(error.code, "\(url): \(error.reason)"), at: time, outcomes: &outcomes)
            return nil
        }
        // CAs whose subject is the CRL's issuer first; the signature decides which one it is.
        let named = claimants.filter { $0.ca.subject == crl.issuer }
        var failures: [(CRLSource, TrustListError)] = []
        for source in named + claimants.filter({ $0.ca.subject != crl.issuer }) {
            var seconds: TimeInterval?
            do {
                let outcome = try accept(
                    fetched, from: url, as: source.slot, in: ListedCACRLs.self,
                    verify: { _, accepted throws(TrustListError) in
                        try CRLVerifier(issuer: source.ca, settings: refreshSettings).verify(
                            crl, at: time, accepted: accepted)
                    }, at: time, verificationSeconds: &seconds)
                if outcomes[source.slot] != .updated { outcomes[source.slot] = outcome }
                return crl.issuer.rfc4514
            } catch {
                failures.append((source, TrustListError(error.code, "\(url): \(error.reason)")))
            }
        }
        // No CA took it: it concerns the CAs under its issuer Name (all claimants when none has that Name).
        let concerned = named.isEmpty ? failures : failures.filter { named.map(\.slot).contains($0.0.slot) }
        for (source, error) in concerned { fail([source], error, at: time, outcomes: &outcomes) }
        return crl.issuer.rfc4514
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
            outcomes[source.slot] = fail(ListedCACRLs.self, source.slot, error, at: time)
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
