import X509

// The reasons a CRL does not count for a CA (docs/architecture.md, Revocation). `malformed_crl`, `limits_exceeded`
// and `bad_signature` are raised by the X509 module and declared there.
extension ReasonCode {
    /// The CRL's issuer Name differs from the subject of the CA whose key signed it (RFC 5280 §6.3.3 (b)).
    public static let crlIssuerMismatch = Self(rawValue: "crl_issuer_mismatch")
    /// The CRL, or one of its entries, carries a critical extension this implementation does not process
    /// (RFC 5280 §5.2, §5.3): it must not be used.
    public static let crlUnknownCriticalExtension = Self(rawValue: "crl_unknown_critical_extension")
    /// A delta CRL (deltaCRLIndicator, RFC 5280 §5.2.4): only complete CRLs are used.
    public static let crlDeltaUnsupported = Self(rawValue: "crl_delta_unsupported")
    /// An indirect CRL (issuingDistributionPoint indirectCRL or an entry's certificateIssuer, RFC 5280 §5.2.5,
    /// §5.3.3): only CRLs of the CA's own certificates are used.
    public static let crlIndirectUnsupported = Self(rawValue: "crl_indirect_unsupported")
    /// A CRL that covers only some revocation reasons or only attribute certificates (issuingDistributionPoint
    /// onlySomeReasons or onlyContainsAttributeCerts, RFC 5280 §5.2.5): it cannot show a certificate unrevoked.
    public static let crlScopeUnsupported = Self(rawValue: "crl_scope_unsupported")
    /// The CRL has no nextUpdate (required by RFC 5280 §5.1.2.5 and ISO/IEC 18013-5 Table B.10).
    public static let crlNextUpdateMissing = Self(rawValue: "crl_next_update_missing")
    /// The CRL's thisUpdate is later than the verification time plus the allowed clock skew.
    public static let crlNotYetValid = Self(rawValue: "crl_not_yet_valid")
    /// The verification time is past the CRL's nextUpdate.
    public static let crlExpired = Self(rawValue: "crl_expired")
    /// The CRL's cRLNumber (or, without numbers, its thisUpdate) is lower than that of a CRL already accepted for
    /// the CA (RFC 5280 §5.2.3: numbers increase).
    public static let crlRollback = Self(rawValue: "crl_rollback")
    /// The CRL has the cRLNumber of a CRL already accepted for the CA but other signed content (tbsCertList).
    public static let crlEquivocation = Self(rawValue: "crl_equivocation")
}
