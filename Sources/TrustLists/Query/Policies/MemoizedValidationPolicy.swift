/// A chain validated before in this generation (``ValidationMemo``) counts as validated again, without relating it
/// to entries or calling OpenSSL, while the decision time lies inside the validated chain's validity window, every
/// list it drew from is usable, and its anchor is still a listed anchor of a usable list: the answer
/// ``RelatedEntryPolicy`` and ``ChainValidationPolicy`` would give, which then pass. Otherwise it passes and they run.
struct MemoizedValidationPolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        let table = context.table
        guard !context.chain.isEmpty, let hit = context.memo.lookup(ValidationMemo.key(context.chain)), hit.validFrom <= context.time,
            context.time <= hit.validUntil, hit.sources.allSatisfy({ context.isUsable($0) }),
            let entry = table.entries(withSHA256: hit.anchorSHA256).first(where: {
                table.entries[$0].isAnchor && context.isUsable(table.sources[$0])
            })
        else { return nil }
        context.validated = (context.anchor(entry), table.entries[entry].docTypes, hit.chain, hit.revocation)
        return nil
    }
}
