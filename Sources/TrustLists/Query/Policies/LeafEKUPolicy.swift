import X509

/// The leaf's extended key usage, by the profile's rule (``DecisionProfile/LeafEKU``): a reader must carry
/// 1.0.18013.5.1.6 (ISO/IEC 18013-5 Table B.8; `reader_eku`) unless its network is exempt for OpenID4VP; a document
/// signer asked about by chain 1.0.18013.5.1.2 (Table B.3; `document_signer_eku`); the document signer of an mdoc one
/// of its network's `credentials.documentSignerEKUs` and a keyUsage extension with digitalSignature (Annex B.1.4;
/// `document_signer_profile`); a credential issuer nothing, but a leaf whose EKUs exclude signing credentials is
/// trusted with the warning `issuer_eku`. A failure carries the anchor the chain did validate to.
struct LeafEKUPolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard let validated = context.validated, let leaf = context.chain.first else { return nil }
        let anchor = validated.anchor
        func refuse(_ reason: ReasonCode, _ lacks: String) -> TrustDecision.NotTrusted {
            let has =
                leaf.extendedKeyUsage.map { $0.isEmpty ? "an empty EKU" : "EKU \($0.joined(separator: ", "))" }
                ?? "no EKU extension"
            return TrustDecision.NotTrusted(
                reason: reason,
                message: "the chain validates to \(anchor.subject) (\(anchor.list)), but the leaf \(leaf.subject) is "
                    + "not a \(context.profile.leafNoun): \(lacks) (it has \(has))",
                anchor: anchor, docTypes: validated.docTypes)
        }
        switch context.profile.leafEKU {
        case .none:
            return nil
        case .required(let oid, let reason, let exempt):
            guard !leaf.hasExtendedKeyUsage(oid), !exempt.contains(anchor.list.network) else { return nil }
            return refuse(reason, "it lacks EKU \(oid)")
        case .documentSigner:
            let allowed = context.credentials(of: anchor).documentSignerEKUs
            // Table B.3 gives the document signer a keyUsage extension with digitalSignature: a certificate without
            // the extension does not meet the profile, whatever RFC 5280 allows an unrestricted key.
            guard let usage = leaf.keyUsage else {
                return refuse(
                    .documentSignerProfile,
                    "it has no keyUsage extension; ISO/IEC 18013-5 Table B.3 requires one with digitalSignature")
            }
            if !usage.contains(.digitalSignature) {
                return refuse(
                    .documentSignerProfile,
                    "its keyUsage (\(usage.names.joined(separator: ", "))) lacks digitalSignature (ISO/IEC 18013-5 "
                        + "Table B.3)")
            }
            guard !allowed.contains(where: leaf.hasExtendedKeyUsage) else { return nil }
            return refuse(
                .documentSignerProfile,
                "it carries none of the document signer EKUs \(allowed.joined(separator: ", ")) of "
                    + "\(anchor.list.network)'s credentials.documentSignerEKUs")
        case .warnUnlessCredentialSigning:
            guard let ekus = leaf.extendedKeyUsage else { return nil }
            let signing = context.credentials(of: anchor).documentSignerEKUs + [OID.anyExtendedKeyUsage]
            if !ekus.contains(where: signing.contains) { context.warnings.append(.issuerEKU) }
            return nil
        }
    }
}
