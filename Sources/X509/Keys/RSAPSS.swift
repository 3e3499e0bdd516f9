internal import COpenSSL

/// The RSASSA-PSS parameters (RFC 8017 §8.1, §9.1) this package signs and verifies RSA signatures with, as RFC 7518
/// §3.5 fixes them for `PS256`, `PS384` and `PS512`: MGF1 over the signature's hash, and a salt exactly as long as that
/// hash's output. RSA keys are used for nothing else here (no PKCS#1 v1.5 signatures; certificates and CRLs are
/// checked by OpenSSL's X.509 code with the algorithm they name).
enum RSAPSS {
    /// Sets the parameters on the key context of an `EVP_DigestSignInit` / `EVP_DigestVerifyInit`, or on one set up
    /// by `EVP_PKEY_verify_init` (a digest given instead of the message). On verification the
    /// salt length is checked exactly (`RSA_PSS_SALTLEN_DIGEST`), not recovered from the signature as OpenSSL's
    /// default (`RSA_PSS_SALTLEN_AUTO`) would, so a signature with another salt length does not verify.
    /// - Parameters:
    ///   - keyContext: the `EVP_PKEY_CTX` OpenSSL returned from the init call, or the one it initialized.
    ///   - digest: the signature's hash, also MGF1's.
    /// - Throws: `openSSLFailure` when OpenSSL refuses a parameter.
    static func configure(_ keyContext: OpaquePointer?, digest: Digest) throws(X509Error) {
        guard let keyContext, EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) > 0,
            EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, digest.evp) > 0,
            EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) > 0
        else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "setting the RSASSA-PSS parameters (\(digest.rawValue))")
        }
    }
}
