import JOSE
import TrustLists
import X509

/// The answer to "who is asking, and do I trust them?" for one presentation request (docs/architecture.md,
/// Presentation): a value, never an exception for "not trusted". The UI shows
/// ``VerifiedBy-swift.enum/certificate(commonName:anchor:)`` only when trusted, the domain only when not.
///
/// For an OpenID4VP request the decision comes from the request checks (``OpenID4VPVerifier``) and then the reader
/// decision; for an ISO/IEC 18013-5 DeviceRequest (``ProximityVerifier``) from each DocRequest's `readerAuth` (or the
/// request's `readerAuthAll`) and its reader decision, with one decision per DocRequest in ``documents``.
public struct PresentationDecision: Sendable, Hashable {
    /// Who the verifier is, as far as the wallet can tell.
    public enum VerifiedBy: Sendable, Hashable {
        /// Identified by its certificate, trusted through a RICAL entry: the leaf's commonName (its RFC 4514 subject
        /// when it has none) and the anchor with its list.
        case certificate(commonName: String, anchor: TrustDecision.Anchor)
        /// Not trusted; known only by the host its response goes to (OpenID4VP `response_uri` or `redirect_uri`).
        case domain(String)
        /// Not trusted, and nothing identifies it (ISO/IEC 18013-5 proximity, or a request too broken to read).
        case none

        /// The commonName of a ``certificate(commonName:anchor:)`` answer; nil otherwise.
        public var commonName: String? {
            if case .certificate(let name, _) = self { return name }
            return nil
        }
    }

    /// Whether the verifier is trusted: the request passed every check and the reader decision trusts its chain.
    public let trusted: Bool
    /// Who the verifier is.
    public let verifiedBy: VerifiedBy
    /// Why it is not trusted, as a stable code (see ``PresentationError``; the reader decision's codes keep their
    /// strings); nil when trusted.
    public let reason: PresentationError.Code?
    /// What was decided, for a person: what was expected and what was found.
    public let message: String
    /// What a consent screen shows.
    public let consent: ConsentDetails
    /// What was tolerated on the way (draft `client_id_scheme`, `application/jwt`, HAIP rules), with the path.
    public let warnings: [String]
    /// The reader decision, when the request got that far; it carries the anchor even for `reader_eku`.
    public let readerDecision: TrustDecision?
    /// ISO/IEC 18013-5: one decision per DocRequest, in request order; empty for OpenID4VP.
    public let documents: [PresentationDecision]

    /// The reason's string (`bad_signature`, `not_on_trust_list`); nil when trusted.
    public var reasonCode: String? { reason?.rawValue }

    /// The domain a not-trusted answer shows; nil when trusted or unknown.
    public var domain: String? {
        if case .domain(let host) = verifiedBy { return host }
        return nil
    }

    /// A refusal: not trusted, because of `error`, shown by `domain` when known.
    static func refused(
        _ error: PresentationError, domain: String?, consent: ConsentDetails = ConsentDetails(),
        warnings: [String] = [], readerDecision: TrustDecision? = nil, documents: [PresentationDecision] = []
    ) -> PresentationDecision {
        PresentationDecision(
            trusted: false, verifiedBy: domain.map { .domain($0) } ?? .none, reason: error.code, message: error.reason,
            consent: consent, warnings: warnings, readerDecision: readerDecision, documents: documents)
    }

    /// The decision the reader decision gives: trusted with the certificate, or not trusted with its reason, shown by
    /// `domain` when known.
    static func from(
        _ decision: TrustDecision, domain: String?, consent: ConsentDetails, warnings: [String],
        documents: [PresentationDecision] = []
    ) -> PresentationDecision {
        switch decision {
        case .trusted(let trusted):
            return PresentationDecision(
                trusted: true, verifiedBy: .certificate(commonName: trusted.commonName, anchor: trusted.anchor),
                reason: nil, message: trusted.message, consent: consent, warnings: warnings, readerDecision: decision,
                documents: documents)
        case .notTrusted(let notTrusted):
            return refused(
                PresentationError(notTrusted.reason, notTrusted.message),
                domain: domain, consent: consent, warnings: warnings, readerDecision: decision, documents: documents)
        }
    }
}
