import X509

/// thisUpdate must not be later than the verification time plus the clock skew (RFC 5280 §5.1.2.4).
package struct CRLNotYetValidPolicy: SourcePolicy {
    /// How far thisUpdate may lie after the verification time, in seconds.
    package let clockSkewSeconds: Double

    /// The policy with this clock skew.
    package init(clockSkewSeconds: Double) { self.clockSkewSeconds = clockSkewSeconds }

    /// - Throws: ``TrustListError`` `crl_not_yet_valid`.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        guard crl.thisUpdate <= findings.time.addingTimeInterval(clockSkewSeconds) else {
            throw TrustListError(
                .crlNotYetValid,
                "thisUpdate \(Timestamp.text(crl.thisUpdate)) is after \(Timestamp.text(findings.time)) "
                    + "(clock skew \(Int(clockSkewSeconds)) s)")
        }
    }
}
