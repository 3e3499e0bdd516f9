import Foundation
import X509

/// The answer to a trust query (docs/architecture.md, List states): trusted, with who vouches
/// for the chain, or not trusted, with a stable reason. Not trusting a chain is an expected outcome, so it is a value,
/// never an error.
public enum TrustDecision: Sendable, Hashable {
    /// The chain is trusted.
    case trusted(Trusted)
    /// The chain is not trusted; ``NotTrusted/reason`` says why.
    case notTrusted(NotTrusted)

    /// Who the holder of a trusted subject is, for the presentation layer.
    public enum VerifiedBy: Sendable, Hashable {
        /// Identified by its certificate: the leaf's subject commonName (its RFC 4514 subject when it has no CN).
        case certificate(commonName: String)
        /// Identified by a bare key a list publishes: its RFC 7638 SHA-256 thumbprint (base64url).
        case key(thumbprint: String)
    }

    /// The listed certificate a chain validated to, and the list that lists it.
    public struct Anchor: Sendable, Hashable {
        /// SHA-256 of the anchor's DER, lower-case hex.
        public let sha256: String
        /// The anchor's subject, RFC 4514.
        public let subject: String
        /// The list (`network/name`).
        public let list: ListID
        /// The list's provider.
        public let provider: String
        /// The list's issue id; nil when it has none.
        public let issueID: UInt64?
        /// The list's state at the time asked: `fresh`, or `overdue` (trusted, flagged).
        public let listState: ListState
        /// The entry's name: a RICAL entry's `name`, or the entity (`TEName`) of the LoTE service that lists it; nil
        /// when absent (an IACA).
        public let name: String?
    }

    /// A trusted answer.
    public struct Trusted: Sendable, Hashable {
        /// The chain's holder: `.certificate(commonName:)` of the leaf.
        public let verifiedBy: VerifiedBy
        /// The listed certificate the chain validated to: a RICAL entry (reader) or an IACA (issuer).
        public let anchor: Anchor
        /// Issuer queries: the IACA's docTypes (sorted); empty for reader queries.
        public let docTypes: [String]
        /// The SHA-256 (hex) of each certificate of the validated chain, leaf first, anchor last.
        public let chain: [String]
        /// What was decided, for a person.
        public let message: String
        /// What the issuers' CRLs said (docs/architecture.md, "Revocation"); nil when the network does not check
        /// revocation (mode `off`) or no certificate lies below the anchor.
        public var revocation: Revocation? = nil
        /// Warnings: `revocation_unchecked` when an issuer's CRL was not fresh.
        public var warnings: [ReasonCode] = []

        /// The leaf's commonName (or RFC 4514 subject when it has none); for a key, its thumbprint.
        public var commonName: String {
            switch verifiedBy {
            case .certificate(let commonName): commonName
            case .key(let thumbprint): thumbprint
            }
        }

        /// For issuer queries, the IACA that vouches for the document signer (docs/architecture.md, Queries).
        public var trustedBy: Anchor { anchor }
    }

    /// An answer of not trusted.
    public struct NotTrusted: Sendable, Hashable {
        /// Why, as a stable code.
        public let reason: ReasonCode
        /// Why, for a person: what was expected and what was found.
        public let message: String
        /// The listed certificate the chain did validate to, for `reader_eku`, `document_signer_eku` and
        /// `doctype_not_authorized`; nil otherwise.
        public let anchor: Anchor?
        /// For `doctype_not_authorized` and `document_signer_eku`: the IACA's docTypes; empty otherwise.
        public let docTypes: [String]
        /// For `revoked` and `revocation_unavailable`: the CRL that decided; nil otherwise.
        public var revocation: Revocation? = nil
    }

    /// What the CRLs of a validated chain's issuers said (decision JSON `revocation`): the weakest of the checks of
    /// the certificates below the anchor, each against its issuer's verified CRL.
    public struct Revocation: Sendable, Hashable {
        /// Whether every certificate below the anchor was checked against a verified CRL of its issuer.
        public let checked: Bool
        /// The state of the CRL that decided (the weakest: `expired`, `missing`, `none`, `stale`, `fresh`).
        public let state: CRLState
        /// Its cRLNumber; nil when none.
        public let crlNumber: String?
        /// Its thisUpdate; nil when there is no CRL.
        public let thisUpdate: Date?
        /// Its nextUpdate; nil when there is no CRL.
        public let nextUpdate: Date?
    }

    /// What the issuers' CRLs said; nil when revocation is not checked.
    public var revocation: Revocation? {
        switch self {
        case .trusted(let trusted): trusted.revocation
        case .notTrusted(let notTrusted): notTrusted.revocation
        }
    }

    /// Warnings of a trusted answer; empty otherwise.
    public var warnings: [ReasonCode] {
        if case .trusted(let trusted) = self { return trusted.warnings }
        return []
    }

    /// Whether the answer is trusted.
    public var isTrusted: Bool {
        if case .trusted = self { return true }
        return false
    }

    /// The reason code; nil when trusted.
    public var reason: ReasonCode? {
        if case .notTrusted(let notTrusted) = self { return notTrusted.reason }
        return nil
    }

    /// The message for a person.
    public var message: String {
        switch self {
        case .trusted(let trusted): trusted.message
        case .notTrusted(let notTrusted): notTrusted.message
        }
    }

    /// The anchor the chain validated to, when it did (trusted, or not trusted for EKU or docType).
    public var anchor: Anchor? {
        switch self {
        case .trusted(let trusted): trusted.anchor
        case .notTrusted(let notTrusted): notTrusted.anchor
        }
    }

    /// The IACA's docTypes for issuer queries whose chain validated; empty otherwise.
    public var docTypes: [String] {
        switch self {
        case .trusted(let trusted): trusted.docTypes
        case .notTrusted(let notTrusted): notTrusted.docTypes
        }
    }

    static func notTrusted(
        _ reason: ReasonCode, _ message: String, anchor: Anchor? = nil, docTypes: [String] = []
    ) -> TrustDecision {
        .notTrusted(NotTrusted(reason: reason, message: message, anchor: anchor, docTypes: docTypes))
    }
}
