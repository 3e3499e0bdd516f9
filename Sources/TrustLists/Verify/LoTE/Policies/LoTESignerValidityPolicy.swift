/// LoTE step 3: the signer's certificate is valid at the verification time (checked before the chain, so the reason
/// is `signer_expired` / `signer_not_yet_valid` rather than OpenSSL's chain error).
public struct LoTESignerValidityPolicy: LoTEVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `signer_not_yet_valid` or `signer_expired`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let signer = candidate.signature?.signer else { throw LoTECandidate.outOfOrder(Self.self) }
        try SignerProfile.checkValidity(signer, at: candidate.time)
    }
}
