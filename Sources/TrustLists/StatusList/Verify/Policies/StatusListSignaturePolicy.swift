import X509

/// The token's signature verifies with the signer certificate's key, and its `alg` fits that key (ES256 with P-256,
/// …, EdDSA with Ed25519; PS256/384/512 with RSA keys of 2048 bits or more for a JWT): the key comes from the
/// certificate, never the other way round (draft-ietf-oauth-status-list §5.1 and §5.2 rule 2: "Relying Parties MUST
/// reject JWTs with an invalid signature"). `none` and MACs never get here: decoding refuses them.
package struct StatusListSignaturePolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `unsupported_alg`, `weak_key`, `bad_signature`; `unsupported_key` for a signer
    ///   key OpenSSL cannot use.
    package func check(_ envelope: StatusListEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let key: PublicKey
        do {
            key = try envelope.signer.publicKey
        } catch {
            throw TrustListError(error.code, "the signer's key (\(envelope.signer.subject)): \(error.reason)")
        }
        try envelope.token.verifySignature(with: key)
    }
}
