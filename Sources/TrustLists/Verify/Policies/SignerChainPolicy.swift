import Foundation
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
        candidate.signerChain = try validate(
            signer: signer, intermediates: Array(candidate.x5chain.dropFirst()), at: candidate.time,
            maximumDepth: candidate.settings.maximumChainDepth)
    }

    /// Validates a signer's chain to the pinned roots, for every signed kind (lists, LoTEs).
    /// - Parameters:
    ///   - signer: the signer's certificate.
    ///   - intermediates: the rest of the chain as sent (untrusted).
    ///   - time: the verification time (UTC).
    ///   - maximumDepth: the most certificates between the signer and the pinned root.
    /// - Returns: the validated chain, signer first, pinned root last.
    /// - Throws: ``TrustListError`` `chain_invalid` with OpenSSL's text.
    public func validate(
        signer: Certificate, intermediates: [Certificate], at time: Date, maximumDepth: Int
    ) throws(TrustListError) -> [Certificate] {
        let validator = ChainValidator(anchors: anchors, anchorRule: .selfSignedRootsOnly, maximumDepth: maximumDepth)
        switch validator.validate(leaf: signer, intermediates: intermediates, at: time) {
        case .valid(let validated):
            return validated.certificates
        case .invalid(let failure):
            throw TrustListError(.chainInvalid, "signer chain does not validate to a pinned root: \(failure)")
        }
    }
}
