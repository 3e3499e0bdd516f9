/// The token's `iat`, and its `nbf` when present, are not later than the verification time plus the clock skew: a
/// token from the future would set the store's high-water mark past every honest token to come (RFC 7519 §4.1.5 for
/// `nbf`; for `iat` the list pipeline's rule on a list's `date`).
public struct StatusListIssuedAtPolicy: StatusListPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `date_in_future`.
    public func check(_ candidate: StatusListCandidate) throws(TrustListError) {
        let latest = candidate.time.addingTimeInterval(max(candidate.settings.clockSkewSeconds, 0))
        let token = candidate.token
        if token.issuedAt > latest {
            throw TrustListError(
                .dateInFuture,
                "the token's iat \(Timestamp.text(token.issuedAt)) is after \(Timestamp.text(candidate.time)) plus "
                    + "\(Int(candidate.settings.clockSkewSeconds)) s of clock skew")
        }
        if let notBefore = token.notBefore, notBefore > latest {
            throw TrustListError(
                .dateInFuture,
                "the token's nbf \(Timestamp.text(notBefore)) is after \(Timestamp.text(candidate.time)) plus "
                    + "\(Int(candidate.settings.clockSkewSeconds)) s of clock skew (RFC 7519 §4.1.5)")
        }
    }
}
