import X509

/// nextUpdate must be present (RFC 5280 §5.1.2.5; ISO/IEC 18013-5 Table B.10) and later than thisUpdate.
package struct CRLUpdateTimesPolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `crl_next_update_missing`, or `malformed_crl` for a nextUpdate that is not after
    ///   thisUpdate.
    package func check(_ envelope: CRLEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        let crl = envelope.crl
        guard let nextUpdate = crl.nextUpdate else {
            throw TrustListError(.crlNextUpdateMissing, "the CRL has no nextUpdate: it could never be known stale")
        }
        guard nextUpdate > crl.thisUpdate else {
            throw TrustListError(
                .malformedCRL,
                "nextUpdate \(Timestamp.text(nextUpdate)) is not after thisUpdate \(Timestamp.text(crl.thisUpdate))")
        }
    }
}
