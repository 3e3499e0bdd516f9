import X509

/// The CRL's signature must verify under the public key of the CA it is checked for (`X509_CRL_verify`,
/// RFC 5280 §6.3.3 (f)): a CRL is matched to its CA by key, never by its issuer Name or the URL it came from (real
/// IACAs share both).
package struct CRLSignaturePolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `bad_signature`.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        guard crl.isSigned(by: envelope.issuer) else {
            throw TrustListError(
                .badSignature,
                "the CRL's signature does not verify under the key of \(envelope.issuer.subject) "
                    + "(certificate sha256 \(envelope.issuer.sha256Hex))")
        }
    }
}
