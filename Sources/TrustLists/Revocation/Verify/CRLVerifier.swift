import Foundation
import X509

/// Decides whether CRL bytes are a usable CRL of one CA at a time (docs/architecture.md, Revocation) by running
/// ordered ``CRLVerificationPolicy`` values: a pure function of the bytes, the CA certificate, the time and the
/// settings. No I/O. A CRL is matched to its CA by key and signature, never by name or URL alone. Rollback, which
/// needs the last accepted CRL, is one more policy the caller appends (``CRLRollbackPolicy``).
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

    /// The policies, in order: decode, signature under the CA's key, issuer Name, critical extensions, delta,
    /// indirect, scope, update times, not yet valid, expiry (when refused), then the profile's warnings.
    public var policies: [any CRLVerificationPolicy] {
        var policies: [any CRLVerificationPolicy] = [
            CRLDecodePolicy(), CRLSignaturePolicy(), CRLIssuerNamePolicy(), CRLCriticalExtensionPolicy(),
            CRLDeltaPolicy(), CRLIndirectPolicy(), CRLScopePolicy(), CRLUpdateTimesPolicy(), CRLNotYetValidPolicy(),
        ]
        if settings.refusesExpired { policies.append(CRLExpiryPolicy()) }
        policies.append(CRLProfilePolicy())
        return policies
    }

    /// Verifies CRL bytes; the first failing policy is the reason.
    /// - Parameters:
    ///   - bytes: the CRL, DER or PEM (RFC 7468 `X509 CRL`).
    ///   - time: the verification time, UTC.
    ///   - additional: policies run after the standard ones (the refresh's ``CRLRollbackPolicy``).
    /// - Returns: the verified CRL.
    /// - Throws: ``TrustListError`` with one of `malformed_crl`, `malformed_pem`, `limits_exceeded`, `bad_signature`,
    ///   `crl_issuer_mismatch`, `crl_unknown_critical_extension`, `crl_delta_unsupported`,
    ///   `crl_indirect_unsupported`, `crl_scope_unsupported`, `crl_next_update_missing`, `crl_not_yet_valid`,
    ///   `crl_expired`, and those of the additional policies (`crl_rollback`, `crl_equivocation`).
    public func verify(
        _ bytes: [UInt8], at time: Date, additional: [any CRLVerificationPolicy] = []
    ) throws(TrustListError) -> VerifiedCRL {
        try run(CRLCandidate(bytes: bytes, issuer: issuer, time: time, settings: settings), additional)
    }

    /// Verifies a CRL already decoded (a cached CRL re-verified on load); see ``verify(_:at:additional:)``.
    public func verify(
        _ crl: CertificateRevocationList, at time: Date, additional: [any CRLVerificationPolicy] = []
    ) throws(TrustListError) -> VerifiedCRL {
        try run(CRLCandidate(bytes: [], crl: crl, issuer: issuer, time: time, settings: settings), additional)
    }

    private func run(
        _ start: CRLCandidate, _ additional: [any CRLVerificationPolicy]
    ) throws(TrustListError) -> VerifiedCRL {
        var candidate = start
        for policy in policies + additional { try policy.check(&candidate) }
        return VerifiedCRL(
            crl: try candidate.decoded(Self.self), issuer: issuer, verifiedAt: candidate.time,
            warnings: candidate.warnings)
    }
}
