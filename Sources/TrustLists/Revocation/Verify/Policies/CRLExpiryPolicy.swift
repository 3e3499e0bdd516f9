import X509

/// The verification time must not be past nextUpdate (RFC 5280 §5.1.2.5). Separate from the other time checks so
/// that a refresher can keep an expired CRL marked expired instead (``CRLVerificationSettings/refusesExpired``).
public struct CRLExpiryPolicy: CRLVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `crl_expired`; `crl_next_update_missing` without a nextUpdate.
    public func check(_ candidate: inout CRLCandidate) throws(TrustListError) {
        let crl = try candidate.decoded(Self.self)
        guard let nextUpdate = crl.nextUpdate else {
            throw TrustListError(.crlNextUpdateMissing, "the CRL has no nextUpdate")
        }
        guard nextUpdate >= candidate.time else {
            throw TrustListError(
                .crlExpired,
                "nextUpdate \(Timestamp.text(nextUpdate)) is before \(Timestamp.text(candidate.time)); "
                    + "the CA has not published a newer CRL")
        }
    }
}
