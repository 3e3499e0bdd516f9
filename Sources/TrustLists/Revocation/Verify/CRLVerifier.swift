import Foundation
import X509

/// Decides whether CRL bytes are a usable CRL of one CA at a time (docs/architecture.md, Revocation): ``CRLKind``'s
/// pipeline, a pure function of the bytes, the CA certificate, the time and the settings. No I/O. A CRL is matched
/// to its CA by key and signature, never by name or URL alone.
public struct CRLVerifier: Sendable {
    /// The CA whose CRL is expected.
    public let issuer: Certificate
    /// The settings.
    public let settings: CRLVerificationSettings

    /// Creates a verifier for the CRLs of `issuer`.
    /// - Parameters:
    ///   - issuer: the CA certificate, as a verified list names it.
    ///   - settings: clock skew, entry limit, expiry.
    public init(issuer: Certificate, settings: CRLVerificationSettings = CRLVerificationSettings()) {
        self.issuer = issuer
        self.settings = settings
    }

    /// Verifies CRL bytes; the first failing step is the reason.
    /// - Parameters:
    ///   - bytes: the CRL, DER or PEM (RFC 7468 `X509 CRL`).
    ///   - time: the verification time, UTC.
    ///   - accepted: the CA's high-water mark; nil to skip the rollback rule.
    /// - Returns: the verified CRL.
    /// - Throws: ``TrustListError`` with one of `malformed_crl`, `malformed_pem`, `limits_exceeded`, `bad_signature`,
    ///   `crl_issuer_mismatch`, `crl_unknown_critical_extension`, `crl_delta_unsupported`,
    ///   `crl_indirect_unsupported`, `crl_scope_unsupported`, `crl_next_update_missing`, `crl_not_yet_valid`,
    ///   `crl_expired`, and with a mark `crl_rollback`, `crl_equivocation`.
    public func verify(
        _ bytes: [UInt8], at time: Date, accepted: VersionMark? = nil
    ) throws(TrustListError) -> VerifiedCRL {
        try CRLKind.verify(bytes, CRLKind.Context(issuer: issuer, settings: settings), at: time, accepted: accepted)
    }

    /// Verifies a CRL already decoded (one CRL fetched for several CAs, a cached CRL re-verified); see
    /// ``verify(_:at:accepted:)``.
    public func verify(
        _ crl: CertificateRevocationList, at time: Date, accepted: VersionMark? = nil
    ) throws(TrustListError) -> VerifiedCRL {
        try CRLKind.verify(
            crl.derEncoded, CRLKind.Context(issuer: issuer, settings: settings, decoded: crl), at: time,
            accepted: accepted)
    }
}
