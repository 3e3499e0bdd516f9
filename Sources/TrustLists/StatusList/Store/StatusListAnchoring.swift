import Foundation
import X509

/// Verifying a status list token against the anchors of a network's lists, and checking its signer's chain against
/// the network's verified CRLs (docs/architecture.md, Status lists): what the refresh does with a prefetched token
/// and the store with a cached one. The decision's own rule (the signer chains to the same IACA as the document
/// signer) is checked again at decision time (``VerifiedStatusList/check(anchor:signerCertificate:at:maximumDepth:)``).
package enum StatusListAnchoring {
    /// Verifies `token` for `uri` against each anchor in turn (those named as the issuer of the token's last
    /// certificate first) and returns the first that verifies.
    /// - Parameters:
    ///   - token: the decoded token.
    ///   - uri: the URI `sub` must equal.
    ///   - anchors: the CA certificates of the network's verified lists (an IACA of its VICAL, a LoTE's CA).
    ///   - network: the network, for messages.
    ///   - settings: clock skew, limits, chain depth, expiry.
    ///   - accepted: the source's high-water mark (rollback, equivocation); nil for none.
    ///   - time: the verification time, UTC.
    /// - Throws: ``TrustListError``: `status_rollback` or `status_equivocation` against `accepted`; the failure under
    ///   an anchor the token names as its issuer; else `status_list_signer_mismatch` (no anchor of the network).
    package static func verify(
        _ token: StatusListToken, uri: String, anchors: [Certificate], network: String,
        settings: StatusListVerificationSettings, accepted: VersionMark?, at time: Date
    ) throws(TrustListError) -> VerifiedStatusList {
        let top = token.certificates.last
        let named = anchors.filter { $0.subject == top?.issuer }
        var firstNamedFailure: TrustListError?
        for anchor in named + anchors.filter({ $0.subject != top?.issuer }) {
            do {
                return try StatusListVerifier(anchor: anchor, settings: settings).verify(
                    token, uri: uri, at: time, accepted: accepted)
            } catch {
                if error.code == .statusRollback || error.code == .statusEquivocation { throw error }
                // A failure before the chain (signature, claims, times) is the token's whatever the anchor.
                if error.code != .statusListSignerMismatch, error.code != .chainInvalid { throw error }
                if firstNamedFailure == nil, named.contains(anchor) { firstNamedFailure = error }
            }
        }
        if let firstNamedFailure { throw firstNamedFailure }
        throw TrustListError(
            .statusListSignerMismatch,
            "the status list signer \(token.certificates.first?.subject.rfc4514 ?? "(none)") does not chain to any of "
                + "the \(anchors.count) CA certificate(s) of network \(network)'s verified lists")
    }
}

extension VerifiedStatusList {
    /// Checks each certificate of the signer's chain below the anchor against its issuer's verified CRL in
    /// `network`, when the store keeps one (docs/architecture.md, Revocation): a listed certificate makes the list
    /// unusable.
    /// - Parameters:
    ///   - network: the network whose CRLs apply.
    ///   - crls: the verified current CRLs, by slot.
    /// - Throws: ``TrustListError`` `revoked`, naming the certificate and the CRL.
    package func checkRevocation(network: String, crls: [CRLSlotID: VerifiedCRL]) throws(TrustListError) {
        for index in chain.indices.dropLast() {
            let certificate = chain[index]
            let issuer = chain[index + 1]
            guard let crl = crls[CRLSlotID(network: network, issuerSHA256: issuer.sha256Hex)],
                let revokedAt = crl.crl.revocationDate(serialNumber: certificate.serialNumber)
            else { continue }
            throw TrustListError(
                .revoked,
                "the status list \(subject) is signed under \(certificate.subject.rfc4514) (sha256 "
                    + "\(certificate.sha256Hex)), revoked at \(Timestamp.text(revokedAt)) by the verified CRL of "
                    + "\(issuer.subject.rfc4514) in network \(network): the list is not used")
        }
    }
}
