import Foundation
import HTTPServer
import Synchronization
import TrustLists
import TrustListsService
import X509

/// The representations of the current snapshot generation, made once per generation: the JSON as published, its
/// gzip form, a strong ETag for each (SHA-256 of the bytes sent), `Last-Modified` and the earliest `nextUpdate`.
///
/// The memo is keyed by the generation number and build time, which together name one generation's content (the
/// builder renumbers only when the content changes); the JSON is hashed and compressed once, outside the lock, so a
/// request for an unchanged generation costs a lookup.
final class SnapshotCache: Sendable {
    /// One generation's representations.
    struct Representation: Sendable {
        /// The generation.
        let generation: UInt64
        /// When it was built.
        let builtAt: Date
        /// The JSON.
        let identity: [UInt8]
        /// The JSON's strong ETag: its SHA-256 in hex, the name the export gives the file.
        let identityETag: ETag
        /// The JSON gzip-coded.
        let gzip: [UInt8]
        /// The gzip form's strong ETag: the JSON's SHA-256 with `.gz` (another representation, another tag).
        let gzipETag: ETag
        /// `builtAt` as an HTTP date.
        let lastModified: String
        /// The earliest `nextUpdate` of the generation's lists; nil when none has one.
        let earliestNextUpdate: Date?
        /// SHA-256 of the JSON, hex.
        let sha256Hex: String
        /// ``identityETag`` and ``gzipETag`` as field values, and the generation as text: written once, sent with
        /// every answer.
        let identityETagField: String
        let gzipETagField: String
        let generationText: String
    }

    private let memo = Mutex<Representation?>(nil)

    /// The representations of `document`, from the memo when it holds that generation.
    func representation(of document: SnapshotDocument) -> Representation {
        let snapshot = document.snapshot
        if let memo = memo.withLock({ $0 }), memo.generation == snapshot.generation, memo.builtAt == snapshot.builtAt,
            memo.identity.count == document.json.count
        {
            return memo
        }
        let sha256Hex = hexString(Digest.sha256.hash(document.json))
        let made = Representation(
            generation: snapshot.generation, builtAt: snapshot.builtAt, identity: document.json,
            identityETag: ETag(strong: sha256Hex)!, gzip: Gzip.compress(document.json),
            gzipETag: ETag(strong: sha256Hex + ".gz")!, lastModified: HTTPDate.imfFixdate(snapshot.builtAt),
            earliestNextUpdate: snapshot.sources.compactMap(\.nextUpdate).min(), sha256Hex: sha256Hex,
            identityETagField: ETag(strong: sha256Hex)!.fieldValue,
            gzipETagField: ETag(strong: sha256Hex + ".gz")!.fieldValue,
            generationText: String(snapshot.generation))
        memo.withLock { $0 = made }
        return made
    }
}

/// How long a cache may keep what the API serves: until the daemon's next check at the latest, and never past the
/// earliest `nextUpdate`, when a new version may appear.
enum CacheLifetime {
    /// `max-age` in whole seconds, at least 0.
    static func maxAge(checkIntervalSeconds: Double, nextUpdate: Date?, now: Date) -> Int {
        var seconds = checkIntervalSeconds
        if let nextUpdate { seconds = min(seconds, nextUpdate.timeIntervalSince(now)) }
        return max(0, Int(seconds.rounded(.down)))
    }
}
