import Foundation

/// The token's `iat`, and its `nbf` when present, are not later than the verification time plus the clock skew: a
/// token from the future would set the store's high-water mark past every honest token to come (RFC 7519 §4.1.5 for
/// `nbf`; for `iat` the list pipeline's rule on a list's `date`).
package struct StatusListIssuedAtPolicy: SourcePolicy {
    /// How far `iat` and `nbf` may lie after the verification time, in seconds.
    package let clockSkewSeconds: TimeInterval

    /// A policy with this skew.
    package init(clockSkewSeconds: TimeInterval) { self.clockSkewSeconds = max(clockSkewSeconds, 0) }

    /// - Throws: ``TrustListError`` `date_in_future`.
    package func check(_ envelope: StatusListEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let latest = findings.time.addingTimeInterval(clockSkewSeconds)
        let token = envelope.token
        if token.issuedAt > latest {
            throw TrustListError(
                .dateInFuture,
                "the token's iat \(Timestamp.text(token.issuedAt)) is after \(Timestamp.text(findings.time)) plus "
                    + "\(Int(clockSkewSeconds)) s of clock skew")
        }
        if let notBefore = token.notBefore, notBefore > latest {
            throw TrustListError(
                .dateInFuture,
                "the token's nbf \(Timestamp.text(notBefore)) is after \(Timestamp.text(findings.time)) plus "
                    + "\(Int(clockSkewSeconds)) s of clock skew (RFC 7519 §4.1.5)")
        }
    }
}
