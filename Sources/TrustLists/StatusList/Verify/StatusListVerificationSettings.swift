import Foundation

/// The settings of status list verification (``StatusListVerifier``).
public struct StatusListVerificationSettings: Sendable, Hashable {
    /// How far `iat` and `nbf` may lie after the verification time, in seconds (default 180).
    public var clockSkewSeconds: TimeInterval = 180
    /// Size bounds of the token and of the inflated list.
    public var limits = StatusListLimits()
    /// The most certificates between the signer and the anchor (OpenSSL's verify depth; default 8).
    public var maximumChainDepth = 8
    /// Whether ``StatusListExpiryPolicy`` runs: a token at or past its `exp` is refused (`status_list_expired`). A
    /// store that keeps an expired token as the last good one, marked expired, turns it off and reads
    /// ``VerifiedStatusList/isExpired(at:)``.
    public var refusesExpired = true

    /// The default settings.
    public init() {}
}
