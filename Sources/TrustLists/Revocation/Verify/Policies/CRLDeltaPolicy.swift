import X509

/// Only complete CRLs are used: a delta CRL (deltaCRLIndicator, RFC 5280 §5.2.4) is refused.
public struct CRLDeltaPolicy: CRLVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `crl_delta_unsupported`.
    public func check(_ candidate: inout CRLCandidate) throws(TrustListError) {
        let crl = try candidate.decoded(Self.self)
        if let base = crl.deltaBaseCRLNumber {
            throw TrustListError(
                .crlDeltaUnsupported,
                "a delta CRL (base CRL number \(CRLNumberText.text(base))); publish or configure the complete CRL")
        }
    }
}
