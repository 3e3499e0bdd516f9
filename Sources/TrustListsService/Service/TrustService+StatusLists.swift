import Foundation
import TrustLists
import X509

extension TrustService {
    /// Commits a status list token fetched and verified on demand for a decision to the store (docs/architecture.md,
    /// Status lists), as a refresh commits any source: under the lock, after loading the cache, the token is verified
    /// again against the decision's anchor and the other anchors of its network's lists, the network's CRLs and the
    /// source's high-water mark as stored now (another process may have stored a later one: `status_rollback`,
    /// `status_equivocation`); only a token that verifies is committed, and the state written. Nothing is committed
    /// while a refresh holds the lock longer than the wait; the decision that fetched the token has used it, and the
    /// next fetch tries again.
    /// - Parameters:
    ///   - verified: the token, as the decision verified it.
    ///   - id: its source.
    ///   - url: where it was fetched from.
    ///   - validators: the `ETag` and `Last-Modified` it was served with.
    ///   - anchor: the decision's anchor (an anchor of the network's current generation).
    ///   - time: the decision's time, UTC.
    /// - Returns: why it was not committed; nil when it was (or was already the current token).
    @discardableResult
    func commitStatusList(
        _ verified: VerifiedStatusList, as id: StatusListID, url: String,
        validators: (etag: String?, lastModified: String?), anchor: Certificate, at time: Date
    ) -> TrustListError? {
        do throws(TrustListError) {
            return try withLoadedStore(
                at: time, lockTimeout: 30, cancellation: nil, waiting: {}, heartbeat: {}
            ) { engine, store, events throws(TrustListError) -> TrustListError? in
                if store.statusLists.current[id]?.sha256 == verified.sha256 { return nil }
                var outcome: TrustListError?
                do throws(TrustListError) {
                    let again = try store.verifyStatusList(
                        verified.signedBytes, as: id, accepted: store.statusLists.records[id]?.highWater,
                        refusesExpired: true, decisionAnchor: anchor, at: time)
                    try store.commit(
                        again, as: id, in: StoredStatusLists.self, origin: .network, url: url, validators: validators,
                        at: time)
                } catch {
                    store.update(StoredStatusLists.self, id) { $0.recordFailure(error, at: time) }
                    outcome = error
                }
                let persistError = installAndRecord(store, at: time, events: &events)
                publish(engine, events: events)
                return outcome ?? persistError
            }
        } catch {
            return error
        }
    }
}
