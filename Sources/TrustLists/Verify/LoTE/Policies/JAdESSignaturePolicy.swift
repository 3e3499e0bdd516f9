import JOSE
import X509

/// LoTE step 2: the JWS signature verifies with the `x5c` leaf's key and `alg` fits that key (ES256 with P-256, …,
/// EdDSA with Ed25519); `x5t#S256`, when present, is the leaf's digest; `sigT`, when present, lies inside the leaf's
/// validity. Records the SHA-256 of the JWS signing input: the signed content, which equivocation is judged on.
public struct JAdESSignaturePolicy: LoTEVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `unsupported_alg`, `bad_signature`, `malformed_x5c`, `signing_time_invalid`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let signature = candidate.signature else { throw LoTECandidate.outOfOrder(Self.self) }
        try JAdESStructurePolicy.jose { () throws(JOSEError) in try signature.verifySignature() }
        candidate.contentSHA256 = Digest.sha256.hash(signature.jws.signingInput)
    }
}
