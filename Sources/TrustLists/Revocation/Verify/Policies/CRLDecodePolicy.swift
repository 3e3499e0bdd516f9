import X509

/// Decodes the CRL with OpenSSL (``CertificateRevocationList``), unless the candidate came decoded.
public struct CRLDecodePolicy: CRLVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `malformed_crl`, `malformed_pem` or `limits_exceeded`, as the X509 module.
    public func check(_ candidate: inout CRLCandidate) throws(TrustListError) {
        guard candidate.crl == nil else { return }
        do {
            candidate.crl = try CertificateRevocationList(
                derOrPEMEncoded: candidate.bytes, maxEntries: candidate.settings.maxEntries)
        } catch {
            throw TrustListError(error.code, error.reason)
        }
    }
}
