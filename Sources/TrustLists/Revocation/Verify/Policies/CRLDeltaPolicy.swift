import X509

/// Only complete CRLs are used: a delta CRL (deltaCRLIndicator, RFC 5280 §5.2.4) is refused.
package struct CRLDeltaPolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `crl_delta_unsupported`.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        if let base = crl.deltaBaseCRLNumber {
            throw TrustListError(
                .crlDeltaUnsupported,
                "a delta CRL (base CRL number \(CRLNumberText.text(base))); publish or configure the complete CRL")
        }
    }
}
