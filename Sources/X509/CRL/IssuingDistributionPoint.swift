/// The issuingDistributionPoint CRL extension (RFC 5280 §5.2.5): which certificates and reasons a CRL covers.
public struct IssuingDistributionPoint: Sendable, Hashable {
    /// `onlyContainsUserCerts`: the CRL covers end-entity certificates only.
    public let onlyContainsUserCertificates: Bool
    /// `onlyContainsCACerts`: the CRL covers CA certificates only.
    public let onlyContainsCACertificates: Bool
    /// `onlySomeReasons` is present: the CRL lists only some revocation reasons (a partial CRL).
    public let onlySomeReasons: Bool
    /// `indirectCRL`: entries may belong to other issuers (RFC 5280 §5.2.5, §5.3.3).
    public let indirectCRL: Bool
    /// `onlyContainsAttributeCerts`: the CRL covers attribute certificates only.
    public let onlyContainsAttributeCertificates: Bool
}
