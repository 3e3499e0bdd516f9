import X509

/// Only complete CRLs are used: a delta CRL (deltaCRLIndicator, RFC 5280 §5.2.4) is refused.
public struct CRLDeltaPolicy: SourcePolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `crl_delta_unsupported`.
    public func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        if let base = crl.deltaBaseCRLNumber {
            throw TrustListError(
                .crlDeltaUnsupported,
                "a delta CRL (base CRL number \(CRLNumberText.text(base))); publish or configure the complete CRL")
        }
    }
}
