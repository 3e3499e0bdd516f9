import X509

/// Step 3 (RFC 7515 §5.2, SD-JWT §7.1 step 2): the issuer JWT's signature verifies under the `x5c` leaf's key, with an
/// `alg` that fits it. Refusals: `unsupported_alg`, `weak_key`, `bad_signature`.
struct SDJWTSignaturePolicy: SDJWTPolicy {
    func check(_ context: inout SDJWTContext) -> CredentialError? {
        guard let leaf = context.chain.first else { return CredentialError(.missingX5C, "issuer JWT: no x5c") }
        let key: PublicKey
        do {
            key = try leaf.publicKey
        } catch {
            return CredentialError(.malformedSDJWT, "issuer JWT x5c[0]: \(error.reason)")
        }
        do {
            try context.sdJWT.issuerJWT.verify(with: key)
        } catch {
            return CredentialError(error.code, "issuer JWT: \(error.reason)")
        }
        context.signatureVerified = true
        return nil
    }
}
