import Foundation

extension Snapshot {
    /// One service of a trusted entity of a LoTE (ETSI TS 119 602 `ServiceInformation`), whatever its type: what the
    /// operator sees, and what the roles without a certificate table are decided from (wallet providers, keys).
    /// Issuance services of PID, mDL and WRPAC providers also put their certificates into ``Snapshot/issuers`` and
    /// ``Snapshot/verifiers`` (``LoTEServiceRole``).
    ///
    /// In `snapshot.json` a service is one row of the `services` table (see ``Snapshot``), its values in the order of
    /// the stored properties below.
    public struct Service: Sendable, Hashable {
        /// The entity's name (`TEName`: English, else the first).
        public var entity: String
        /// The service's name (`ServiceName`: English, else the first).
        public var name: String
        /// `ServiceTypeIdentifier`, e.g. `http://uri.etsi.org/19602/SvcType/PID/Issuance`.
        public var type: String
        /// `ServiceStatus`; nil when absent (listed means trusted, as the EU profiles have it).
        public var status: String?
        /// `StatusStartingTime`, UTC; nil when absent.
        public var statusStartingTime: Date?
        /// Whether the service is current at ``Snapshot/builtAt``: false from the `StatusStartingTime` of a status
        /// that ends it (``LoTEServiceRole/isEnding(status:)``).
        public var listed: Bool
        /// SHA-256 of each certificate of `ServiceDigitalIdentity.X509Certificates`, lower-case hex.
        public var certificates: [String]
        /// RFC 7638 SHA-256 thumbprint of each JWK of `PublicKeyValues`, base64url (keys without one are left out).
        public var keyThumbprints: [String]
        /// `X509SKIs`, lower-case hex.
        public var skis: [String]
        /// The LoTE it comes from.
        public var source: ListID

        /// Creates a service; see the properties for the meaning of each argument.
        public init(
            entity: String, name: String, type: String, status: String?, statusStartingTime: Date?, listed: Bool,
            certificates: [String], keyThumbprints: [String], skis: [String], source: ListID
        ) {
            self.entity = entity
            self.name = name
            self.type = type
            self.status = status
            self.statusStartingTime = statusStartingTime
            self.listed = listed
            self.certificates = certificates
            self.keyThumbprints = keyThumbprints
            self.skis = skis
            self.source = source
        }

        /// What the service's type makes it (nil for a type this service gives no role).
        public var role: LoTEServiceRole? { LoTEServiceRole(serviceType: type) }
    }
}

extension Snapshot.Service: SnapshotRow {
    static let fields = [
        "entity", "name", "type", "status", "statusStartingTime", "listed", "certificates", "keyThumbprints", "skis",
        "source",
    ]

    init(row: inout any UnkeyedDecodingContainer) throws {
        entity = try row.decode(String.self)
        name = try row.decode(String.self)
        type = try row.decode(String.self)
        status = try row.decodeIfPresent(String.self)
        statusStartingTime = try row.decodeNil() ? nil : try row.decodeSnapshotDate()
        listed = try row.decode(Bool.self)
        certificates = try row.decode([String].self)
        keyThumbprints = try row.decode([String].self)
        skis = try row.decode([String].self)
        source = try row.decodeListID()
    }

    func encode(row: inout any UnkeyedEncodingContainer) throws {
        try row.encode(entity)
        try row.encode(name)
        try row.encode(type)
        try row.encodeOptional(status)
        try row.encodeOptional(statusStartingTime.map(Timestamp.text))
        try row.encode(listed)
        try row.encode(certificates)
        try row.encode(keyThumbprints)
        try row.encode(skis)
        try row.encode(source.description)
    }
}
