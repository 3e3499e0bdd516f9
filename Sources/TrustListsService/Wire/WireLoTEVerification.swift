import Foundation
import TrustLists
import X509

/// `trustctl verify --kind lote --json`: the members of ``WireListVerification`` (`kind` `lote`, `provider` = the
/// scheme operator's name, `issueID` = `sequenceNumber`, `date` = ListIssueDateTime, `notAfter` null, `entries` = the
/// number of trusted entities) and the LoTE's own: `loteType`, `sequenceNumber`, `territory`, `signingTime`,
/// `entities` and `services` (docs/cli.md). On rejection the LoTE's own are null, `entities` and `services` empty.
public struct WireLoTEVerification: Encodable, Sendable {
    /// The members only a LoTE has.
    public struct Members: Encodable, Sendable {
        public let loteType: String?
        public let sequenceNumber: Int64?
        public let territory: String?
        /// The JAdES `sigT`, or null.
        public let signingTime: Date?
        public let entities: [Entity]
        public let services: [Service]
    }

    /// A trusted entity: its `name`, `tradeName` and the number of its `services`.
    public struct Entity: Encodable, Sendable {
        public let name: String
        public let tradeName: String?
        public let services: Int

        init(_ entity: TrustedEntity) {
            name = entity.displayName
            tradeName = MultilingualString.preferred(entity.tradeName)
            services = entity.services.count
        }
    }

    /// A service: the `entity` that provides it, its `name`, `type`, `status` and `statusStartingTime`, its
    /// `certificates`, the number of its `publicKeys`, its `skis` (hex) and the number of its `history` entries.
    public struct Service: Encodable, Sendable {
        public let entity: String
        public let name: String
        public let type: String
        public let status: String?
        public let statusStartingTime: Date?
        public let certificates: [Certificate]
        public let publicKeys: Int
        public let skis: [String]
        public let history: Int

        init(_ service: TrustedEntityService) {
            entity = service.entityName
            name = service.displayName
            type = service.typeIdentifier
            status = service.status
            statusStartingTime = service.statusStartingTime
            certificates = service.digitalIdentity.certificates.map(Certificate.init)
            publicKeys = service.digitalIdentity.publicKeys.count
            skis = service.digitalIdentity.subjectKeyIdentifiers.map { hexString($0) }
            history = service.history.count
        }
    }

    /// A service's certificate: `subject`, `sha256`, `notBefore`, `notAfter` and `isCA` (basicConstraints cA).
    public struct Certificate: Encodable, Sendable {
        public let subject: String
        public let sha256: String
        public let notBefore: Date
        public let notAfter: Date
        public let isCA: Bool

        init(_ certificate: X509.Certificate) {
            subject = certificate.subject.rfc4514
            sha256 = certificate.sha256Hex
            notBefore = certificate.notBefore
            notAfter = certificate.notAfter
            isCA = certificate.basicConstraints?.isCA ?? false
        }
    }

    public let list: WireListVerification
    public let lote: Members

    /// A LoTE that verified.
    /// - Parameters:
    ///   - verified: the verified list.
    ///   - lote: the LoTE it holds.
    public init(_ verified: VerifiedList, lote: LoTE) {
        list = WireListVerification(
            valid: true, reason: nil, message: "verified", kind: ListKind.lote.rawValue, provider: lote.operatorName,
            issueID: UInt64(lote.sequenceNumber), date: lote.issueDate, nextUpdate: lote.nextUpdateTime, notAfter: nil,
            entries: lote.entities.count, warnings: verified.warnings, sha256: verified.sha256Hex,
            algorithm: verified.algorithm, x5chain: verified.x5chainCount, verifiedAt: verified.verifiedAt,
            signer: WireSigner(verified.signer), anchor: WireCertificate(verified.anchor))
        self.lote = Members(
            loteType: lote.type, sequenceNumber: lote.sequenceNumber, territory: lote.schemeTerritory,
            signingTime: verified.signingTime, entities: lote.entities.map(Entity.init),
            services: lote.services.map(Service.init))
    }

    /// A LoTE that was rejected with `error`.
    public init(rejected error: TrustListError) {
        list = WireListVerification(rejected: error, kind: .lote)
        lote = Members(
            loteType: nil, sequenceNumber: nil, territory: nil, signingTime: nil, entities: [], services: [])
    }

    public func encode(to encoder: any Encoder) throws {
        try list.encode(to: encoder)
        try lote.encode(to: encoder)
    }
}
