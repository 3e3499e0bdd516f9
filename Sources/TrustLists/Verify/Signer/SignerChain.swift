import Foundation
import X509

/// Pipeline step 6: OpenSSL validates a signer's chain at the verification time to one of the pinned roots only: an
/// `X509_STORE` holding the pinned roots, the rest of the chain as untrusted intermediates (a copy of the pinned root
/// in it is fine), no partial chains, no system CAs. The one rule of every list kind's signer.
package enum SignerChain {
    /// Validates `envelope`'s signer to `anchors`.
    /// - Parameters:
    ///   - envelope: the signer and the certificates sent with it.
    ///   - anchors: the pinned roots (their SHA-256 already checked against the configuration); a self-signed signer
    ///     may be one of them.
    ///   - time: the verification time, UTC.
    ///   - maximumDepth: the most certificates between the signer and the pinned root.
    /// - Returns: the validated chain, signer first, pinned root last.
    /// - Throws: ``TrustListError`` `chain_invalid` with OpenSSL's text.
    package static func validate(
        _ envelope: some SignerCarrying, anchors: [Certificate], at time: Date, maximumDepth: Int
    ) throws(TrustListError) -> [Certificate] {
        let validator = ChainValidator(anchors: anchors, anchorRule: .selfSignedRootsOnly, maximumDepth: maximumDepth)
        switch validator.validate(leaf: envelope.signer, intermediates: envelope.intermediates, at: time) {
        case .valid(let validated):
            return validated.certificates
        case .invalid(let failure):
            throw TrustListError(.chainInvalid, "signer chain does not validate to a pinned root: \(failure)")
        }
    }
}
