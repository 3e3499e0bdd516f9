/// Pipeline step 6, first half: the signer certificate is valid at the verification time. Checked before the chain so
/// that the reason is `signer_expired` / `signer_not_yet_valid`, which OpenSSL would report as a chain error.
package struct SignerValidityPolicy<Envelope: SignerCarrying>: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `signer_not_yet_valid` or `signer_expired`.
    package func check(_ envelope: Envelope, _ findings: inout SourceFindings) throws(TrustListError) {
        try SignerProfile.checkValidity(envelope.signer, at: findings.time)
    }
}
