import X509

/// Only CRLs of the CA's own certificates are used: an indirect CRL (issuingDistributionPoint indirectCRL, or an
/// entry naming a certificateIssuer; RFC 5280 §5.2.5, §5.3.3) is refused.
package struct CRLIndirectPolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `crl_indirect_unsupported`.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        if crl.issuingDistributionPoint?.indirectCRL == true {
            throw TrustListError(.crlIndirectUnsupported, "an indirect CRL (issuingDistributionPoint indirectCRL)")
        }
        if crl.entryCertificateIssuerPresent {
            throw TrustListError(
                .crlIndirectUnsupported, "an indirect CRL (an entry names a certificateIssuer, RFC 5280 §5.3.3)")
        }
    }
}
