import X509

/// The CRL's issuer Name must be the CA's subject (RFC 5280 §6.3.3 (b); ISO/IEC 18013-5 Table B.10), compared as
/// encoded.
public struct CRLIssuerNamePolicy: CRLVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `crl_issuer_mismatch`.
    public func check(_ candidate: inout CRLCandidate) throws(TrustListError) {
        let crl = try candidate.decoded(Self.self)
        guard crl.issuer == candidate.issuer.subject else {
            throw TrustListError(
                .crlIssuerMismatch,
                "the CRL's issuer is \(crl.issuer), expected the CA's subject \(candidate.issuer.subject)")
        }
    }
}
