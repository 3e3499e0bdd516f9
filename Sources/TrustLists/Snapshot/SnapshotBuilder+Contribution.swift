import X509

extension SnapshotBuilder {
    /// What the usable lists put into a generation, each by its kind (``ListKindDefinition/contribute(_:source:at:to:)``):
    /// the rows of the snapshot's tables, and the certificates their verification parsed, so that queries never parse
    /// an entry's DER again.
    public struct Contribution: Sendable {
        /// The issuers table.
        public internal(set) var issuers: [Snapshot.Issuer] = []
        /// The verifiers table.
        public internal(set) var verifiers: [Snapshot.Verifier] = []
        /// The services table.
        public internal(set) var services: [Snapshot.Service] = []
        /// The certificates by SHA-256 (hex).
        public internal(set) var certificates: [String: Certificate] = [:]

        /// Rows that anchor decisions (issuers and verifiers), for a source's `contributed` count.
        var rows: Int { issuers.count + verifiers.count }

        /// Adds certificates to ``certificates``.
        mutating func add(_ list: [Certificate]) {
            for certificate in list { certificates[certificate.sha256Hex] = certificate }
        }
    }
}
