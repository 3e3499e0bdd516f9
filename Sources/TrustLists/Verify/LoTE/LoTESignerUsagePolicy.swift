/// LoTE step 5: a signer below the pinned root has a key usage that allows signing (digitalSignature or
/// nonRepudiation), as list signers must. A self-signed signer that is itself the pinned root is exempt (a root's key
/// usage is keyCertSign): the operator pinned that very key.
package struct LoTESignerUsagePolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `signer_key_usage`.
    package func check(_ signed: SignedEnvelope<JAdESEnvelope>, _ findings: inout SourceFindings) throws(TrustListError) {
        guard signed.chain.count > 1 else { return }
        try SignerProfile.checkKeyUsage(signed.signer)
    }
}
