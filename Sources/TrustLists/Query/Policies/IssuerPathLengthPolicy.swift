/// A document signer is issued directly by its IACA: ISO/IEC 18013-5 Annex B.1.2 profiles the IACA with
/// `pathLenConstraint` 0 and B.1.4 the document signer as its direct subject, so a validated chain holds exactly the
/// document signer and the IACA. A longer chain (an intermediate CA between them, possible when an IACA omits
/// pathLenConstraint) is `chain_invalid`, whatever OpenSSL accepted. Applies when the profile says
/// ``DecisionProfile/directlyIssued``.
struct IssuerPathLengthPolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard context.profile.directlyIssued, let validated = context.validated, validated.chain.count > 2 else { return nil }
        let between = validated.chain.count - 2
        return TrustDecision.NotTrusted(
            reason: .chainInvalid,
            message:
                "the chain validates to IACA \(validated.anchor.subject) through \(between) intermediate CA"
                + "\(between == 1 ? "" : "s"); ISO/IEC 18013-5 Annex B requires the document signer to be issued "
                + "directly by the IACA (pathLenConstraint 0)",
            anchor: nil, docTypes: [])
    }
}
