import X509

/// Pipeline step 6: OpenSSL validates the signer's chain at the verification time to one of the pinned roots only:
/// an `X509_STORE` holding the pinned roots, the rest of the x5chain as untrusted intermediates (a copy of the pinned
/// root in it is fine), no partial chains, no system CAs.
public struct SignerChainPolicy: ListVerificationPolicy {
    /// The pinned roots (their SHA-256 already checked against the configuration).
    public let anchors: [Certificate]

    /// A policy with these pinned roots.
    public init(anchors: [Certificate]) { self.anchors = anchors }

    /// - Throws: ``TrustListError`` `chain_invalid` with OpenSSL's text.
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        guard let signer = candidate.signer else { throw ListCandidate.outOfOrder(Self.self) }
        let validator = ChainValidator(
            anchors: anchors, anchorRule: .selfSignedRootsOnly, maximumDepth: candidate.settings.maximumChainDepth)
        switch validator.validate(leaf: signer, intermediates: Array(candidate.x5chain.dropFirst()), at: candidate.time)
        {
        case .valid(let validated):
            candidate.signerChain = validated.certificates
        case .invalid(let failure):
            throw TrustListError(.chainInvalid, "signer chain does not validate to a pinned root: \(failure)")
        }
    }
}
