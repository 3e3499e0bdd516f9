import X509

/// A CRL or CRL entry extension marked critical that this implementation does not process makes the CRL unusable
/// (RFC 5280 §5.2, §5.3).
package struct CRLCriticalExtensionPolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `crl_unknown_critical_extension`.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        if !crl.unknownCriticalExtensions.isEmpty {
            throw TrustListError(
                .crlUnknownCriticalExtension,
                "critical CRL extension \(crl.unknownCriticalExtensions.joined(separator: ", ")) is not understood")
        }
        if !crl.unknownCriticalEntryExtensions.isEmpty {
            throw TrustListError(
                .crlUnknownCriticalExtension,
                "critical CRL entry extension \(crl.unknownCriticalEntryExtensions.joined(separator: ", ")) is not "
                    + "understood")
        }
    }
}
