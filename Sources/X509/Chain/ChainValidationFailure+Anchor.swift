internal import COpenSSL

extension ChainValidationFailure {
    /// Whether OpenSSL found no path from the leaf to any of the anchors (`X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT`,
    /// `…_LOCALLY`, `X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE`, a self-signed certificate that is not an anchor):
    /// the chain belongs under another anchor, as opposed to a chain that reaches an anchor and fails a check on the
    /// way (a bad signature, a critical extension, a path length, a validity period).
    public var reachesNoAnchor: Bool {
        switch openSSLCode {
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT,
            X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
            true
        default:
            false
        }
    }
}
