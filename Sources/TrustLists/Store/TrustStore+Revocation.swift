import Foundation
import X509

extension TrustStore {
    /// The CRL verification settings of a network's CAs: the configuration's clock skew; a CRL past its nextUpdate
    /// is verified (its state says `stale` or `expired`), never refused for that alone.
    package var crlVerificationSettings: CRLVerificationSettings {
        var settings = CRLVerificationSettings()
        settings.clockSkewSeconds = configuration.clockSkewSeconds
        settings.refusesExpired = false
        return settings
    }

    /// Failures of a cached CRL that depend on the time it is verified at, or on a limit: the file stays in the
    /// cache.
    static let crlKept: Set<TrustListError.Code> = [.crlNotYetValid, .crlExpired, .limitsExceeded]

    /// Sets ``crlSources`` from the current lists (after a load, and again after a refresh changed them) and drops
    /// the CRLs of CAs no list names any more: a CRL whose CA is no longer listed is not used.
    package func refreshCRLSources() {
        crlSources = CRLSource.all(configuration: configuration, lists: lists.current)
        let slots = Set(crlSources.map(\.slot))
        crls.current = crls.current.filter { slots.contains($0.key) }
    }

    /// Loads the CRL of every CA the current lists name from the cache, as every source is loaded
    /// (``loadSource(_:_:recorded:maxBytes:maxBytesSetting:unverifiable:verify:onFailure:)``): each cached CRL is
    /// verified again against that CA (a CRL file in the cache is evidence, never authority), and the one
    /// `state.json` names, else the highest not below the slot's high-water mark, becomes current. Called by
    /// ``load(at:)`` after the lists.
    /// - Parameters:
    ///   - recorded: the CRL records of `state.json`, by `network/issuerSHA256`.
    ///   - time: the time to verify at, UTC.
    func loadRevocation(recorded: [String: CRLRecord], at time: Date) {
        crls = SourceTable()
        refreshCRLSources()
        let verifier = crlVerificationSettings
        for source in crlSources {
            loadSource(
                ListedCACRLs.self, source.slot, recorded: recorded[source.slot.description],
                // The cap the CRL was fetched under (revocation.maxBytes, 16 MiB by default), not http.maxBytes.
                maxBytes: source.settings.maxBytes, maxBytesSetting: "revocation.maxBytes",
                verify: { bytes, _ in
                    Result { () throws(TrustListError) in
                        try CRLVerifier(issuer: source.ca, settings: verifier).verify(bytes, at: time)
                    }
                },
                onFailure: { error, _ in
                    Self.crlKept.contains(error.code)
                        ? .keep("not usable at \(Timestamp.text(time)) (\(error.code))") : .quarantine
                })
        }
    }
}
