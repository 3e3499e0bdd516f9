import X509

/// The signer certificate is within its validity at the verification time, reported with its own codes rather than
/// as the chain error OpenSSL would give (docs/architecture.md, Reason codes).
package struct StatusListSignerValidityPolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `signer_expired` or `signer_not_yet_valid`.
    package func check(_ envelope: StatusListEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let signer = envelope.signer
        if findings.time > signer.notAfter {
            throw TrustListError(
                .signerExpired,
                "the status list signer \(signer.subject) expired at \(Timestamp.text(signer.notAfter)), before "
                    + Timestamp.text(findings.time))
        }
        if findings.time < signer.notBefore {
            throw TrustListError(
                .signerNotYetValid,
                "the status list signer \(signer.subject) is valid from \(Timestamp.text(signer.notBefore)), after "
                    + Timestamp.text(findings.time))
        }
    }
}
