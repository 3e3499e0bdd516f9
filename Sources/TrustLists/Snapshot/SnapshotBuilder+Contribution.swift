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

        /// Adds certificates to ``certificates``, each under its SHA-256 as the list's rows already spell it.
        mutating func add(_ list: [Certificate], sha256Hex: [String]) {
            certificates.reserveCapacity(certificates.count + list.count)
            for (certificate, hex) in zip(list, sha256Hex) { certificates[hex] = certificate }
        }

        /// Adds one certificate to ``certificates`` under its SHA-256 (hex).
        mutating func add(_ certificate: Certificate, sha256Hex: String) {
            certificates[sha256Hex] = certificate
        }

        /// Appends a list's rows to one of the tables; the first list's rows become the table (not copied row by row).
        static func append<Row>(_ rows: [Row], to table: inout [Row]) {
            if table.isEmpty { table = rows } else { table += rows }
        }
    }
}
