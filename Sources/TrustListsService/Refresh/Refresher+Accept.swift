import Foundation
import TrustLists
import X509

extension Refresher {
    /// Pipeline steps 3 to 10 for fetched bytes of any source (docs/architecture.md, The pipeline): the same bytes
    /// as the version in use, or the same signed content in other unsigned bytes, confirm it; otherwise the bytes
    /// are verified with the source's high-water mark and committed.
    /// - Parameters:
    ///   - fetched: what the source answered.
    ///   - url: where from.
    ///   - id: the source.
    ///   - family: its family.
    ///   - verify: the kind's verification, with the rollback rule against `accepted`.
    ///   - time: the run's start time, UTC.
    ///   - verificationSeconds: set to the time the verification took, when bytes were verified.
    /// - Returns: `updated`, or `unchanged` with why.
    /// - Throws: ``TrustListError`` from the verification or the commit; nothing is recorded then.
    func accept<F: SourceFamily>(
        _ fetched: FetchResult, from url: String, as id: F.ID, in family: F.Type,
        verify: (_ bytes: [UInt8], _ accepted: VersionMark?) throws(TrustListError) -> F.Verified, at time: Date,
        verificationSeconds: inout TimeInterval?
    ) throws(TrustListError) -> RefreshOutcome {
        switch fetched {
        case .notModified:
            store.update(F.self, id) { $0.recordSuccess(at: time, origin: .network) }
            return .unchanged("not modified (HTTP 304)")
        case .fetched(let body, let etag, let lastModified, _):
            let current = store[keyPath: F.table].current[id]
            if let current, current.signedBytes == body {
                confirm(F.self, id, etag: etag, lastModified: lastModified, at: time)
                return .unchanged("same bytes as the current version")
            }
            let clock = ContinuousClock()
            let started = clock.now
            let verification = Result { () throws(TrustListError) in
                try verify(body, store[keyPath: F.table].records[id]?.highWater)
            }
            verificationSeconds = Self.seconds(clock.now - started)
            let verified = try verification.get()
            // Authentic, and the same signed content as the version in use: only unsigned bytes differ.
            if let current, current.contentSHA256 == verified.contentSHA256 {
                confirm(F.self, id, etag: etag, lastModified: lastModified, at: time)
                return .unchanged("same signed content as the current version (only unsigned bytes differ)")
            }
            try store.commit(
                verified, as: id, in: F.self, origin: .network, url: url, validators: (etag, lastModified), at: time,
                beforeRename: beforeCommitRename)
            return .updated
        }
    }

    /// Records that the source confirmed the version in use.
    func confirm<F: SourceFamily>(_ family: F.Type, _ id: F.ID, etag: String?, lastModified: String?, at time: Date) {
        store.update(F.self, id) { record in
            record.etag = etag
            record.lastModified = lastModified
            record.recordSuccess(at: time, origin: .network)
        }
    }

    /// Records a failure of a source; the outcome says whether a last good version is kept.
    func fail<F: SourceFamily>(_ family: F.Type, _ id: F.ID, _ error: TrustListError, at time: Date) -> RefreshOutcome {
        store.update(F.self, id) { $0.recordFailure(error, at: time) }
        return store[keyPath: F.table].current[id] == nil ? .failed(error) : .keptLastGood(error)
    }

    /// Whether a failure is a fetch abandoned because the daemon is stopping: it says nothing about the source, and
    /// nothing is recorded.
    func isCancellation(_ error: TrustListError) -> Bool {
        error.code == .networkError && cancellation?.isCancelled == true
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
