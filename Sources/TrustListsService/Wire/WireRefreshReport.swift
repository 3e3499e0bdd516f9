import Foundation
import TrustLists

/// `trustctl refresh --json` and `POST /v1/refresh`: the monitoring word, per list its ``WireRefreshResult``, per
/// listed CA with a CRL source its CRL's outcome and state (`crls`), per prefetched status list its outcome and state
/// (`statusLists`), and the run's events (docs/cli.md). The command
/// adds `dryRun`, the endpoint `coalesced`.
public struct WireRefreshReport: Encodable, Sendable {
    /// The members of every report.
    public struct Members: Encodable, Sendable {
        public let time: Date
        /// The monitoring word.
        public let status: String
        public let headline: String
        public let events: [String]
        public let snapshotGeneration: UInt64
        /// Why the results could not be stored, or null.
        public let persistError: WireError?
        public let crls: [CRL]
        public let statusLists: [StatusList]
        public let lists: [WireRefreshResult]
    }

    /// One CA's CRL in a refresh: `network`, `issuerSHA256`, `issuer`, `outcome`, `reason`, `message`, `state`, and
    /// the current CRL's `crlNumber`, `nextUpdate` and `revoked` (count).
    public struct CRL: Encodable, Sendable {
        public let network: String
        public let issuerSHA256: String
        public let issuer: String?
        public let outcome: String
        public let reason: String?
        public let message: String
        public let state: String
        public let crlNumber: String?
        public let nextUpdate: Date?
        public let revoked: Int?

        /// The wire form of `crl`.
        public init(_ crl: CRLRefreshResult) {
            network = crl.slot.network
            issuerSHA256 = crl.slot.issuerSHA256
            issuer = crl.current?.issuer
            outcome = crl.outcome.name
            reason = crl.outcome.error?.code.rawValue
            message = crl.outcome.message
            state = crl.state.rawValue
            crlNumber = crl.current?.crlNumber
            nextUpdate = crl.current?.nextUpdate
            revoked = crl.current?.revoked
        }
    }

    /// One prefetched status list in a refresh: `network`, `uriSHA256`, `uri`, `outcome`, `reason`, `message`, `state`
    /// (`fresh`, `expired`, `missing`), `mode` (the network's `statusLists.mode`), and the token in use's `format`,
    /// `bits`, `count`, `iat` and `exp`.
    public struct StatusList: Encodable, Sendable {
        public let network: String
        public let uriSHA256: String
        public let uri: String
        public let outcome: String
        public let reason: String?
        public let message: String
        public let state: String
        public let mode: String
        public let format: String?
        public let bits: Int?
        public let count: Int?
        public let iat: Date?
        public let exp: Date?

        /// The wire form of `list`.
        public init(_ list: StatusListRefreshResult) {
            network = list.id.network
            uriSHA256 = list.id.uriSHA256
            uri = list.uri
            outcome = list.outcome.name
            reason = list.outcome.error?.code.rawValue
            message = list.outcome.message
            state = list.state.rawValue
            mode = list.mode.rawValue
            format = list.current?.format
            bits = list.current?.bits
            count = list.current?.count
            iat = list.current?.issuedAt
            exp = list.current?.expires
        }
    }

    public let members: Members
    /// `trustctl refresh --json`: whether the run was a dry run (`--at`: verified, nothing stored).
    public var dryRun: Bool?
    /// `POST /v1/refresh`: whether the request shared a run in flight or one that ended a moment ago.
    public var coalesced: Bool?

    private enum Keys: String, CodingKey {
        case dryRun, coalesced
    }

    /// The wire form of `report` (without `dryRun` and `coalesced`: set them where they apply).
    public init(_ report: RefreshReport) {
        members = Members(
            time: report.time, status: report.monitoringStatus.word, headline: report.headline,
            events: report.events, snapshotGeneration: report.snapshotGeneration,
            persistError: report.persistError.map { WireError($0.code, $0.reason) }, crls: report.crls.map(CRL.init),
            statusLists: report.statusLists.map(StatusList.init), lists: report.results.map { WireRefreshResult($0) })
    }

    public func encode(to encoder: any Encoder) throws {
        try members.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        if let dryRun { try container.encode(dryRun, forKey: .dryRun) }
        if let coalesced { try container.encode(coalesced, forKey: .coalesced) }
    }
}
