import Foundation
import X509

/// The CRLs of one snapshot generation, indexed for decisions (docs/architecture.md, "Revocation"): per network and
/// listed CA, its settings, its source and the CRL this process verified against it. Built only from
/// ``VerifiedCRL`` values of the store; a new CRL is a new generation, so memoized decisions never outlive it.
public struct RevocationIndex: Sendable {
    /// One CA of one network. A class, immutable after init, so that a decision reads it without copying its CRL
    /// and summary (one retain instead of one per field).
    public final class Issuer: Sendable {
        /// The network and CA.
        public let slot: CRLSlotID
        /// The network's revocation settings.
        public let settings: RevocationSettings
        /// Whether the CA has a source to fetch from.
        public let hasSource: Bool
        /// The verified CRL's facts; nil when none.
        public let summary: CRLSummary?
        /// The verified CRL; nil when none.
        let crl: VerifiedCRL?
        /// The summary's nextUpdate and the grace period, read by every decision without touching the rest.
        private let nextUpdate: Date?
        private let graceSeconds: TimeInterval

        init(slot: CRLSlotID, settings: RevocationSettings, hasSource: Bool, summary: CRLSummary?, crl: VerifiedCRL?) {
            self.slot = slot
            self.settings = settings
            self.hasSource = hasSource
            self.summary = summary
            self.crl = crl
            nextUpdate = summary?.nextUpdate
            graceSeconds = settings.graceSeconds
        }

        /// The CRL's state at `time` (``CRLState/evaluate(_:hasSource:at:graceSeconds:)``).
        public func state(at time: Date) -> CRLState {
            guard let nextUpdate else { return hasSource ? .missing : .none }
            return CRLState.evaluate(nextUpdate: nextUpdate, at: time, graceSeconds: graceSeconds)
        }
    }

    /// The CAs, in source order.
    public let issuers: [Issuer]
    /// Positions in ``issuers`` by network, then CA SHA-256 (hex).
    private let positions: [String: [String: Int]]
    /// Revocation settings per network, for networks whose mode is not `off`.
    let settings: [String: RevocationSettings]

    /// An index of nothing: no CA is checked.
    public init() {
        issuers = []
        positions = [:]
        settings = [:]
    }

    /// Indexes the CRLs of a store's sources.
    /// - Parameters:
    ///   - sources: the CRL sources (one per network and listed CA).
    ///   - crls: the verified current CRL per slot.
    ///   - summaries: their facts per slot.
    ///   - configuration: the networks' revocation settings.
    public init(
        sources: [CRLSource], crls: [CRLSlotID: VerifiedCRL], summaries: [CRLSlotID: CRLSummary],
        configuration: Configuration
    ) {
        var issuers: [Issuer] = []
        var positions: [String: [String: Int]] = [:]
        for source in sources where positions[source.slot.network]?[source.slot.issuerSHA256] == nil {
            let crl = crls[source.slot]
            positions[source.slot.network, default: [:]][source.slot.issuerSHA256] = issuers.count
            issuers.append(
                Issuer(
                    slot: source.slot, settings: source.settings, hasSource: source.hasSource,
                    summary: crl == nil ? nil : summaries[source.slot] ?? crl.map { CRLSummary($0, url: nil) },
                    crl: crl))
        }
        self.issuers = issuers
        self.positions = positions
        var settings: [String: RevocationSettings] = [:]
        for network in configuration.networks where network.revocation.mode != .off {
            settings[network.id] = network.revocation
        }
        self.settings = settings
    }

    /// The position of a network's CA in ``issuers``; nil when it is not a listed CA of that network.
    func position(network: String, issuerSHA256: String) -> Int? { positions[network]?[issuerSHA256] }

    /// What the generation's CRLs say of one certificate of a validated chain: fixed for the generation, so it is
    /// computed once per chain and memoized with the chain's validation.
    struct Check: Sendable, Hashable {
        /// The certificate's subject, RFC 4514 (for messages).
        let subject: String
        /// The certificate's serial number, hex.
        let serialHex: String
        /// The position of its issuer in ``issuers``; nil when the issuer is not a listed CA of the network.
        let issuer: Int?
        /// When its issuer's CRL says it was revoked; nil when it does not list it (or there is no CRL).
        let revokedAt: Date?
    }

    /// The checks of a validated chain (leaf first, anchor last) in a network: one per certificate below the
    /// anchor, against the CRL of the certificate that issued it. Empty when the network's mode is `off`.
    func checks(chain: [Certificate], network: String) -> [Check] {
        guard settings[network] != nil, chain.count > 1 else { return [] }
        return (0..<(chain.count - 1)).map { index in
            let certificate = chain[index]
            let position = self.position(network: network, issuerSHA256: chain[index + 1].sha256Hex)
            let revokedAt = position.flatMap {
                issuers[$0].crl?.crl.revocationDate(serialNumber: certificate.serialNumber)
            }
            return Check(
                subject: certificate.subject.rfc4514, serialHex: hexString(certificate.serialNumber), issuer: position,
                revokedAt: revokedAt)
        }
    }

    /// Text that changes whenever a decision could change: each slot's CRL (by SHA-256) and its state at `time`.
    func contentText(at time: Date) -> String {
        issuers.map { issuer in
            "\(issuer.slot) \(issuer.summary?.sha256 ?? "-") \(issuer.state(at: time).rawValue) "
                + "\(issuer.settings.mode.rawValue)"
        }.joined(separator: "\n")
    }
}
