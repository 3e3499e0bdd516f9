import Foundation
import X509

/// The cache directory: verified signed lists, verified roots, `state.json` (docs/architecture.md, The store and the
/// cache). Loading verifies every cached list again (``load(at:)``, in `TrustStore+Load.swift`); committing writes
/// atomically. The store keeps lists and records only: the snapshot is built and written by its owner (``TrustService``
/// or the read-only loader), never by the store.
///
/// Not thread-safe: one refresh owns it at a time (the ``StoreLock`` makes that so across processes).
package final class TrustStore {
    /// Something loading noticed, for logs and status.
    package struct Event: Sendable, Hashable, CustomStringConvertible {
        /// The list concerned; nil for the whole store or a CRL.
        package let list: ListID?
        /// The CA CRL slot concerned; nil for a list or the whole store.
        package var crl: CRLSlotID? = nil
        /// The status list concerned; nil for anything else.
        package var statusList: StatusListID? = nil
        /// What happened, for a person.
        package let message: String
        /// The reason code, when the event is a verification failure (a quarantined version); nil otherwise.
        package var reason: TrustListError.Code? = nil

        /// An event from its parts.
        package init(
            list: ListID?, crl: CRLSlotID? = nil, statusList: StatusListID? = nil, message: String,
            reason: TrustListError.Code? = nil
        ) {
            self.list = list
            self.crl = crl
            self.statusList = statusList
            self.message = message
            self.reason = reason
        }

        /// `list: message` (`crl network/issuerSHA256: message` for a CRL, `status list network/uriSHA256: message`
        /// for a status list).
        package var description: String {
            if let list { return "\(list): \(message)" }
            if let crl { return "crl \(crl): \(message)" }
            if let statusList { return "status list \(statusList): \(message)" }
            return message
        }
    }

    /// The configuration it serves.
    package let configuration: Configuration
    /// The folder layout.
    package let layout: StoreLayout
    /// The configured lists: per list, its record and its verified current version (absent: no trust yet).
    public internal(set) var lists = SourceTable<ConfiguredLists>()
    /// The CRLs of the CAs the current lists name (``crlSources``): per CA slot, its record and the CRL verified by
    /// this process against the CA its current list names.
    public internal(set) var crls = SourceTable<ListedCACRLs>()
    /// The status lists of the networks' credentials (docs/architecture.md, Status lists): per network and URI, its
    /// record and the token verified by this process against an anchor of the network's lists.
    public internal(set) var statusLists = SourceTable<StoredStatusLists>()
    /// Records per list.
    package var records: [ListID: ListRecord] { lists.records }
    /// The verified current version per list (absent: no trust yet).
    package var current: [ListID: VerifiedList] { lists.current }
    /// The generation and content of the last snapshot its owner built (kept in `state.json`).
    public internal(set) var snapshotMark: SnapshotMark?
    /// The run of failures to store a load's or a refresh's results (state, lists or roots written, or read back),
    /// since the last run that stored them; nil when the last one did. Kept in the lock file for other processes
    /// (``recordPersist(_:at:)``).
    public internal(set) var persistFailure: RecordedFailure?
    /// The CRL sources of the CAs the current lists name (``CRLSource/all(configuration:lists:)``), set by loading
    /// and by ``refreshCRLSources()``.
    public internal(set) var crlSources: [CRLSource] = []
    /// What loading noticed: state rebuilt, lists quarantined, roots missing.
    public internal(set) var events: [Event] = []

    /// The files a fresh process would load, with the bytes they must hold: every file written since the last load,
    /// and the current lists and roots the load read intact. ``checkCommitted()`` reads them back.
    var expected: [URL: [UInt8]] = [:]

    /// The paths moved to `quarantine/` since the last load (a file written again there is reported as healed).
    var quarantined: Set<String> = []

    /// Whether this store only reads: loading verifies and chooses versions, and commits change the records in
    /// memory, but no file is written, moved or removed. For `trustctl status` and `query`, and for
    /// `trustctl refresh --at`, which verifies at a time of the caller's choosing and must not leave that time in the
    /// cache.
    package let isReadOnly: Bool

    /// Opens the store for `configuration` (nothing is read yet; see ``load(at:)``).
    /// - Parameter readOnly: see ``isReadOnly``.
    package init(configuration: Configuration, readOnly: Bool = false) {
        self.configuration = configuration
        self.layout = StoreLayout(root: configuration.cacheDirectory)
        self.isReadOnly = readOnly
    }

    // MARK: - Roots

    /// The most bytes read from a cached root file: a certificate is a few KiB.
    static let maxRootBytes = 1 << 20

    /// The cached roots whose SHA-256 matches one of the network's pins. A root file that is not a regular file,
    /// whose bytes do not hash to its name, or that is not one readable certificate is quarantined (moved to
    /// `quarantine/`, reported once) and not used: the next refresh fetches the root and writes it again.
    package func cachedRoots(_ network: NetworkConfiguration) -> [Certificate] {
        network.root.pins.compactMap { pin in
            let sha = hexString(pin)
            let file = layout.root(sha256: sha)
            switch CachedFile.read(file, maxBytes: Self.maxRootBytes, sha256: sha) {
            case .success(let bytes):
                guard let root = try? CertificateCache.shared.certificate(derEncoded: bytes), root.sha256 == pin else {
                    quarantine(
                        file, as: "root-\(sha).der", what: "cached root \(sha.prefix(12))",
                        reason: "not one readable certificate")
                    return nil
                }
                expected[file] = bytes
                return root
            case .failure(.missing):
                return nil
            case .failure(let problem) where problem.isPresent:
                quarantine(
                    file, as: "root-\(sha).der", what: "cached root \(sha.prefix(12))",
                    reason: problem.description)
                return nil
            case .failure(let problem):
                noteOnce(
                    Event(list: nil, message: "cached root \(sha.prefix(12)) not used: \(file.path) is \(problem)"))
                return nil
            }
        }
    }

    /// Stores a root that matched a pin, unless its file already reads back intact; a damaged file there is
    /// quarantined first, and a root written again after a quarantine is reported (healed from the source).
    /// - Throws: ``TrustListError`` `persist_error`.
    package func storeRoot(_ root: Certificate) throws(TrustListError) {
        guard !isReadOnly else { return }
        let sha = root.sha256Hex
        let file = layout.root(sha256: sha)
        switch CachedFile.read(file, maxBytes: Self.maxRootBytes, sha256: sha) {
        case .success(let bytes) where (try? Certificate(derEncoded: bytes))?.sha256Hex == sha:
            expected[file] = bytes
            return
        case .failure(.missing), .failure(.unreadable):
            break
        case .success, .failure:
            quarantine(
                file, as: "root-\(sha).der", what: "cached root \(sha.prefix(12))",
                reason: "damaged")
        }
        try AtomicFile.makeFolder(layout.roots)
        try writeFile(root.derEncoded, to: file)
        if quarantined.contains(file.path) {
            noteOnce(Event(list: nil, message: "cached root \(sha.prefix(12)) fetched and written again: \(file.path)"))
        }
    }

    // MARK: - Files

    /// Writes a file of the cache directory atomically (``AtomicFile``) and remembers its bytes, so that
    /// ``checkCommitted()`` reads it back (and heals it) after the commit. Every file the store writes goes through
    /// here, whatever its kind.
    /// - Parameters:
    ///   - bytes: the content.
    ///   - url: the file, inside ``layout``; its folder exists.
    ///   - beforeRename: test hook, see ``AtomicFile/write(_:to:permissions:beforeRename:)``.
    /// - Throws: ``TrustListError`` `persist_error`.
    package func writeFile(
        _ bytes: [UInt8], to url: URL, beforeRename: () throws -> Void = {}
    ) throws(TrustListError) {
        try AtomicFile.write(bytes, to: url, beforeRename: beforeRename)
        expected[url] = bytes
    }

    // MARK: - Changing

    /// Records a refresh outcome for a list without a new version (failure or confirmation).
    package func update(_ id: ListID, _ change: (inout ListRecord) -> Void) { update(ConfiguredLists.self, id, change) }

    /// Makes `verified` the current version of the list `id` (``commit(_:as:in:origin:url:validators:at:beforeRename:)``).
    @discardableResult
    package func commit(
        _ verified: VerifiedList, as id: ListID, origin: ListOrigin, validators: (etag: String?, lastModified: String?),
        at time: Date, beforeRename: () throws -> Void = {}
    ) throws(TrustListError) -> ListSummary {
        try commit(
            verified, as: id, in: ConfiguredLists.self, origin: origin, validators: validators, at: time,
            beforeRename: beforeRename)
    }

    /// Remembers the snapshot its owner built last (written with the state).
    package func markSnapshot(_ mark: SnapshotMark) { snapshotMark = mark }

    /// Removes the temporary files a killed run left behind (`.<name>.tmp-<random>` from ``AtomicFile``) in the cache
    /// directory, its lists and its roots. Call it holding the lock: no other writer is then between a temporary
    /// file and its rename.
    /// - Returns: how many files were removed.
    @discardableResult
    package func removeLeftovers() -> Int {
        guard !isReadOnly else { return 0 }
        var folders = [layout.root, layout.roots]
        folders += configuration.lists.map { layout.lists($0.id) }
        folders += crlSources.map { layout.crls($0.slot) }
        folders += statusLists.records.keys.map { layout.statusLists($0) }
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
