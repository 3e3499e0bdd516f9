import X509

/// The CRL's issuer Name must be the CA's subject (RFC 5280 §6.3.3 (b); ISO/IEC 18013-5 Table B.10), compared as
/// encoded.
package struct CRLIssuerNamePolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `crl_issuer_mismatch`.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        guard crl.issuer == envelope.issuer.subject else {
            throw TrustListError(
                .crlIssuerMismatch,
                "the CRL's issuer is \(crl.issuer), expected the CA's subject \(envelope.issuer.subject)")
        }
    }
}
