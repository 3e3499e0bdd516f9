import Foundation
import X509

extension TrustIndex {
    /// The policies of a reader decision, in order (see ``TrustQueries/readerDecision(chain:at:readerEKUExemptNetworks:)``).
    static func readerPolicies(ekuExemptNetworks: Set<String>) -> [any DecisionPolicy] {
        [
            UsableListPolicy(), MemoizedValidationPolicy(), RelatedEntryPolicy(), ChainValidationPolicy(),
            RevocationPolicy(), LeafEKUPolicy(exemptNetworks: ekuExemptNetworks), LeafKeyUsagePolicy(),
        ]
    }

    /// The policies of an issuer decision, in order (see ``TrustQueries/issuerDecision(chain:docType:at:)``).
    static func issuerPolicies(docType: String) -> [any DecisionPolicy] {
        [
            UsableListPolicy(), MemoizedValidationPolicy(), RelatedEntryPolicy(), ChainValidationPolicy(),
            RevocationPolicy(), IssuerPathLengthPolicy(),
            LeafEKUPolicy(), DocTypePolicy(docType: docType),
        ]
    }

    /// A reader decision.
    func readerDecision(chain: [Certificate], at time: Date, ekuExemptNetworks: Set<String> = []) -> TrustDecision {
        decide(
            chain, at: time, profile: .reader, table: verifiers, memo: readerMemo, kindSources: ricalSources,
            policies: Self.readerPolicies(ekuExemptNetworks: ekuExemptNetworks)
        ) { name, anchor in
            "\(name) is a trusted reader: its chain validates to \(anchor.subject), listed in \(anchor.list) "
                + "(\(anchor.provider))"
        }
    }

    /// An issuer decision.
    func issuerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        decide(
            chain, at: time, profile: .issuer, table: issuers, memo: issuerMemo, kindSources: vicalSources,
            policies: Self.issuerPolicies(docType: docType)
        ) { name, anchor in
            "\(name) may sign \(docType): its chain validates to IACA \(anchor.subject), listed in \(anchor.list) "
                + "(\(anchor.provider))"
        }
    }

    /// Runs the policies in order; the first failure is the answer, else the chain is trusted.
    private func decide<Row: ListedRow>(
        _ chain: [Certificate], at time: Date, profile: QueryProfile, table: ListedEntries<Row>, memo: ValidationMemo,
        kindSources: [Int], policies: [any DecisionPolicy],
        trustedMessage: (_ name: String, _ anchor: TrustDecision.Anchor) -> String
    ) -> TrustDecision {
        guard !chain.isEmpty else {
            return .notTrusted(
                TrustDecision.NotTrusted(
                    reason: .chainInvalid, message: "no certificate was given", anchor: nil, docTypes: []))
        }
        var context = DecisionContext(
            chain: chain, time: time, profile: profile, index: self, table: table, memo: memo,
            kindSources: kindSources)
        for policy in policies {
            if let failure = policy.check(&context) { return .notTrusted(failure) }
        }
        guard let validated = context.validated else {
            return .notTrusted(
                TrustDecision.NotTrusted(
                    reason: .chainInvalid, message: "no policy validated the chain", anchor: nil, docTypes: []))
        }
        let name = Self.commonName(chain[0])
        let overdue = validated.anchor.listState == .overdue ? "; the list is overdue: refresh it" : ""
        let unchecked =
            context.revocation.map { revocation in
                revocation.state == .fresh
                    ? "" : "; revocation unchecked: \(revocation.state.uncheckedReason)"
            } ?? ""
        return .trusted(
            TrustDecision.Trusted(
                verifiedBy: .certificate(commonName: name), anchor: validated.anchor, docTypes: validated.docTypes,
                chain: validated.chain, message: trustedMessage(name, validated.anchor) + overdue + unchecked,
                revocation: context.revocation, warnings: context.warnings))
    }

    /// The leaf's commonName, or its RFC 4514 subject when it has none.
    static func commonName(_ leaf: Certificate) -> String { leaf.subject.commonName ?? leaf.subject.rfc4514 }
}
