import X509

/// A CRL as its kind opens it: decoded by OpenSSL (``CertificateRevocationList``, DER or PEM, within the entry limit),
/// with the CA it must come from. Nothing in it is trusted until ``CRLSignaturePolicy`` has verified it under that
/// CA's key.
package struct CRLEnvelope: Sendable {
    /// The decoded CRL.
    package let crl: CertificateRevocationList
    /// The CA whose CRL it must be: its key must verify the signature, its subject must be the CRL's issuer.
    package let issuer: Certificate
}
