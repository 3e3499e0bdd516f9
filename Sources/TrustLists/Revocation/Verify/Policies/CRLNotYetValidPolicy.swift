import X509

/// thisUpdate must not be later than the verification time plus the clock skew (RFC 5280 §5.1.2.4).
public struct CRLNotYetValidPolicy: CRLVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `crl_not_yet_valid`.
    public func check(_ candidate: inout CRLCandidate) throws(TrustListError) {
        let crl = try candidate.decoded(Self.self)
        guard crl.thisUpdate <= candidate.time.addingTimeInterval(candidate.settings.clockSkewSeconds) else {
            throw TrustListError(
                .crlNotYetValid,
                "thisUpdate \(Timestamp.text(crl.thisUpdate)) is after \(Timestamp.text(candidate.time)) "
                    + "(clock skew \(Int(candidate.settings.clockSkewSeconds)) s)")
        }
    }
}
