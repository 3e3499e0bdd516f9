import Foundation
import TrustLists
import X509

/// `trustctl query reader|issuer --json`, `POST /v1/decisions/reader|issuer` and the `trust_metadata` of an AuthZEN
/// evaluation: `trusted`, `reason` (code or null), `message`, `query`, `at`, `generation`, `leaf` {`subject`,
/// `sha256`}, the `anchor`, `verifiedBy` (the leaf's commonName with the anchor) or null, `revocation`, `warnings`,
/// the validated `chain`; an issuer decision adds `docType`, `docTypes` and `trustedBy` (docs/cli.md).
public struct WireDecision: Encodable, Sendable {
    /// The members of every decision.
    public struct Members: Encodable, Sendable {
        public let trusted: Bool
        public let reason: String?
        public let message: String
        /// `reader`, `issuer` or `wallet_provider`.
        public let query: String
        /// The decision time (variable: the HTTP API writes the rest of an answer once, and the time per request).
        public var at: Date
        /// The snapshot generation it was answered from.
        public let generation: UInt64
        public let leaf: WireCertificate
        public let anchor: WireAnchor?
        public let verifiedBy: WireVerifiedBy?
        public let revocation: WireRevocation?
        public let warnings: [String]
        /// The validated chain, base64 DER, leaf first; empty when not trusted.
        public let chain: [String]
    }

    /// The members an issuer decision adds.
    public struct IssuerMembers: Encodable, Sendable {
        /// The docType asked about.
        public let docType: String
        /// The docTypes the anchor's list entry authorizes.
        public let docTypes: [String]
        /// The anchor that trusts the issuer; null when not trusted.
        public let trustedBy: WireAnchor?
    }

    public var members: Members
    /// Present for an issuer decision (one asked about a docType).
    public let issuer: IssuerMembers?

    /// The wire form of a decision.
    /// - Parameters:
    ///   - decision: the decision.
    ///   - query: `reader`, `issuer` or `wallet_provider`.
    ///   - docType: the docType asked about (issuer decisions); nil for the others.
    ///   - leaf: the chain's leaf.
    ///   - time: the decision time.
    ///   - generation: the snapshot generation it was answered from.
    public init(
        _ decision: TrustDecision, query: String, docType: String?, leaf: Certificate, at time: Date,
        generation: UInt64
    ) {
        var verifiedBy: WireVerifiedBy?
        var chain: [String] = []
        var trustedBy: WireAnchor?
        if case .trusted(let trusted) = decision {
            verifiedBy = .certificate(commonName: trusted.commonName, anchor: WireAnchor(trusted.anchor))
            chain = trusted.chain
            trustedBy = WireAnchor(trusted.trustedBy)
        }
        members = Members(
            trusted: decision.isTrusted, reason: decision.reason?.rawValue, message: decision.message, query: query,
            at: time, generation: generation, leaf: WireCertificate(leaf), anchor: decision.anchor.map(WireAnchor.init),
            verifiedBy: verifiedBy, revocation: decision.revocation.map(WireRevocation.init),
            warnings: decision.warnings.map(\.rawValue), chain: chain)
        issuer = docType.map { IssuerMembers(docType: $0, docTypes: decision.docTypes, trustedBy: trustedBy) }
    }

    public func encode(to encoder: any Encoder) throws {
        try members.encode(to: encoder)
        try issuer?.encode(to: encoder)
    }
}
