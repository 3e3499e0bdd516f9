/// The IACA the chain validated to may issue the docType asked about: its docTypes (merged over its SKI group, see
/// ``Snapshot/Issuer``) include it (ISO/IEC 18013-5 Annex C: a VICAL entry's `docType`); else
/// `doctype_not_authorized`. Checks each of the profile's ``DecisionProfile/docTypes``, in order.
struct DocTypePolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard let validated = context.validated,
            let docType = context.profile.docTypes.first(where: { !validated.docTypes.contains($0) })
        else { return nil }
        let anchor = validated.anchor
        return TrustDecision.NotTrusted(
            reason: .docTypeNotAuthorized,
            message: "IACA \(anchor.subject) (\(anchor.list)) is listed for "
                + "\(validated.docTypes.joined(separator: ", ")), not for \(docType)",
            anchor: anchor, docTypes: validated.docTypes)
    }
}
