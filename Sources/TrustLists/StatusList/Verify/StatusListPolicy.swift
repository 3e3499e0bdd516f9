import Foundation
import X509

/// One rule a status list token must pass (docs/architecture.md, Status lists), after swift-certificates'
/// `VerifierPolicy`: ``StatusListVerifier`` runs an ordered list of these over a ``StatusListCandidate`` and the first
/// that throws gives the reason. A policy reads the candidate and decides; it never changes it.
public protocol StatusListPolicy: Sendable {
    /// Checks the candidate.
    /// - Throws: ``TrustListError`` with the rule's reason code.
    func check(_ candidate: StatusListCandidate) throws(TrustListError)
}

/// A decoded status list token with what it is checked against: the signer resolved (from the token's `x5c` /
/// `x5chain`, else from the credential's reference), the anchor the signer must chain to, the URI it was fetched from
/// and the time.
public struct StatusListCandidate: Sendable {
    /// The decoded token.
    public let token: StatusListToken
    /// The signer's certificate: the first of the token's certificates, or the one the reference named.
    public let signer: Certificate
    /// The rest of the token's certificates, untrusted intermediates toward the anchor.
    public let intermediates: [Certificate]
    /// The certificate the signer must chain to: for an mdoc's list the IACA of the document signer (ISO/IEC 18013-5
    /// second edition), for an SD-JWT VC's the issuer's anchor.
    public let anchor: Certificate
    /// The URI the token was fetched from, which `sub` must equal; nil when not checked (a file given alone).
    public let uri: String?
    /// The verification time, UTC.
    public let time: Date
    /// The settings.
    public let settings: StatusListVerificationSettings

    /// A candidate.
    public init(
        token: StatusListToken, signer: Certificate, intermediates: [Certificate], anchor: Certificate, uri: String?,
        time: Date, settings: StatusListVerificationSettings
    ) {
        self.token = token
        self.signer = signer
        self.intermediates = intermediates
        self.anchor = anchor
        self.uri = uri
        self.time = time
        self.settings = settings
    }
}
