/// Step 5a (ISO/IEC 18013-5 §9.3.1 step 5): the MSO's `docType` is the Document's. Refusal: `doctype_mismatch`.
struct DocTypeBindingPolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        guard let mso = context.mso else { return CredentialError(.malformedMDoc, "no MSO") }
        let docType = context.docType ?? ""
        guard mso.docType == docType else {
            return CredentialError(
                .docTypeMismatch,
                "\(context.issuerAuthPath).payload.docType: the MSO is for \(mso.docType), the document is \(docType)")
        }
        return nil
    }
}
