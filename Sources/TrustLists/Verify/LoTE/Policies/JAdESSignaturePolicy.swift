import Foundation
import JOSE
import X509

/// LoTE step 2: the JWS signature verifies with the `x5c` leaf's key and `alg` fits that key (ES256 with P-256, …,
/// EdDSA with Ed25519); `x5t#S256`, when present, is the leaf's digest; `sigT`, when present, lies inside the leaf's
/// validity. Records the SHA-256 of the JWS signing input: the signed content, which equivocation is judged on (and,
/// in the same pass when the document begins with it, the SHA-256 of the whole document).
public struct JAdESSignaturePolicy: LoTEVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `unsupported_alg`, `bad_signature`, `malformed_x5c`, `signing_time_invalid`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let signature = candidate.signature else { throw LoTECandidate.outOfOrder(Self.self) }
        try JAdESStructurePolicy.jose { () throws(JOSEError) in try signature.verifySignature() }
        // A compact JWS starts with its signing input: one pass gives both that digest and the document's.
        let input = signature.jws.signingInput
        if Self.starts(candidate.bytes, with: input) {
            let digests = Digest.sha256.hash(candidate.bytes, prefix: input.count)
            candidate.contentSHA256 = digests.prefix
            candidate.documentSHA256 = digests.whole
        } else {
            candidate.contentSHA256 = Digest.sha256.hash(input)
        }
    }

    /// Whether `bytes` begins with `prefix`, compared with `memcmp`.
    private static func starts(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        guard prefix.count <= bytes.count else { return false }
        return bytes.withUnsafeBytes { whole in
            prefix.withUnsafeBytes { part in
                guard let wholeBase = whole.baseAddress, let partBase = part.baseAddress else { return part.isEmpty }
                return memcmp(wholeBase, partBase, part.count) == 0
            }
        }
    }
}
