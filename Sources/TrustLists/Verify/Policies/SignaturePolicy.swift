import COSE
import X509

/// Pipeline step 5: the COSE_Sign1 signature over `["Signature1", protected-bytes-as-received, h'', payload]`
/// (RFC 9052 §4.4) verifies with the x5chain leaf's key, and `alg` fits that key (RFC 9053 §2.1: ES256 with P-256, …).
/// Records the SHA-256 of that Sig_structure: the signed content, which equivocation is judged on.
public struct SignaturePolicy: ListVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `unsupported_alg` (a key that cannot be used, or an `alg` that does not fit it),
    ///   `bad_signature`.
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        guard let message = candidate.message, let signer = candidate.signer else {
            throw ListCandidate.outOfOrder(Self.self)
        }
        let key: PublicKey
        do {
            key = try signer.publicKey
        } catch {
            throw TrustListError(.unsupportedAlgorithm, "the signer's key cannot be used: \(error.reason)")
        }
        try COSEStructurePolicy.cose { try message.verifySignature(with: key) }
        let toBeSigned = try COSEStructurePolicy.cose { try message.toBeSigned() }
        candidate.contentSHA256 = Digest.sha256.hash(toBeSigned)
    }
}
