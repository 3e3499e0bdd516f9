import TrustLists

/// Step 8 (ISO/IEC 18013-5 second edition, the MSO's `status`; draft-ietf-oauth-status-list §8.3): when the MSO names
/// a status list, the credential's index is looked up in a CWT status list whose signer chains to the same IACA as the
/// document signer (never to the document signer itself), by ``StatusStep``. Refusals: `malformed_status_reference`,
/// `credential_revoked`, `credential_suspended`, `credential_status_unknown`, `status_unavailable`.
struct MDocStatusPolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        guard let node = context.mso?.status else { return nil }
        let status: Result<CredentialStatus?, TrustListError>
        do {
            status = .success(try CredentialStatus(msoStatus: node))
        } catch {
            status = .failure(error)
        }
        let anchor = context.trustDecision?.anchor
        let iaca = anchor.flatMap { anchor in
            context.chain.first { $0.sha256Hex == anchor.sha256 } ?? context.trust.anchorCertificate(sha256: anchor.sha256)
        }
        let outcome = StatusStep.run(
            status, format: .cwt, anchor: anchor, anchorCertificate: iaca, source: context.statusLists,
            at: context.time)
        context.statusCheck = outcome.check
        context.warnings += outcome.warnings
        return outcome.refusal
    }
}
