import TrustLists

/// One snapshot generation and its JSON, exactly as written to `snapshot.json`: what the HTTP API serves at
/// `GET /v1/snapshot` and what an export writes. The two are published together, so the bytes always encode this
/// `snapshot` (its generation, `builtAt` and sources).
public struct SnapshotDocument: Sendable {
    /// The generation.
    public let snapshot: Snapshot
    /// Its JSON (``Snapshot/jsonEncoded()``), UTF-8.
    public let json: [UInt8]

    /// Pairs a generation with its JSON.
    /// - Parameters:
    ///   - snapshot: the generation.
    ///   - json: `snapshot.jsonEncoded()`.
    public init(snapshot: Snapshot, json: [UInt8]) {
        self.snapshot = snapshot
        self.json = json
    }
}
