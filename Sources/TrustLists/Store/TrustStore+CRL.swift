import Foundation
import X509

extension TrustStore {
    /// The CRL verification settings of a network's CAs: the configuration's clock skew; a CRL past its nextUpdate
    /// is verified (its state says `stale` or `expired`), never refused for that alone.
    public var crlVerificationSettings: CRLVerificationSettings {
        var settings = CRLVerificationSettings()
        settings.clockSkewSeconds = configuration.clockSkewSeconds
        settings.refusesExpired = false
        return settings
    }

    /// Failures of a cached CRL that depend on the time it is verified at: the file stays in the cache.
    static let crlTimeBound: Set<TrustListError.Code> = [.crlNotYetValid, .crlExpired]

    /// Sets ``crlSources`` from the current lists (after a load, and again after a refresh changed them) and drops
    /// the CRLs of CAs no list names any more: a CRL whose CA is no longer listed is not used.
    public func refreshCRLSources() {
        crlSources = CRLSource.all(configuration: configuration, lists: current)
        let slots = Set(crlSources.map(\.slot))
        crls = crls.filter { slots.contains($0.key) }
    }

    /// Verifies every cached CRL of every CA the current lists name again, against that CA (a CRL file in the
    /// cache is evidence, never authority), and makes the best one current: the one `state.json` names, else the
    /// highest that is not below the slot's high-water mark. A file that fails for a reason other than time is
    /// quarantined. Called by ``load(at:)`` after the lists.
    /// - Parameters:
    ///   - recorded: the CRL records of `state.json`, by `network/issuerSHA256`.
    ///   - time: the time to verify at, UTC.
    func loadCRLs(recorded: [String: CRLRecord], at time: Date) {
        crls = [:]
        crlRecords = [:]
        refreshCRLSources()
        for source in crlSources {
            var record = recorded[source.slot.description] ?? CRLRecord()
            if let verified = loadCRL(source, record: record, at: time) {
                crls[source.slot] = verified
                var summary = CRLSummary(verified, url: nil)
                if let recordedSummary = record.current, recordedSummary.sha256 == summary.sha256 {
                    summary.url = recordedSummary.url
                    summary.verifiedAt = min(recordedSummary.verifiedAt, summary.verifiedAt)
                } else {
                    record.etag = nil
                    record.lastModified = nil
                    record.origin = .cache
                }
                record.current = summary
                if record.highWater == nil { record.highWater = verified.mark }
            } else {
                record.current = nil
                record.origin = nil
                record.etag = nil
                record.lastModified = nil
            }
            crlRecords[source.slot] = record
        }
    }

    private func loadCRL(_ source: CRLSource, record: CRLRecord, at time: Date) -> VerifiedCRL? {
        let folder = layout.crls(source.slot)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let shas = names.filter { $0.hasSuffix(".crl") && !$0.hasPrefix(".") }.map { String($0.dropLast(4)) }
        guard !shas.isEmpty else { return nil }
        let verifier = CRLVerifier(issuer: source.ca, settings: crlVerificationSettings)
        var candidates: [VerifiedCRL] = []
        for sha in shas.sorted() {
            let file = layout.crl(source.slot, sha256: sha)
            let quarantineName = "crl-\(source.slot.network)-\(source.slot.issuerSHA256.prefix(16))-\(sha).crl"
            let bytes: [UInt8]
            // The cap the CRL was fetched under (revocation.maxBytes, 16 MiB by default), not http.maxBytes.
            switch CachedFile.read(file, maxBytes: source.settings.maxBytes, sha256: sha) {
            case .success(let read):
                bytes = read
            case .failure(let problem) where problem.isPresent:
                quarantine(file, as: quarantineName, crl: source.slot, reason: problem.description)
                continue
            case .failure:
                continue
            }
            do {
                let verified = try verifier.verify(bytes, at: time)
                guard hexString(verified.crl.sha256) == sha else {
                    quarantine(
                        file, as: quarantineName, crl: source.slot, reason: "its name does not match its SHA-256")
                    continue
                }
                candidates.append(verified)
            } catch  where Self.crlTimeBound.contains(error.code) || error.code == .limitsExceeded {
                events.append(
                    Event(
                        list: nil, crl: source.slot,
                        message: "cached CRL \(sha.prefix(12)) not usable at \(Timestamp.text(time)) (\(error.code))",
                        reason: error.code))
            } catch {
                quarantine(
                    file, as: quarantineName, crl: source.slot, reason: "\(error.code): \(error.reason)",
                    code: error.code)
            }
        }
        if let named = record.current?.sha256,
            let match = candidates.first(where: { hexString($0.crl.sha256) == named })
        {
            return match
        }
        // Never a CRL below the highest accepted: a certificate revoked by a later CRL must stay revoked.
        let rollback = RollbackPolicy(accepted: record.highWater, rules: .crl)
        let usable = candidates.filter { (try? rollback.verdict($0.mark)) != nil }
        return usable.max { VersionRules.crl.precedes($0.mark, $1.mark) }
    }

    /// Records a CRL refresh outcome of a slot without a new CRL (failure or confirmation).
    public func updateCRL(_ slot: CRLSlotID, _ change: (inout CRLRecord) -> Void) {
        var record = crlRecords[slot] ?? CRLRecord()
        change(&record)
        crlRecords[slot] = record
    }

    /// Makes `verified` the current CRL of `slot`: writes its bytes as published atomically, then the record
    /// (high-water mark raised, previous CRL kept, older ones removed). The caller writes the state afterwards.
    /// - Parameters:
    ///   - verified: the CRL, verified against the slot's CA with the slot's rollback mark.
    ///   - slot: the network and CA.
    ///   - url: where it was fetched from.
    ///   - validators: the `ETag` and `Last-Modified` it was served with.
    ///   - time: the refresh time, UTC.
    /// - Returns: the CRL's facts.
    /// - Throws: ``TrustListError`` `persist_error`; the previous CRL then stays current.
    @discardableResult
    public func commitCRL(
        _ verified: VerifiedCRL, slot: CRLSlotID, url: String?, validators: (etag: String?, lastModified: String?),
        at time: Date
    ) throws(TrustListError) -> CRLSummary {
        let summary = CRLSummary(verified, url: url)
        if !isReadOnly {
            try AtomicFile.makeFolder(layout.crls(slot))
            try writeFile(verified.crl.derEncoded, to: layout.crl(slot, sha256: summary.sha256))
        }
        var record = crlRecords[slot] ?? CRLRecord()
        if let old = record.current?.sha256, old != summary.sha256 { record.previousSHA256 = old }
        record.current = summary
        record.highWater = verified.mark
        record.etag = validators.etag
        record.lastModified = validators.lastModified
        record.recordSuccess(at: time, origin: .network)
        crlRecords[slot] = record
        crls[slot] = verified
        if !isReadOnly {
            let keep = [summary.sha256, record.previousSHA256].compactMap { $0 }
            let folder = layout.crls(slot)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name.hasSuffix(".crl") && !keep.contains(String(name.dropLast(4))) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        return summary
    }
}
