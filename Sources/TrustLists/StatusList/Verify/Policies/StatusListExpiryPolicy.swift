/// The verification time is before the token's `exp` when it has one (draft-ietf-oauth-status-list §8.3 step 4c;
/// RFC 7519 §4.1.4: "the current date/time MUST be before the expiration date/time"). Separate from the other time
/// checks so that a store can keep an expired token marked expired instead
/// (``StatusListVerificationSettings/refusesExpired``).
package struct StatusListExpiryPolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `status_list_expired`.
    package func check(_ envelope: StatusListEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        guard let expires = envelope.token.expires, findings.time >= expires else { return }
        throw TrustListError(
            .statusListExpired,
            "the token expired at \(Timestamp.text(expires)) (exp), at or before \(Timestamp.text(findings.time)); "
                + "its issuer has to publish a newer one")
    }
}
