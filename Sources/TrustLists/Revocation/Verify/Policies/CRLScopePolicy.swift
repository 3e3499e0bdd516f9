import X509

/// A CRL that lists only some revocation reasons, or only attribute certificates (issuingDistributionPoint,
/// RFC 5280 §5.2.5), cannot show that a certificate is not revoked: it is refused.
package struct CRLScopePolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `crl_scope_unsupported`.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        guard let point = envelope.crl.issuingDistributionPoint else { return }
        if point.onlySomeReasons {
            throw TrustListError(.crlScopeUnsupported, "a partial CRL (issuingDistributionPoint onlySomeReasons)")
        }
        if point.onlyContainsAttributeCertificates {
            throw TrustListError(
                .crlScopeUnsupported,
                "a CRL of attribute certificates (issuingDistributionPoint onlyContainsAttributeCerts)")
        }
    }
}
