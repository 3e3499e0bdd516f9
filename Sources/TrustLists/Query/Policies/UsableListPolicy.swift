/// First check of every decision: a list of the kind asked about is configured (`trust_list_unavailable`), and one
/// is usable at the decision time (`trust_list_expired` when one is expired, else `trust_list_unavailable`). A list
/// that is `no_trust` or `expired` is never answered as trusted (docs/architecture.md, List states).
struct UsableListPolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        let kindName = context.profile.listNoun
        guard !context.kindSources.isEmpty else {
            return TrustDecision.NotTrusted(
                reason: .trustListUnavailable,
                message: "no \(kindName) is configured, so no \(context.profile.leafNoun) is trusted", anchor: nil,
                docTypes: [])
        }
        // A closure, not `context.isUsable` itself: a method taken as a value copies the whole context each decision.
        guard context.kindSources.contains(where: { context.isUsable($0) }) else {
            return context.unusable(
                context.kindSources, "no \(kindName) can be used at \(Timestamp.text(context.time))")
        }
        return nil
    }
}
