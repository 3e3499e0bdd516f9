import X509

/// Departures from the CRL profile of ISO/IEC 18013-5 Table B.10 and RFC 5280 §5 that do not stop the CRL from
/// showing what is revoked: each is a warning, none a refusal.
public struct CRLProfilePolicy: CRLVerificationPolicy {
    /// The policy.
    public init() {}

    /// Adds one warning per departure; never throws once the CRL is decoded.
    public func check(_ candidate: inout CRLCandidate) throws(TrustListError) {
        let crl = try candidate.decoded(Self.self)
        let ca = candidate.issuer
        if crl.version != 2 { candidate.warnings.append("a v\(crl.version) CRL (Table B.10 wants v2)") }
        if let aki = crl.authorityKeyIdentifier {
            if let ski = ca.subjectKeyIdentifier, aki != ski {
                candidate.warnings.append(
                    "authorityKeyIdentifier \(hexString(aki)) is not the CA's subjectKeyIdentifier \(hexString(ski))")
            }
        } else {
            candidate.warnings.append("no authorityKeyIdentifier (Table B.10, RFC 5280 §5.2.1)")
        }
        if let number = crl.crlNumber {
            if number.count > 20 {
                candidate.warnings.append("cRLNumber longer than 20 octets (RFC 5280 §5.2.3)")
            }
        } else {
            candidate.warnings.append("no cRLNumber (Table B.10, RFC 5280 §5.2.3): rollback is judged by thisUpdate")
        }
        if crl.entryExtensionsPresent { candidate.warnings.append("entries carry extensions (Table B.10 wants none)") }
        if let usage = ca.keyUsage, !usage.contains(.cRLSign) {
            candidate.warnings.append("the CA's keyUsage lacks cRLSign (RFC 5280 §4.2.1.3)")
        }
        if let point = crl.issuingDistributionPoint {
            if point.onlyContainsCACertificates {
                candidate.warnings.append("the CRL covers CA certificates only (onlyContainsCACerts)")
            }
            if point.onlyContainsUserCertificates {
                candidate.warnings.append("the CRL covers end-entity certificates only (onlyContainsUserCerts)")
            }
        }
    }
}
