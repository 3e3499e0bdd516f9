import X509

/// OpenSSL validates the signer's chain at the verification time to the one anchor given, with the token's other
/// certificates as untrusted intermediates, no partial chains and no system store.
///
/// For an mdoc the anchor is the IACA that issued the document signer: the status list's signer must chain to **the
/// same IACA** (ISO/IEC 18013-5 second edition), and the document signer is never the anchor. A certificate that is
/// not a CA, such as a document signer given as the anchor, is refused as such before OpenSSL is asked.
public struct StatusListSignerChainPolicy: StatusListPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `status_list_signer_mismatch` when the anchor is not a CA certificate or the
    ///   chain leads to no anchor (the signer belongs under another CA); `chain_invalid` for a chain that reaches the
    ///   anchor and fails on the way (a signature, a critical extension, a path length, an intermediate's validity).
    public func check(_ candidate: StatusListCandidate) throws(TrustListError) {
        let anchor = candidate.anchor
        guard anchor.basicConstraints?.isCA == true else {
            throw TrustListError(
                .statusListSignerMismatch,
                "the anchor \(anchor.subject) is not a CA certificate (no basicConstraints cA): a status list's signer "
                    + "chains to a CA, for an mdoc to the IACA of its document signer, never to the document signer "
                    + "itself (ISO/IEC 18013-5 second edition)")
        }
        let validator = ChainValidator(
            anchors: [anchor], anchorRule: .selfSignedRootsOnly, maximumDepth: candidate.settings.maximumChainDepth)
        switch validator.validate(leaf: candidate.signer, intermediates: candidate.intermediates, at: candidate.time) {
        case .valid:
            return
        case .invalid(let failure) where failure.reachesNoAnchor:
            throw TrustListError(
                .statusListSignerMismatch,
                "the status list signer \(candidate.signer.subject) (issuer \(candidate.signer.issuer)) does not chain "
                    + "to the anchor \(anchor.subject) (sha256 \(anchor.sha256Hex)): \(failure)")
        case .invalid(let failure):
            throw TrustListError(
                .chainInvalid,
                "the status list signer's chain to \(anchor.subject) does not validate: \(failure)")
        }
    }
}
