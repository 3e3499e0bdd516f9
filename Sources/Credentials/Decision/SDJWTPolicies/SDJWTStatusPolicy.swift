import TrustLists

/// Step 7 (draft-ietf-oauth-status-list §6.2, §8.3; SD-JWT VC §3.2.2.2): when the issuer JWT's `status` names a status
/// list, the credential's index is looked up in a list (JWT or CWT) whose signer chains to the issuer's anchor, by
/// ``StatusStep``. Refusals: `malformed_status_reference`, `credential_revoked`, `credential_suspended`,
/// `credential_status_unknown`, `status_unavailable`.
struct SDJWTStatusPolicy: SDJWTPolicy {
    func check(_ context: inout SDJWTContext) -> CredentialError? {
        let status: Result<CredentialStatus?, TrustListError>
        do {
            status = .success(try CredentialStatus(jwtClaims: context.sdJWT.claims.claims))
        } catch {
            status = .failure(error)
        }
        if case .success(nil) = status { return nil }
        let anchor = context.trustDecision?.anchor
        let certificate = anchor.flatMap { anchor in
            context.chain.first { $0.sha256Hex == anchor.sha256 } ?? context.trust.anchorCertificate(sha256: anchor.sha256)
        }
        let outcome = StatusStep.run(
            status, format: nil, anchor: anchor, anchorCertificate: certificate, source: context.statusLists,
            at: context.time)
        context.statusCheck = outcome.check
        context.warnings += outcome.warnings
        return outcome.refusal
    }
}
