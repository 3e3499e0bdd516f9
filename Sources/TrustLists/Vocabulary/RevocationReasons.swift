import X509

/// The reason codes of revocation in trust decisions (docs/architecture.md, "Revocation").
extension ReasonCode {
    /// A certificate of the validated chain below the anchor is listed on its issuer's verified CRL (in every
    /// revocation mode).
    public static let revoked = Self(rawValue: "revoked")
    /// Revocation mode `require`: the CRL of an issuer in the chain is missing or expired (past nextUpdate and
    /// `revocation.graceSeconds`), so the chain cannot be shown unrevoked.
    public static let revocationUnavailable = Self(rawValue: "revocation_unavailable")
    /// A warning of a trusted answer: an issuer's CRL was not fresh (stale, expired, missing or none), so a
    /// revocation may not be known.
    public static let revocationUnchecked = Self(rawValue: "revocation_unchecked")
}
