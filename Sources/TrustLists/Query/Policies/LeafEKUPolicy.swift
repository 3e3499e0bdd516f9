/// The leaf carries the profile's EKU: 1.0.18013.5.1.6 for a reader (ISO/IEC 18013-5 Table B.8), 1.0.18013.5.1.2 for a
/// document signer (Table B.3); else `reader_eku` / `document_signer_eku`, with the anchor the chain did validate to.
///
/// `exemptNetworks` names networks whose readers need not carry the EKU: OpenID4VP requests of networks whose access
/// certificates carry none (docs/architecture.md, Presentation); never used for ISO/IEC 18013-5 ReaderAuth or issuers.
struct LeafEKUPolicy: DecisionPolicy {
    var exemptNetworks: Set<String> = []

    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard let validated = context.validated else { return nil }
        let leaf = context.chain[0]
        let profile = context.profile
        guard !leaf.hasExtendedKeyUsage(profile.leafEKU), !exemptNetworks.contains(validated.anchor.list.network)
        else { return nil }
        let has = leaf.extendedKeyUsage.map { $0.isEmpty ? "an empty EKU" : "EKU \($0.joined(separator: ", "))" }
        return TrustDecision.NotTrusted(
            reason: profile.ekuReason,
            message: "the chain validates to \(validated.anchor.subject) (\(validated.anchor.list)), but the leaf "
                + "\(leaf.subject) is not a \(profile.leafNoun): it lacks EKU \(profile.leafEKU) (it has "
                + "\(has ?? "no EKU extension"))",
            anchor: validated.anchor, docTypes: validated.docTypes)
    }
}
