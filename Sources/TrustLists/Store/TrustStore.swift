import Foundation
import X509

/// The cache directory: verified signed lists, verified roots, `state.json` (docs/architecture.md, The store and the
/// cache). Loading verifies every cached list again (``load(at:)``, in `TrustStore+Load.swift`); committing writes
/// atomically. The store keeps lists and records only: the snapshot is built and written by its owner (``TrustService``
/// or the read-only loader), never by the store.
///
/// Not thread-safe: one refresh owns it at a time (the ``StoreLock`` makes that so across processes).
public final class TrustStore {
    /// Something loading noticed, for logs and status.
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        /// The list concerned; nil for the whole store or a CRL.
        public let list: ListID?
        /// The CA CRL slot concerned; nil for a list or the whole store.
        public var crl: CRLSlotID? = nil
        /// What happened, for a person.
        public let message: String
        /// The reason code, when the event is a verification failure (a quarantined version); nil otherwise.
        public var reason: TrustListError.Code? = nil
        /// `list: message` (`crl network/issuerSHA256: message` for a CRL).
        public var description: String {
            if let list { return "\(list): \(message)" }
            if let crl { return "crl \(crl): \(message)" }
            return message
        }
    }

    /// The configuration it serves.
    public let configuration: Configuration
    /// The folder layout.
    public let layout: StoreLayout
    /// Records per list.
    public internal(set) var records: [ListID: ListRecord] = [:]
    /// The verified current version per list (absent: no trust yet).
    public internal(set) var current: [ListID: VerifiedList] = [:]
    /// The current version's facts per list: made once per commit or load, shared by records, status and snapshot.
    public var summaries: [ListID: ListSummary] { records.compactMapValues(\.current) }
    /// The generation and content of the last snapshot its owner built (kept in `state.json`).
    public internal(set) var snapshotMark: SnapshotMark?
    /// The CRL sources of the CAs the current lists name (``CRLSource/all(configuration:lists:)``), set by loading
    /// and by ``refreshCRLSources()``.
    public internal(set) var crlSources: [CRLSource] = []
    /// Records per CA CRL slot.
    public internal(set) var crlRecords: [CRLSlotID: CRLRecord] = [:]
    /// The verified current CRL per slot, verified by this process against the CA its current list names.
    public internal(set) var crls: [CRLSlotID: VerifiedCRL] = [:]
    /// What loading noticed: state rebuilt, lists quarantined, roots missing.
    public internal(set) var events: [Event] = []

    /// Versions already verified in this process, by SHA-256: loading again skips their verification (their
    /// states still follow the clock).
    var verifiedBySHA: [String: VerifiedList] = [:]

    /// Whether this store only reads: loading verifies and chooses versions, and commits change the records in
    /// memory, but no file is written, moved or removed. For `trustctl status` and `query`, and for
    /// `trustctl refresh --at`, which verifies at a time of the caller's choosing and must not leave that time in the
    /// cache.
    public let isReadOnly: Bool

    /// Opens the store for `configuration` (nothing is read yet; see ``load(at:)``).
    /// - Parameter readOnly: see ``isReadOnly``.
    public init(configuration: Configuration, readOnly: Bool = false) {
        self.configuration = configuration
        self.layout = StoreLayout(root: configuration.cacheDirectory)
        self.isReadOnly = readOnly
    }

    // MARK: - Roots

    /// The cached roots whose SHA-256 matches one of the network's pins.
    public func cachedRoots(_ network: NetworkConfiguration) -> [Certificate] {
        network.root.pins.compactMap { pin in
            let file = layout.root(sha256: hexString(pin))
            guard let bytes = try? Array(Data(contentsOf: file)), let root = try? Certificate(derEncoded: bytes),
                root.sha256 == pin
            else { return nil }
            return root
        }
    }

    /// Stores a root that matched a pin.
    /// - Throws: ``TrustListError`` `persist_error`.
    public func storeRoot(_ root: Certificate) throws(TrustListError) {
        let file = layout.root(sha256: root.sha256Hex)
        guard !isReadOnly, !FileManager.default.fileExists(atPath: file.path) else { return }
        try AtomicFile.makeFolder(layout.roots)
        try AtomicFile.write(root.derEncoded, to: file)
    }

    // MARK: - Changing

    /// Records a refresh outcome for a list without a new version (failure or confirmation).
    public func update(_ id: ListID, _ change: (inout ListRecord) -> Void) {
        var record = records[id] ?? ListRecord()
        change(&record)
        records[id] = record
    }

    /// Makes `verified` the current version of `id`: writes its bytes atomically, then the record (high-water mark
    /// raised, previous version kept, older ones removed). The caller writes the state afterwards.
    /// - Parameters:
    ///   - origin: where it came from.
    ///   - validators: the `ETag` and `Last-Modified` it was served with.
    ///   - beforeRename: test hook, see ``AtomicFile/write(_:to:permissions:beforeRename:)``.
    /// - Returns: the version's facts (the one summary of this commit).
    /// - Throws: ``TrustListError`` `persist_error`; the previous version then stays current.
    @discardableResult
    public func commit(
        _ verified: VerifiedList, as id: ListID, origin: ListOrigin, validators: (etag: String?, lastModified: String?),
        at time: Date, beforeRename: () throws -> Void = {}
    ) throws(TrustListError) -> ListSummary {
        let summary = ListSummary(verified, id: id)
        if !isReadOnly {
            try AtomicFile.makeFolder(layout.lists(id))
            try AtomicFile.write(
                verified.signedBytes, to: layout.list(id, sha256: summary.sha256), beforeRename: beforeRename)
        }
        var record = records[id] ?? ListRecord()
        if let old = record.current?.sha256, old != summary.sha256 { record.previousSHA256 = old }
        record.current = summary
        record.raiseHighWater(to: summary)
        record.etag = validators.etag
        record.lastModified = validators.lastModified
        record.recordSuccess(at: time, origin: origin)
        records[id] = record
        current[id] = verified
        verifiedBySHA[summary.sha256] = verified
        if !isReadOnly { pruneVersions(of: id, keeping: [summary.sha256, record.previousSHA256].compactMap { $0 }) }
        return summary
    }

    /// Remembers the snapshot its owner built last (written with the state).
    public func markSnapshot(_ mark: SnapshotMark) { snapshotMark = mark }

    private func pruneVersions(of id: ListID, keeping: [String]) {
        let folder = layout.lists(id)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".cose") && !keeping.contains(String(name.dropLast(5))) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Removes the temporary files a killed run left behind (`.<name>.tmp-<random>` from ``AtomicFile``) in the cache
    /// directory, its lists and its roots. Call it holding the lock: no other writer is then between a temporary
    /// file and its rename.
    /// - Returns: how many files were removed.
    @discardableResult
    public func removeLeftovers() -> Int {
        guard !isReadOnly else { return 0 }
        var folders = [layout.root, layout.roots]
        folders += configuration.lists.map { layout.lists($0.id) }
        folders += crlSources.map { layout.crls($0.slot) }
        var removed = 0
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where AtomicFile.isTemporaryName(name) {
                if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil {
                    removed += 1
                }
            }
        }
        if removed > 0 {
            events.append(Event(list: nil, message: "removed \(removed) temporary file(s) left by an interrupted run"))
        }
        return removed
    }
}
