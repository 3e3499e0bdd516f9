import Foundation
import X509

/// A certificate revocation list of a CA a verified list names (RFC 5280 §5; ISO/IEC 18013-5 Table B.10), checked
/// through OpenSSL (docs/architecture.md, Revocation): matched to its CA by key and signature, never by name or URL
/// alone; ordered by cRLNumber (thisUpdate without one).
package enum CRLKind: SignedSourceKind {
    /// The CA and the settings.
    package struct Context: Sendable {
        /// The CA whose CRL is expected, as a verified list names it.
        package var issuer: Certificate
        /// Clock skew, entry limit, expiry.
        package var settings: CRLVerificationSettings
        /// The CRL already decoded from the bytes (one CRL fetched for several CAs, or re-verified): decoded once.
        package var decoded: CertificateRevocationList?

        /// A context from its parts.
        package init(issuer: Certificate, settings: CRLVerificationSettings, decoded: CertificateRevocationList? = nil) {
            self.issuer = issuer
            self.settings = settings
            self.decoded = decoded
        }
    }

    package static var versionRules: VersionRules { .crl }

    /// Decodes the CRL with OpenSSL (DER, or PEM `X509 CRL`) within the entry limit, unless the context holds it
    /// decoded.
    /// - Throws: ``TrustListError`` `malformed_crl`, `malformed_pem` or `limits_exceeded`, as the X509 module.
    package static func open(
        _ bytes: [UInt8], _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> CRLEnvelope {
        if let decoded = context.decoded { return CRLEnvelope(crl: decoded, issuer: context.issuer) }
        do {
            let crl = try CertificateRevocationList(derOrPEMEncoded: bytes, maxEntries: context.settings.maxEntries)
            return CRLEnvelope(crl: crl, issuer: context.issuer)
        } catch {
            throw TrustListError(error.code, error.reason)
        }
    }

    /// Signature under the CA's key, issuer Name, critical extensions, delta, indirect, scope, update times, not yet
    /// valid, and expiry when refused (``CRLVerificationSettings/refusesExpired``).
    package static func envelopePolicies(_ context: Context) -> [any SourcePolicy<CRLEnvelope>] {
        policies {
            CRLSignaturePolicy()
            CRLIssuerNamePolicy()
            CRLCriticalExtensionPolicy()
            CRLDeltaPolicy()
            CRLIndirectPolicy()
            CRLScopePolicy()
            CRLUpdateTimesPolicy()
            CRLNotYetValidPolicy(clockSkewSeconds: context.settings.clockSkewSeconds)
            if context.settings.refusesExpired { CRLExpiryPolicy() }
        }
    }

    private static func policies(
        @PolicyBuilder<any SourcePolicy<CRLEnvelope>> _ build: () -> [any SourcePolicy<CRLEnvelope>]
    ) -> [any SourcePolicy<CRLEnvelope>] { build() }

    /// The CA itself: ``CRLSignaturePolicy`` has verified the CRL under its key.
    package static func authenticate(
        _ envelope: CRLEnvelope, _ context: Context, at time: Date
    ) throws(TrustListError) -> [Certificate] {
        [envelope.issuer]
    }

    package static func signerPolicies(_ context: Context) -> [any SourcePolicy<SignedEnvelope<CRLEnvelope>>] { [] }

    package static func decode(
        _ signed: SignedEnvelope<CRLEnvelope>, _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> VerifiedCRL {
        VerifiedCRL(crl: signed.envelope.crl, issuer: signed.envelope.issuer, verifiedAt: findings.time)
    }

    /// The profile's warnings (ISO/IEC 18013-5 Table B.10, RFC 5280 §5).
    package static func contentPolicies(_ context: Context) -> [any SourcePolicy<VerifiedCRL>] { [CRLProfilePolicy()] }
}

extension VersionRules {
    /// CRLs: by cRLNumber (RFC 5280 §5.2.3), thisUpdate when either has none.
    package static let crl = VersionRules(
        order: .numberElseDate, numberName: "CRL number", dateName: "thisUpdate", noun: "a CRL",
        rollback: .crlRollback, equivocation: .crlEquivocation)
}
