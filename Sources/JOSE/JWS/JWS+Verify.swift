import X509

extension JWS {
    /// Verifies the signature over the signing input (RFC 7515 §5.2 step 8) with the key the caller trusts.
    ///
    /// The key is never taken from the header: pass the key of a certificate already validated (the `x5c` leaf after
    /// its chain, a pinned key). `alg` must fit it: ES256 needs P-256, ES384 P-384, ES512 P-521, EdDSA Ed25519, and
    /// PS256/PS384/PS512 an RSA key of at least 2048 bits. An ECDSA signature is raw `r‖s` (RFC 7518 §3.4), converted
    /// to DER by OpenSSL in the X509 module; an RSASSA-PSS one must use MGF1 with the same hash and a salt as long as
    /// the hash (RFC 7518 §3.5): one with another salt length does not verify.
    /// - Parameter key: the signer's public key.
    /// - Throws: `unsupported_alg` when `alg` does not fit the key; `weak_key` for an RSA key under 2048 bits;
    ///   `bad_signature` when the signature has the wrong length for the key or does not verify.
    public func verify(with key: PublicKey) throws(JOSEError) {
        try alg.checkFits(key, role: "trusted")
        guard signature.count == key.signatureSize else {
            throw JOSEError(
                .badSignature,
                "signature: expected \(key.signatureSize) bytes for \(alg.rawValue) with this "
                    + "\(key.sizeInBits)-bit \(key.algorithm.rawValue) key (RFC 7518 §3.4, §3.5, RFC 8037 §3.1), "
                    + "found \(signature.count)")
        }
        let valid: Bool
        do {
            valid = try key.verify(signature: signature, encoding: .raw, for: signingInput, digest: alg.digest)
        } catch {
            throw JOSEError(.badSignature, "signature is malformed for \(alg.rawValue): \(error.reason)")
        }
        guard valid else {
            let parameters =
                alg.keyAlgorithm == .rsa
                ? " (RSASSA-PSS with MGF1-\(alg.digest.rawValue.uppercased()) and a salt as long as the hash, "
                    + "RFC 7518 §3.5)" : ""
            throw JOSEError(
                .badSignature, "\(alg.rawValue) signature\(parameters) does not verify over the JWS signing input")
        }
    }
}
