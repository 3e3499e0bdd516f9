import COSE
import X509

/// Pipeline step 5: the COSE_Sign1 signature over `["Signature1", protected-bytes-as-received, h'', payload]`
/// (RFC 9052 §4.4) verifies with the x5chain leaf's key, and `alg` fits that key (RFC 9053 §2.1: ES256 with P-256, …).
package struct COSESignaturePolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `unsupported_alg` (a key that cannot be used, or an `alg` that does not fit it),
    ///   `bad_signature`.
    package func check(_ envelope: COSEListEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let key: PublicKey
        do {
            key = try envelope.signer.publicKey
        } catch {
            throw TrustListError(.unsupportedAlgorithm, "the signer's key cannot be used: \(error.reason)")
        }
        // The envelope hashed the Sig_structure for the version's identity: an ES256 signature is checked against it.
        try COSEListEnvelope.cose {
            try envelope.message.verifySignature(with: key, toBeSignedSHA256: envelope.contentSHA256)
        }
    }
}
