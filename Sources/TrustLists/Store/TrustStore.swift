import Foundation
import X509

/// The cache directory: verified signed lists, verified roots, `state.json`; loading with verification, committing
/// atomically, quarantining what no longer verifies (DESIGN.md, "Persistence").
///
/// Not thread-safe: one refresh owns it at a time (the ``StoreLock`` makes that so across processes).
public final class TrustStore {
    /// Something loading noticed, for logs and status.
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        /// The list concerned; nil for the whole store.
        public let list: ListID?
        /// What happened, for a person.
        public let message: String
        /// The reason code, when the event is a verification failure (a quarantined version); nil otherwise.
        public var reason: TrustListError.Code? = nil
        /// `list: message`.
        public var description: String { list.map { "\($0): \(message)" } ?? message }
    }

    /// The configuration it serves.
    public let configuration: Configuration
    /// The folder layout.
    public let layout: StoreLayout
    /// Records per list.
    public private(set) var records: [ListID: ListRecord] = [:]
    /// The verified current version per list (absent: no trust yet).
    public private(set) var current: [ListID: VerifiedList] = [:]
    /// What loading noticed: state rebuilt, lists quarantined, roots missing.
    public private(set) var events: [Event] = []

    /// Versions already verified in this process, by SHA-256: loading again skips their verification (their
    /// states still follow the clock).
    private var verifiedBySHA: [String: VerifiedList] = [:]

    /// Whether this store only reads: loading verifies and chooses versions, and commits change the records in
    /// memory, but no file is written, moved or removed. For `trustctl status`, and for `trustctl refresh --at`,
    /// which verifies at a time of the caller's choosing and must not leave that time in the cache.
    public let isReadOnly: Bool

    /// Opens the store for `configuration` (nothing is read yet; see ``load(at:)``).
    /// - Parameter readOnly: see ``isReadOnly``.
    public init(configuration: Configuration, readOnly: Bool = false) {
        self.configuration = configuration
        self.layout = StoreLayout(root: configuration.cacheDirectory)
        self.isReadOnly = readOnly
    }

    // MARK: - Loading

    /// Reads `state.json` and verifies every cached list again before it is used: the current version named by
    /// the state, else the best version that verifies. A version that fails verification for a reason other than
    /// time is moved to `quarantine/` and reported; one that only fails because time moved on (signer or list
    /// expired) stays in use, so that status reports it `expired` rather than `no_trust`. A missing or corrupt
    /// `state.json` is rebuilt from the verified lists.
    /// - Parameter time: the time to verify at (UTC).
    public func load(at time: Date) {
        events = []
        let state = readState()
        records = [:]
        current = [:]
        for list in configuration.lists {
            var record = state?.lists[list.id.description] ?? ListRecord()
            let anchors = cachedRoots(list.network)
            let verified = loadCurrent(list, record: record, anchors: anchors, at: time)
            if let verified {
                current[list.id] = verified
                let summary = ListSummary(verified, id: list.id)
                if record.current?.sha256 != summary.sha256 {
                    if record.current != nil {
                        events.append(
                            Event(
                                list: list.id,
                                message:
                                    "state named a version that no longer verifies; using \(summary.sha256.prefix(12))")
                        )
                    }
                    record.current = summary
                    record.origin = .cache
                }
                if record.highWater == nil || (record.highWater.map { isHigher(summary, than: $0) } ?? false) {
                    record.highWater = HighWaterMark(summary)
                }
            } else if record.current != nil {
                record.current = nil
                record.origin = nil
            }
            records[list.id] = record
        }
        if state == nil, !current.isEmpty {
            events.append(
                Event(list: nil, message: "state.json missing or unreadable: rebuilt from the verified cached lists"))
        }
    }

    private func loadCurrent(
        _ list: ListConfiguration, record: ListRecord, anchors: [Certificate], at time: Date
    ) -> VerifiedList? {
        let folder = layout.lists(list.id)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var shas = names.filter { $0.hasSuffix(".cose") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }
        guard !shas.isEmpty else { return nil }
        guard !anchors.isEmpty else {
            events.append(
                Event(list: list.id, message: "no cached root matches the pins; cached lists wait for a refresh"))
            return nil
        }
        // The state's current version first, then the others.
        if let named = record.current?.sha256, let index = shas.firstIndex(of: named) {
            shas.swapAt(0, index)
        }
        let verifier = TrustListVerifier(
            anchors: anchors, policy: list.verificationPolicy(clockSkewSeconds: configuration.clockSkewSeconds))
        var candidates: [VerifiedList] = []
        for sha in shas {
            let file = layout.list(list.id, sha256: sha)
            if let known = verifiedBySHA[sha], known.list.kind == list.source.kind {
                candidates.append(known)
                continue
            }
            guard let bytes = try? Array(Data(contentsOf: file)) else { continue }
            let verifiedAt = record.current?.sha256 == sha ? record.current?.verifiedAt : modificationDate(file)
            switch verifyCached(bytes, verifier: verifier, kind: list.source.kind, at: time, originally: verifiedAt) {
            case .success(let verified) where verified.sha256Hex == sha:
                verifiedBySHA[sha] = verified
                candidates.append(verified)
            case .success:
                quarantine(file, list: list.id, reason: "its name does not match its SHA-256")
            case .failure(let error) where TrustStore.timeBound.contains(error.code) && verifiedAt == nil:
                // Nothing says when it was good: leave it for a later load, but do not use it now.
                events.append(
                    Event(
                        list: list.id,
                        message:
                            "cached version \(sha.prefix(12)) not usable at \(Timestamp.text(time)) (\(error.code))",
                        reason: error.code))
            case .failure(let error):
                quarantine(file, list: list.id, reason: "\(error.code): \(error.reason)", code: error.code)
            }
        }
        if let named = record.current?.sha256, let match = candidates.first(where: { $0.sha256Hex == named }) {
            return match
        }
        return candidates.max { isLower($0, than: $1) }
    }

    /// Failures that depend on the verification time: a version that failed only with one of these may be good
    /// at another time.
    static let timeBound: Set<TrustListError.Code> = [
        .signerExpired, .signerNotYetValid, .listExpired, .chainInvalid, .dateInFuture,
    ]

    /// Verifies a cached version at `time`; when that fails only because of the time (the signer expired since,
    /// or the time asked is before the list), verifies it at the time it was first verified, which proves it
    /// authentic (its state then follows the clock). A version that fails at its own verification time is damaged.
    private func verifyCached(
        _ bytes: [UInt8], verifier: TrustListVerifier, kind: ListKind, at time: Date, originally: Date?
    ) -> Result<VerifiedList, TrustListError> {
        do {
            return .success(try verifier.verify(bytes, kind: kind, at: time))
        } catch {
            guard Self.timeBound.contains(error.code), let originally, originally != time else {
                return .failure(error)
            }
            do {
                return .success(try verifier.verify(bytes, kind: kind, at: originally))
            } catch {
                return .failure(error)
            }
        }
    }

    private func quarantine(_ file: URL, list: ListID, reason: String, code: TrustListError.Code? = nil) {
        guard !isReadOnly else {
            events.append(
                Event(list: list, message: "cached version fails verification (\(reason)); not used", reason: code))
            return
        }
        let target = layout.quarantine.appendingPathComponent(
            "\(list.network)-\(list.kind.rawValue)-\(file.deletingPathExtension().lastPathComponent).cose")
        do {
            try AtomicFile.makeFolder(layout.quarantine)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.moveItem(at: file, to: target)
            events.append(
                Event(list: list, message: "cached version quarantined (\(reason)): \(target.path)", reason: code))
        } catch {
            events.append(
                Event(
                    list: list,
                    message: "cached version fails verification (\(reason)) and could not be moved aside: \(error)",
                    reason: code))
        }
    }

    private func modificationDate(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
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
    ///   - beforeRename: test hook, see ``AtomicFile/write(_:to:beforeRename:)``.
    /// - Throws: ``TrustListError`` `persist_error`; the previous version then stays current.
    public func commit(
        _ verified: VerifiedList, as id: ListID, origin: ListOrigin, validators: (etag: String?, lastModified: String?),
        at time: Date, beforeRename: () throws -> Void = {}
    ) throws(TrustListError) {
        let summary = ListSummary(verified, id: id)
        if !isReadOnly {
            try AtomicFile.makeFolder(layout.lists(id))
            try AtomicFile.write(
                verified.signedBytes, to: layout.list(id, sha256: summary.sha256), beforeRename: beforeRename)
        }
        var record = records[id] ?? ListRecord()
        if let old = record.current?.sha256, old != summary.sha256 { record.previousSHA256 = old }
        record.current = summary
        if record.highWater.map({ isHigher(summary, than: $0) }) ?? true { record.highWater = HighWaterMark(summary) }
        record.etag = validators.etag
        record.lastModified = validators.lastModified
        record.recordSuccess(at: time, origin: origin)
        records[id] = record
        current[id] = verified
        verifiedBySHA[summary.sha256] = verified
        if !isReadOnly { pruneVersions(of: id, keeping: [summary.sha256, record.previousSHA256].compactMap { $0 }) }
    }

    private func pruneVersions(of id: ListID, keeping: [String]) {
        let folder = layout.lists(id)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".cose") && !keeping.contains(String(name.dropLast(5))) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Writes `state.json` atomically (nothing when read-only).
    /// - Throws: ``TrustListError`` `persist_error`.
    public func writeState() throws(TrustListError) {
        guard !isReadOnly else { return }
        var state = StoreState()
        for (id, record) in records { state.lists[id.description] = record }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Seconds since 1970 as JSON numbers keep a Date exactly (RFC 3339 text would round fractions, and the
        // high-water date must compare exactly).
        encoder.dateEncodingStrategy = .secondsSince1970
        let data: Data
        do {
            data = try encoder.encode(state)
        } catch {
            throw TrustListError(.persistError, "cannot encode state: \(error)")
        }
        try AtomicFile.makeFolder(layout.root)
        try AtomicFile.write(data, to: layout.state)
    }

    /// Builds the next snapshot generation from scratch out of the current verified lists and their states at
    /// `time` (DESIGN.md, "The snapshot": rebuilt, never patched), and replaces `snapshot.json` atomically (not when
    /// read-only) when it differs from the stored one in anything but its build time: an unchanged snapshot keeps
    /// its generation.
    /// - Returns: the snapshot built.
    /// - Throws: ``TrustListError`` `persist_error`.
    @discardableResult
    public func writeSnapshot(at time: Date) throws(TrustListError) -> Snapshot {
        let inputs = configuration.lists.map { list in
            SnapshotBuilder.Input(configuration: list, verified: current[list.id], at: time)
        }
        let stored = try? SnapshotFile.read(inCacheDirectory: layout.root)
        let snapshot = SnapshotBuilder.build(inputs, previousGeneration: stored?.generation, at: time)
        // Nothing changed (same lists, states and entries): keep the stored generation rather than churn.
        if let stored, stored.sources == snapshot.sources, stored.issuers == snapshot.issuers,
            stored.verifiers == snapshot.verifiers
        {
            return stored
        }
        guard !isReadOnly else { return snapshot }
        try AtomicFile.makeFolder(layout.root)
        try SnapshotFile.write(snapshot, inCacheDirectory: layout.root)
        return snapshot
    }

    /// The parsed `state.json`, or nil when it is missing, corrupt or of another schema version.
    func readState() -> StoreState? {
        guard let data = try? Data(contentsOf: layout.state) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let state = try? decoder.decode(StoreState.self, from: data),
            state.schemaVersion == StoreState.currentSchemaVersion
        else {
            events.append(Event(list: nil, message: "state.json is corrupt or of another version; rebuilding it"))
            return nil
        }
        return state
    }
}
