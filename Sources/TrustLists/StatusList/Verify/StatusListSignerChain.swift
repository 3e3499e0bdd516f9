import Foundation
import X509

/// The signer's chain to the one anchor given, validated by OpenSSL at the verification time with the token's other
/// certificates as untrusted intermediates, no partial chains and no system store (``StatusListKind``'s
/// authentication step).
///
/// For an mdoc the anchor is the IACA that issued the document signer: the status list's signer must chain to **the
/// same IACA** (ISO/IEC 18013-5 second edition), and the document signer is never the anchor. A certificate that is
/// not a CA, such as a document signer given as the anchor, is refused as such before OpenSSL is asked.
enum StatusListSignerChain {
    /// Validates the signer's chain.
    /// - Returns: the chain, signer first, anchor last.
    /// - Throws: ``TrustListError`` `status_list_signer_mismatch` when the anchor is not a CA certificate or the
    ///   chain leads to no anchor (the signer belongs under another CA); `chain_invalid` for a chain that reaches the
    ///   anchor and fails on the way (a signature, a critical extension, a path length, an intermediate's validity).
    static func validate(
        _ envelope: StatusListEnvelope, to anchor: Certificate, at time: Date, maximumDepth: Int
    ) throws(TrustListError) -> [Certificate] {
        guard anchor.basicConstraints?.isCA == true else {
            throw TrustListError(
                .statusListSignerMismatch,
                "the anchor \(anchor.subject) is not a CA certificate (no basicConstraints cA): a status list's signer "
                    + "chains to a CA, for an mdoc to the IACA of its document signer, never to the document signer "
                    + "itself (ISO/IEC 18013-5 second edition)")
        }
        let validator = ChainValidator(anchors: [anchor], anchorRule: .selfSignedRootsOnly, maximumDepth: maximumDepth)
        switch validator.validate(leaf: envelope.signer, intermediates: envelope.intermediates, at: time) {
        case .valid(let chain):
            return chain.certificates
        case .invalid(let failure) where failure.reachesNoAnchor:
            throw TrustListError(
                .statusListSignerMismatch,
                "the status list signer \(envelope.signer.subject) (issuer \(envelope.signer.issuer)) does not chain "
                    + "to the anchor \(anchor.subject) (sha256 \(anchor.sha256Hex)): \(failure)")
        case .invalid(let failure):
            throw TrustListError(
                .chainInvalid, "the status list signer's chain to \(anchor.subject) does not validate: \(failure)")
        }
    }
}
