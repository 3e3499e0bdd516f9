import Foundation
import X509

extension VerifiedStatusList {
    /// Whether this list may answer for a credential whose issuer chains to `anchor` (docs/architecture.md, Status
    /// lists): the list's signer chains to that anchor (for an mdoc, the IACA of the document signer, never the
    /// document signer itself; ISO/IEC 18013-5 second edition), it is not expired, and, when the credential's reference
    /// names the list's signer (an mdoc MSO's `status_list.certificate`), that certificate signed it.
    ///
    /// A list verified against the same anchor costs a comparison; one verified against another anchor (a prefetched
    /// list) has its signer's chain validated to `anchor` by OpenSSL at `time`.
    /// - Parameters:
    ///   - anchor: the credential issuer's anchor certificate.
    ///   - signerCertificate: the signer the credential's reference names; nil when it names none.
    ///   - time: the decision time, UTC.
    ///   - maximumDepth: the most certificates between the signer and the anchor (default 8).
    /// - Throws: ``TrustListError`` `status_list_expired` at or past `exp`; `status_list_signer_mismatch` when the
    ///   reference names another signer, the anchor is not a CA or the signer leads elsewhere; `chain_invalid` for a
    ///   chain that reaches the anchor and fails on the way.
    public func check(
        anchor: Certificate, signerCertificate: Certificate? = nil, at time: Date, maximumDepth: Int = 8
    ) throws(TrustListError) {
        if isExpired(at: time), let expires {
            throw TrustListError(
                .statusListExpired, "the status list \(subject) expired at \(Timestamp.text(expires))")
        }
        if let signerCertificate, signerCertificate != signer {
            throw TrustListError(
                .statusListSignerMismatch,
                "the credential's status reference names \(signerCertificate.subject) (sha256 "
                    + "\(signerCertificate.sha256Hex)) as the list's signer, but \(subject) is signed by "
                    + "\(signer.subject) (sha256 \(signer.sha256Hex))")
        }
        if self.anchor == anchor, anchor.basicConstraints?.isCA == true { return }
        let envelope = StatusListEnvelope(
            token: token, signer: signer,
            intermediates: token.certificates.isEmpty ? [] : Array(token.certificates.dropFirst()))
        _ = try StatusListSignerChain.validate(envelope, to: anchor, at: time, maximumDepth: maximumDepth)
    }
}
