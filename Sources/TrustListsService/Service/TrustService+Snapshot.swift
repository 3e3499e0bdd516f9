import Foundation
import Synchronization
import TrustLists

/// The current generation's document: its JSON encoded once per generation, by the first reader that needs it after
/// a load or refresh installed it (docs/architecture.md, The live service).
extension TrustService {
    /// The current generation's JSON, exactly as written to `snapshot.json` (encoded once per generation); nil for a
    /// read-only service, which writes and encodes nothing.
    public var snapshotJSON: [UInt8]? { snapshotDocument?.json }

    /// The current generation together with its JSON (``snapshotJSON``), read in one step so that the two always
    /// belong to the same generation; nil for a read-only service, before the first load, and when the JSON cannot be
    /// encoded (the load or refresh then reports `persist_error`). After a load or refresh the first reader encodes it:
    /// the one storing `snapshot.json`, or an HTTP request that comes sooner and waits for it.
    public var snapshotDocument: SnapshotDocument? { try? encodedDocument() }

    /// The number of the generation a load or refresh of this service installed last; nil before the first (and for
    /// a read-only service). Encodes nothing: what readiness and decisions check.
    public var installedGeneration: UInt64? { published.withLock { $0.installedGeneration } }

    /// The current generation's document, its JSON encoded now if it is not yet.
    /// - Throws: ``TrustListError`` `persist_error` when there is no generation or its JSON cannot be encoded.
    func encodedDocument() throws(TrustListError) -> SnapshotDocument {
        if let document = published.withLock({ $0.pendingSnapshot == nil ? $0.snapshotDocument : nil }) {
            return document
        }
        return try encoding.withLock { _ throws(TrustListError) -> SnapshotDocument in
            let (current, pending) = published.withLock { ($0.snapshotDocument, $0.pendingSnapshot) }
            guard let pending else {
                guard let current else { throw TrustListError(.persistError, "no snapshot generation is installed") }
                return current
            }
            let json: [UInt8]
            do throws(SnapshotError) {
                json = try pending.jsonEncoded()
            } catch {
                throw TrustListError(.persistError, error.reason)
            }
            let document = SnapshotDocument(snapshot: pending, json: json)
            published.withLock { published in
                // A later install while this one encoded keeps its own pending generation.
                guard published.pendingSnapshot?.generation == pending.generation else { return }
                published.snapshotDocument = document
                published.pendingSnapshot = nil
            }
            return document
        }
    }
}
