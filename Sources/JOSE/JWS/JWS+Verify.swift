import X509

extension JWS {
    /// Verifies the signature over the signing input (RFC 7515 §5.2 step 8) with the key the caller trusts.
    ///
    /// The key is never taken from the header: pass the key of a certificate already validated (the `x5c` leaf after
    /// its chain, a pinned key). `alg` must fit it: ES256 needs P-256, ES384 P-384, ES512 P-521, EdDSA Ed25519. An
    /// ECDSA signature is raw `r‖s` (RFC 7518 §3.4), converted to DER by OpenSSL in the X509 module.
    /// - Parameter key: the signer's public key.
    /// - Throws: `unsupported_alg` when `alg` does not fit the key; `bad_signature` when the signature has the wrong
    ///   length for `alg` or does not verify.
    public func verify(with key: PublicKey) throws(JOSEError) {
        guard alg.keyAlgorithm == key.algorithm else {
            throw JOSEError(
                .unsupportedAlgorithm,
                "header.alg \(alg.rawValue) does not fit the trusted \(key.algorithm.rawValue) key; "
                    + "\(alg.rawValue) needs \(alg.keyAlgorithm.rawValue) (RFC 7518 §3.4, RFC 8037 §3.1)")
        }
        guard signature.count == alg.signatureSize else {
            throw JOSEError(
                .badSignature,
                "signature: expected \(alg.signatureSize) bytes for \(alg.rawValue) (RFC 7518 §3.4, RFC 8037 §3.1), "
                    + "found \(signature.count)")
        }
        let valid: Bool
        do {
            valid = try key.verify(signature: signature, encoding: .raw, for: signingInput, digest: alg.digest)
        } catch {
            throw JOSEError(.badSignature, "signature is malformed for \(alg.rawValue): \(error.reason)")
        }
        guard valid else {
            throw JOSEError(.badSignature, "\(alg.rawValue) signature does not verify over the JWS signing input")
        }
    }
}
