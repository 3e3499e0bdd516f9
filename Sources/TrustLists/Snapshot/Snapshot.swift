import Foundation

/// The normalized snapshot of every configured list (docs/architecture.md, The snapshot): what wallet code queries for
/// `verifiedBy` / `trustedBy` decisions, stored as `snapshot.json` in the cache directory.
///
/// A snapshot is built from scratch from the current lists by ``SnapshotBuilder``, never patched, so an entry removed
/// from a list is gone at the next generation. It carries everything a query needs as extracted fields (names,
/// key identifiers, validity, docTypes, the list facts that decide a list's state), so that loading it parses no
/// certificate; a certificate's DER is turned into an OpenSSL object only when a query needs it as an anchor.
///
/// JSON form (``jsonEncoded()``, ``init(jsonEncoded:)``), keys sorted:
///
///     { "schemaVersion": 2, "generation": 3, "builtAt": "2026-01-01T01:00:00Z",
///       "sources":   [ { "list": "aamva/vical", "state": "fresh", … }, … ],
///       "issuers":   { "fields": ["certificate", "sha256", …], "rows": [ ["MIIB…", "0937…", …], … ] },
///       "verifiers": { "fields": ["certificate", "sha256", …], "rows": [ … ] },
///       "services":  { "fields": ["entity", "name", "type", …], "rows": [ … ] } }
///
/// Sources are objects (``Source``); issuers, verifiers and services are tables whose `fields` name the values of each
/// row, in the order of ``Issuer``'s, ``Verifier``'s and ``Service``'s stored properties (rows decode about twice as fast as objects with
/// Foundation's `JSONDecoder`; see `SnapshotTable`). Dates are RFC 3339 UTC strings with millisecond precision
/// (`2025-11-13T10:09:13.652Z`; whole seconds without a fraction), bytes are base64 (certificates, DER names) or
/// lower-case hex (SHA-256, key identifiers), an absent value is `null`.
public struct Snapshot: Sendable, Hashable, Codable {
    /// The schema version this build writes and reads: 2 (2 added LoTEs: `services` and the sources' `loteType`).
    public static let currentSchemaVersion = 2

    /// The schema version of this snapshot (``currentSchemaVersion`` for one built here).
    public var schemaVersion: Int
    /// Counts rebuilds: the previous snapshot's generation plus one; 1 for the first.
    public var generation: UInt64
    /// When it was built, UTC.
    public var builtAt: Date
    /// One per configured list, in configuration order, whether or not the list contributed entries.
    public var sources: [Source]
    /// One per distinct IACA certificate of each VICAL, and one per certificate of each current PID or mDL issuance
    /// service of each LoTE, that was trusted at build time.
    public var issuers: [Issuer]
    /// One per entry of each RICAL, and one per certificate of each current WRPAC issuance service of each LoTE, that
    /// was trusted at build time.
    public var verifiers: [Verifier]
    /// One per service of each LoTE that was trusted at build time, current or not.
    public var services: [Service]

    /// Creates a snapshot of the current schema version.
    /// - Parameters:
    ///   - generation: the rebuild counter (see ``generation``).
    ///   - builtAt: the build time, UTC.
    ///   - sources: one per configured list.
    ///   - issuers: the IACAs.
    ///   - verifiers: the reader CA entries.
    ///   - services: the LoTE services.
    public init(
        generation: UInt64, builtAt: Date, sources: [Source], issuers: [Issuer], verifiers: [Verifier],
        services: [Service] = []
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.generation = generation
        self.builtAt = builtAt
        self.sources = sources
        self.issuers = issuers
        self.verifiers = verifiers
        self.services = services
    }

    private enum Keys: String, CodingKey {
        case schemaVersion, generation, builtAt, sources, issuers, verifiers, services
    }

    /// Reads the JSON form described above (any decoder); see ``init(jsonEncoded:)`` for the checks on top.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        generation = try container.decode(UInt64.self, forKey: .generation)
        let built = try container.decode(String.self, forKey: .builtAt)
        guard let builtAt = SnapshotTime.parse(built) else {
            throw DecodingError.dataCorruptedError(
                forKey: .builtAt, in: container, debugDescription: "expected an RFC 3339 time, found \"\(built)\"")
        }
        self.builtAt = builtAt
        sources = try container.decode([Source].self, forKey: .sources)
        issuers = try container.decode(SnapshotTable<Issuer>.self, forKey: .issuers).rows
        verifiers = try container.decode(SnapshotTable<Verifier>.self, forKey: .verifiers).rows
        services = try container.decode(SnapshotTable<Service>.self, forKey: .services).rows
    }

    /// Writes the JSON form described above (any encoder).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(generation, forKey: .generation)
        try container.encode(Timestamp.text(builtAt), forKey: .builtAt)
        try container.encode(sources, forKey: .sources)
        try container.encode(SnapshotTable(issuers), forKey: .issuers)
        try container.encode(SnapshotTable(verifiers), forKey: .verifiers)
        try container.encode(SnapshotTable(services), forKey: .services)
    }

    /// The source entry of a list, if it is configured.
    /// - Parameter id: `network/name`.
    public func source(_ id: ListID) -> Source? { sources.first { $0.list == id } }
}
