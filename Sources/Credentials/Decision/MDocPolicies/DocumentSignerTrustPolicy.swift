/// Step 2 (ISO/IEC 18013-5 §9.3.1, Annex B): the document signer's chain validates with OpenSSL, at the decision
/// time, to an IACA of a usable verified list authorized for the document's docType; the document signer meets its
/// profile; no certificate of the chain is revoked. The ``CredentialTrust`` decides; its reason is the document's
/// (`not_on_trust_list`, `chain_invalid` with OpenSSL's text, also for a document signer outside its validity,
/// `document_signer_profile`, `doctype_not_authorized`, `revoked`, `trust_list_expired`, …), its warnings are kept.
struct DocumentSignerTrustPolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        let docType = context.docType ?? ""
        let decision = context.trust.documentSignerDecision(chain: context.chain, docType: docType, at: context.time)
        context.trustDecision = decision
        context.warnings += decision.warnings
        guard let reason = decision.reason else { return nil }
        return CredentialError(reason, "document signer of \(docType): \(decision.message)")
    }
}
