import Foundation

/// The settings of CRL verification: clock skew, the entry limit, and whether a CRL past its nextUpdate is refused.
public struct CRLVerificationSettings: Sendable {
    /// How far thisUpdate may lie after the verification time, in seconds (default 180).
    public var clockSkewSeconds: TimeInterval = 180
    /// The most revoked certificates a CRL may list (default 2,000,000).
    public var maxEntries = 2_000_000
    /// Whether ``CRLExpiryPolicy`` runs: a CRL whose nextUpdate is before the verification time is refused
    /// (`crl_expired`). A refresher that keeps an expired CRL as the last good one, marked expired, turns it off and
    /// reads ``VerifiedCRL/isExpired``.
    public var refusesExpired = true

    /// The default settings.
    public init() {}
}
