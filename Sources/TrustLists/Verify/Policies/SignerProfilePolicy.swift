/// Pipeline step 7, which OpenSSL does not check: the signer carries the EKU its list kind requires (ISO/IEC 18013-5
/// Annex C.1.7: 1.0.18013.5.1.8 for a VICAL signer; configurable for a RICAL signer, since real ones carry none) and
/// a key usage that allows signing.
public struct SignerProfilePolicy: ListVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `signer_eku` or `signer_key_usage`.
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        guard let signer = candidate.signer else { throw ListCandidate.outOfOrder(Self.self) }
        try SignerProfile.checkUsage(
            signer, kind: candidate.kind, requiredEKU: candidate.settings.signerEKU(for: candidate.kind))
    }
}
