import Foundation
import X509

extension TrustIndex {
    /// The policies of every decision, in order (docs/architecture.md, Queries): the list is usable, the subject
    /// relates to a listed entry, the chain validates to one, no certificate of it is revoked, then what the profile
    /// asks of the path, the leaf and the anchor. The first that fails is the answer. The list is the same for every
    /// profile (a policy the profile does not ask for passes), so it is built once.
    static let policies: [any DecisionPolicy] = policyList {
        UsableListPolicy()
        MemoizedValidationPolicy()
        RelatedEntryPolicy()
        ChainValidationPolicy()
        RevocationPolicy()
        IssuerPathLengthPolicy()
        LeafEKUPolicy()
        LeafKeyUsagePolicy()
        DocTypePolicy()
    }

    private static func policyList(
        @PolicyBuilder<any DecisionPolicy> _ build: () -> [any DecisionPolicy]
    ) -> [any DecisionPolicy] { build() }

    /// A reader decision (``TrustQueries/readerDecision(chain:at:readerEKUExemptNetworks:)``).
    func readerDecision(chain: [Certificate], at time: Date, ekuExemptNetworks: Set<String> = []) -> TrustDecision {
        decide(.chain(chain), at: time, profile: .reader(ekuExemptNetworks: ekuExemptNetworks), table: verifiers)
    }

    /// An issuer decision (``TrustQueries/issuerDecision(chain:docType:at:)``).
    func issuerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        decide(.chain(chain), at: time, profile: .issuer(docType: docType), table: issuers)
    }

    /// An mdoc document signer decision (``TrustQueries/documentSignerDecision(chain:docType:at:)``).
    func documentSignerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        decide(.chain(chain), at: time, profile: .documentSigner(docType: docType), table: issuers)
    }

    /// An SD-JWT VC issuer decision (``TrustQueries/credentialIssuerDecision(chain:vct:at:)``).
    func credentialIssuerDecision(chain: [Certificate], vct: String, at time: Date) -> TrustDecision {
        var lists: Set<ListID> = []
        for network in Set(sources.map(\.list.network)) { lists.formUnion(credentials(of: network).vct[vct] ?? []) }
        return decide(.chain(chain), at: time, profile: .credentialIssuer(vct: vct, lists: lists), table: issuers)
    }

    /// A wallet provider decision (``TrustQueries/walletProviderDecision(chain:at:)``).
    func walletProviderDecision(chain: [Certificate], at time: Date) -> TrustDecision {
        decide(.chain(chain), at: time, profile: .walletProvider, table: walletProviders)
    }

    /// A key decision (``TrustQueries/keyDecision(thumbprint:role:docTypes:at:)``).
    func keyDecision(thumbprint: String, role: AnchorRole, docTypes: [String], at time: Date) -> TrustDecision {
        decide(.key(thumbprint: thumbprint), at: time, profile: .key(role: role, docTypes: docTypes), table: keys[role])
    }

    /// Runs the policies in order; the first failure is the answer, else the subject is trusted.
    private func decide<Row: ListedRow>(
        _ subject: DecisionSubject, at time: Date, profile: DecisionProfile, table: ListedEntries<Row>
    ) -> TrustDecision {
        if case .chain(let chain) = subject, chain.isEmpty {
            return .notTrusted(.chainInvalid, "no certificate was given")
        }
        var kindSources = consulted[profile.role]
        if let only = profile.onlyLists { kindSources = sources.indices.filter { only.contains(sources[$0].list) } }
        if profile.keysOnly { kindSources = kindSources.filter { sources[$0].kind.publishesKeys } }
        var memoKey: DecisionMemo.Key?
        if case .chain(let chain) = subject, let profileKey = profile.memoKey {
            let key = DecisionMemo.Key(chain: ValidationMemo.key(chain), profile: profileKey)
            if let kept = decisions.lookup(key), kept.holds(at: time, in: self) { return kept.decision }
            memoKey = key
        }
        var context = DecisionContext(
            subject: subject, time: time, profile: profile, index: self, table: table,
            memo: memos[profile.role], kindSources: kindSources)
        for policy in Self.policies {
            if let failure = policy.check(&context) { return .notTrusted(failure) }
        }
        guard let validated = context.validated else {
            return .notTrusted(.chainInvalid, "no policy validated the chain")
        }
        let overdue = validated.anchor.listState == .overdue ? "; the list is overdue: refresh it" : ""
        let unchecked =
            context.revocation.map { revocation in
                revocation.state == .fresh ? "" : "; revocation unchecked: \(revocation.state.uncheckedReason)"
            } ?? ""
        let verifiedBy: TrustDecision.VerifiedBy
        let name: String
        switch subject {
        case .chain(let chain):
            name = Self.commonName(chain[0])
            verifiedBy = .certificate(commonName: name)
        case .key(let thumbprint):
            name = thumbprint
            verifiedBy = .key(thumbprint: thumbprint)
        }
        let decision = TrustDecision.trusted(
            TrustDecision.Trusted(
                verifiedBy: verifiedBy, anchor: validated.anchor, docTypes: validated.docTypes,
                chain: validated.chain, message: profile.trustedMessage(name, validated.anchor) + overdue + unchecked,
                revocation: context.revocation, warnings: context.warnings))
        if let memoKey { keep(decision, context, for: memoKey) }
        return decision
    }

    /// Keeps a trusted answer in ``decisions`` with the states it was made under and the window of the validation it
    /// rests on (the ``ValidationMemo`` entry of the chain, which the validation policies just found or stored); keeps
    /// nothing when there is no such entry for this validated chain.
    private func keep<Row: ListedRow>(
        _ decision: TrustDecision, _ context: DecisionContext<Row>, for key: DecisionMemo.Key
    ) {
        guard let validated = context.validated, let validation = context.memo.lookup(key.chain),
            validation.chain == validated.chain
        else { return }
        let issuers = revocation.issuers
        decisions.store(
            DecisionMemo.Entry(
                decision: decision, validFrom: validation.validFrom, validUntil: validation.validUntil,
                lists: context.kindSources.map { ($0, context.states[$0].state) },
                crls: validated.revocation.map { check in
                    (check.issuer, check.issuer.map { issuers[$0].state(at: context.time) } ?? .none)
                }),
            for: key)
    }

    /// The leaf's commonName, or its RFC 4514 subject when it has none.
    static func commonName(_ leaf: Certificate) -> String { leaf.subject.commonName ?? leaf.subject.rfc4514 }
}
