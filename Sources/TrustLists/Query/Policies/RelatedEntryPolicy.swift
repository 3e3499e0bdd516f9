/// The chain relates to an entry of a usable list: an entry is a chain certificate (direct listing), its issuer by
/// Name, or its authority key by SKI (docs/architecture.md, Queries). Else the answer is `trust_list_expired` /
/// `trust_list_unavailable` when it relates only to entries of lists that cannot be used, and `not_on_trust_list`
/// when it relates to nothing listed. A chain already validated (``MemoizedValidationPolicy``) passes.
struct RelatedEntryPolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard context.validated == nil else { return nil }
        let related = context.table.related(to: context.chain)
        context.relatedUsable = related.filter { context.isUsable(context.table.sources[$0]) }
        context.relatedUnusable = related.filter { !context.isUsable(context.table.sources[$0]) }
        guard context.relatedUsable.isEmpty else { return nil }
        if !context.relatedUnusable.isEmpty {
            return context.unusable(
                context.lists(of: context.relatedUnusable),
                "the chain relates only to entries of lists that cannot be used at \(Timestamp.text(context.time))")
        }
        let profile = context.profile
        let consulted = context.kindSources.filter(context.isUsable).map { context.index.sources[$0].list.description }
        let top = context.chain[context.chain.count - 1]
        var message =
            "no \(profile.entryNoun) of \(consulted.joined(separator: ", ")) is a certificate of this chain or issued "
            + "one (its top certificate is issued by \(top.issuer))"
        let skipped = context.kindSources.filter { !context.isUsable($0) }
        if !skipped.isEmpty { message += "; not consulted: " + context.describe(skipped) }
        return TrustDecision.NotTrusted(reason: .notOnTrustList, message: message, anchor: nil, docTypes: [])
    }
}
