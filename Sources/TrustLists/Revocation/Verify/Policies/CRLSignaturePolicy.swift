import X509

/// The CRL's signature must verify under the public key of the CA it is checked for (`X509_CRL_verify`,
/// RFC 5280 §6.3.3 (f)): a CRL is matched to its CA by key, never by its issuer Name or the URL it came from (real
/// IACAs share both).
public struct CRLSignaturePolicy: CRLVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `bad_signature`.
    public func check(_ candidate: inout CRLCandidate) throws(TrustListError) {
        let crl = try candidate.decoded(Self.self)
        guard crl.isSigned(by: candidate.issuer) else {
            throw TrustListError(
                .badSignature,
                "the CRL's signature does not verify under the key of \(candidate.issuer.subject) "
                    + "(certificate sha256 \(candidate.issuer.sha256Hex))")
        }
    }
}
