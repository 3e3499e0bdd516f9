import X509

/// The verification time must not be past nextUpdate (RFC 5280 §5.1.2.5). Separate from the other time checks so
/// that a refresher can keep an expired CRL marked expired instead (``CRLVerificationSettings/refusesExpired``).
package struct CRLExpiryPolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `crl_expired`; `crl_next_update_missing` without a nextUpdate.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        guard let nextUpdate = crl.nextUpdate else {
            throw TrustListError(.crlNextUpdateMissing, "the CRL has no nextUpdate")
        }
        guard nextUpdate >= findings.time else {
            throw TrustListError(
                .crlExpired,
                "nextUpdate \(Timestamp.text(nextUpdate)) is before \(Timestamp.text(findings.time)); "
                    + "the CA has not published a newer CRL")
        }
    }
}
