/// Pipeline step 6, first half: the signer certificate is valid at the verification time. Checked before the chain so
/// that the reason is `signer_expired` / `signer_not_yet_valid`, which OpenSSL would report as a chain error.
public struct SignerValidityPolicy: ListVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `signer_not_yet_valid` or `signer_expired`.
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        guard let signer = candidate.signer else { throw ListCandidate.outOfOrder(Self.self) }
        try SignerProfile.checkValidity(signer, at: candidate.time)
    }
}
