import X509

/// LoTE step 4: OpenSSL validates the signer's `x5c` chain at the verification time to one of the pinned roots only
/// (no partial chains, no system CAs), as ``SignerChainPolicy`` does for lists. A self-signed signer that is itself a
/// pinned root validates as a chain of one.
public struct LoTESignerChainPolicy: LoTEVerificationPolicy {
    /// The pinned roots.
    public let anchors: [Certificate]

    /// A policy with these pinned roots.
    public init(anchors: [Certificate]) { self.anchors = anchors }

    /// - Throws: ``TrustListError`` `chain_invalid` with OpenSSL's text.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let signature = candidate.signature else { throw LoTECandidate.outOfOrder(Self.self) }
        candidate.signerChain = try SignerChainPolicy(anchors: anchors).validate(
            signer: signature.signer, intermediates: Array(signature.certificates.dropFirst()), at: candidate.time,
            maximumDepth: candidate.settings.maximumChainDepth)
    }
}
