import Foundation

/// The generation and content of the last snapshot built from the store's lists, kept in `state.json` so that the
/// generation survives restarts and a damaged or deleted `snapshot.json` (which is derived data, never read back).
package struct SnapshotMark: Sendable, Hashable, Codable {
    /// The generation.
    package var generation: UInt64
    /// SHA-256 (hex) of the snapshot's content (sources, issuers and verifiers as JSON; not its build time): an
    /// unchanged rebuild keeps its generation.
    package var contentSHA256: String
    /// When that generation was built, UTC; nil in marks written without it.
    package var builtAt: Date?

    /// A mark.
    package init(generation: UInt64, contentSHA256: String, builtAt: Date) {
        self.generation = generation
        self.contentSHA256 = contentSHA256
        self.builtAt = builtAt
    }
}

/// The content of `state.json`.
struct StoreState: Codable {
    /// Bumped when the layout changes incompatibly; a file of another version is rebuilt.
    static let currentSchemaVersion = 1

    var schemaVersion = StoreState.currentSchemaVersion
    /// Records by list id (`network/name`).
    var lists: [String: ListRecord] = [:]
    /// The last snapshot built; nil before the first.
    var snapshot: SnapshotMark?
    /// Records by CRL slot (`network/issuerSHA256`); absent in files written before CRLs were kept.
    var crls: [String: CRLRecord]?
    /// Records by status list (`network/uriSHA256`); absent in files written before status lists were kept.
    var statusLists: [String: StatusListRecord]?
}

extension TrustStore {
    /// The most bytes read from `state.json`: a few KiB per list.
    static let maxStateBytes = 64 << 20

    /// Writes `state.json` atomically (nothing when read-only).
    /// - Throws: ``TrustListError`` `persist_error`.
    package func writeState() throws(TrustListError) {
        guard !isReadOnly else { return }
        var state = StoreState()
        for (id, record) in lists.records { state.lists[id.description] = record }
        state.snapshot = snapshotMark
        state.crls = Dictionary(uniqueKeysWithValues: crls.records.map { ($0.key.description, $0.value) })
        state.statusLists = Dictionary(
            uniqueKeysWithValues: statusLists.records.map { ($0.key.description, $0.value) })
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
        try writeFile(Array(data), to: layout.state)
    }

    /// The parsed `state.json`, or nil when it is missing, unreadable, corrupt or of another schema version.
    /// - Returns: the state, and whether a file was there but could not be used (a notice has been added to
    ///   ``events``).
    func readState() -> (state: StoreState?, corrupt: Bool) {
        let data: Data
        switch CachedFile.read(layout.state, maxBytes: Self.maxStateBytes) {
        case .success(let bytes):
            data = Data(bytes)
        case .failure(.missing):
            return (nil, false)
        case .failure(let problem):
            // Never opened when not a regular file (a FIFO would hang the load); the next write replaces it.
            events.append(
                Event(list: nil, message: "state.json is \(problem): rebuilt from the verified cached lists"))
            return (nil, true)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let state = try? decoder.decode(StoreState.self, from: data),
            state.schemaVersion == StoreState.currentSchemaVersion
        else {
            events.append(
                Event(
                    list: nil,
                    message: "state.json is corrupt or of another version: rebuilt from the verified cached lists"))
            return (nil, true)
        }
        return (state, false)
    }
}
