import X509

/// Departures from the CRL profile of ISO/IEC 18013-5 Table B.10 and RFC 5280 §5 that do not stop the CRL from
/// showing what is revoked: each is a warning, none a refusal.
package struct CRLProfilePolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// Adds one warning per departure; never throws.
    package func check(_ verified: VerifiedCRL, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = verified.crl
        let ca = verified.issuer
        if crl.version != 2 { findings.warnings.add("a v\(crl.version) CRL (Table B.10 wants v2)") }
        if let aki = crl.authorityKeyIdentifier {
            if let ski = ca.subjectKeyIdentifier, aki != ski {
                findings.warnings.add(
                    "authorityKeyIdentifier \(hexString(aki)) is not the CA's subjectKeyIdentifier \(hexString(ski))")
            }
        } else {
            findings.warnings.add("no authorityKeyIdentifier (Table B.10, RFC 5280 §5.2.1)")
        }
        if let number = crl.crlNumber {
            if number.count > 20 {
                findings.warnings.add("cRLNumber longer than 20 octets (RFC 5280 §5.2.3)")
            }
        } else {
            findings.warnings.add("no cRLNumber (Table B.10, RFC 5280 §5.2.3): rollback is judged by thisUpdate")
        }
        if crl.entryExtensionsPresent { findings.warnings.add("entries carry extensions (Table B.10 wants none)") }
        if let usage = ca.keyUsage, !usage.contains(.cRLSign) {
            findings.warnings.add("the CA's keyUsage lacks cRLSign (RFC 5280 §4.2.1.3)")
        }
        if let point = crl.issuingDistributionPoint {
            if point.onlyContainsCACertificates {
                findings.warnings.add("the CRL covers CA certificates only (onlyContainsCACerts)")
            }
            if point.onlyContainsUserCertificates {
                findings.warnings.add("the CRL covers end-entity certificates only (onlyContainsUserCerts)")
            }
        }
    }
}
