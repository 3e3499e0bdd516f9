/// Pipeline step 7, which OpenSSL does not check: the signer carries the EKU its list kind requires (ISO/IEC 18013-5
/// Annex C.1.7: 1.0.18013.5.1.8 for a VICAL signer; configurable for a RICAL signer, since real ones carry none) and
/// a key usage that allows signing.
package struct SignerProfilePolicy: SourcePolicy {
    /// The kind, for messages.
    package let kind: ListKind
    /// The EKU the signer must carry; nil for none.
    package let requiredEKU: String?

    /// A policy for signers of `kind`.
    package init(kind: ListKind, requiredEKU: String?) {
        self.kind = kind
        self.requiredEKU = requiredEKU
    }

    /// - Throws: ``TrustListError`` `signer_eku` or `signer_key_usage`.
    package func check(
        _ signed: SignedEnvelope<COSEListEnvelope>, _ findings: inout SourceFindings
    ) throws(TrustListError) {
        try SignerProfile.checkUsage(signed.signer, kind: kind, requiredEKU: requiredEKU)
    }
}
