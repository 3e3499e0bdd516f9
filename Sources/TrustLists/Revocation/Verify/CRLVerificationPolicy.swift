import Foundation
import X509

/// One step of CRL verification (docs/architecture.md, Revocation), as ``ListVerificationPolicy`` is for lists:
/// ``CRLVerifier`` runs an ordered list of these over a ``CRLCandidate`` and the first that throws gives the reason.
public protocol CRLVerificationPolicy: Sendable {
    /// Checks the candidate, reading what earlier policies established and adding what this one establishes.
    /// - Throws: ``TrustListError`` with the step's reason code.
    func check(_ candidate: inout CRLCandidate) throws(TrustListError)
}

/// CRL bytes on their way through verification against the CA they claim to be from.
public struct CRLCandidate: Sendable {
    /// The CRL as received (DER or PEM); empty when verification started from a decoded CRL.
    public let bytes: [UInt8]
    /// The CA whose CRL this must be: its key must verify the signature, its subject must be the CRL's issuer.
    public let issuer: Certificate
    /// The verification time, UTC.
    public let time: Date
    /// The settings.
    public let settings: CRLVerificationSettings
    /// The decoded CRL (``CRLDecodePolicy``).
    public internal(set) var crl: CertificateRevocationList?
    /// Departures from ISO/IEC 18013-5 Table B.10 and RFC 5280 §5 that are tolerated, one line each.
    public internal(set) var warnings: [String] = []

    /// A candidate before any step.
    /// - Parameters:
    ///   - bytes: the CRL as received.
    ///   - crl: the CRL when already decoded (re-verification of a cached CRL), else nil.
    public init(
        bytes: [UInt8], crl: CertificateRevocationList? = nil, issuer: Certificate, time: Date,
        settings: CRLVerificationSettings
    ) {
        self.bytes = bytes
        self.crl = crl
        self.issuer = issuer
        self.time = time
        self.settings = settings
    }

    /// The decoded CRL, or the error of a policy run before ``CRLDecodePolicy``.
    func decoded(_ policy: Any.Type) throws(TrustListError) -> CertificateRevocationList {
        guard let crl else {
            throw TrustListError(.malformedCRL, "internal: \(policy) ran before the CRL was decoded")
        }
        return crl
    }
}
