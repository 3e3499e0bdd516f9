import X509

/// OpenSSL validates the chain at the decision time to a listed entry of a usable list (`chain_invalid` with
/// OpenSSL's text otherwise). Anchors are the related entries that may end a chain (the profile's rule: every listed
/// reader certificate with `isTrustAnchor`, with partial chains; only self-signed IACAs, without; a LoTE's
/// certificates as listed); the other related entries join the chain's own certificates as untrusted intermediates.
/// A key "validates" to the entry that publishes it: the match is exact.
///
/// A successful validation is memoized per generation (``ValidationMemo``), which ``MemoizedValidationPolicy`` reuses.
/// A chain that validates only under lists that cannot be used answers `trust_list_expired` /
/// `trust_list_unavailable`: the list, not the chain, is the problem.
struct ChainValidationPolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard context.validated == nil else { return nil }
        let table = context.table
        let candidates = context.relatedUsable
        if context.key != nil, let entry = candidates.first {
            context.validated = (context.anchor(entry), table.entries[entry].docTypes, [], [])
            return nil
        }
        switch validate(context, candidates: candidates) {
        case .valid(let validated):
            let anchorSHA256 = validated.anchor.sha256Hex
            guard
                let entry = candidates.first(where: {
                    table.entries[$0].sha256 == anchorSHA256 && table.entries[$0].isAnchor
                })
            else {
                // The store holds only candidates, so OpenSSL cannot end elsewhere; answer honestly if it does.
                return TrustDecision.NotTrusted(
                    reason: .chainInvalid,
                    message:
                        "the chain ended in \(validated.anchor.subject), which is not a listed \(context.profile.entryNoun)",
                    anchor: nil, docTypes: [])
            }
            let chain = validated.certificates.map(\.sha256Hex)
            let anchor = context.anchor(entry)
            let revocation = context.index.revocation.checks(
                chain: validated.certificates, network: anchor.list.network)
            let listsUsed = chain.compactMap { sha256 in
                candidates.first(where: { table.entries[$0].sha256 == sha256 })
            }
            context.memo.store(
                ValidationMemo.Entry(
                    anchorSHA256: anchorSHA256, chain: chain,
                    validFrom: validated.certificates.map(\.notBefore).max() ?? context.time,
                    validUntil: validated.certificates.map(\.notAfter).min() ?? context.time,
                    sources: context.lists(of: listsUsed), revocation: revocation),
                for: ValidationMemo.key(context.chain))
            context.validated = (anchor, table.entries[entry].docTypes, chain, revocation)
            return nil
        case .invalid(let failure):
            if !context.relatedUnusable.isEmpty, case .valid = validate(context, candidates: context.relatedUnusable) {
                return context.unusable(
                    context.lists(of: context.relatedUnusable),
                    "the chain validates only to entries of lists that cannot be used at \(Timestamp.text(context.time))"
                )
            }
            var message =
                "the chain does not validate to a listed \(context.profile.entryNoun) at \(Timestamp.text(context.time)): \(failure)"
            if context.profile.anchorRule == .selfSignedRootsOnly,
                !candidates.contains(where: { table.entries[$0].isSelfIssued })
            {
                message += "; the related IACAs are not self-signed, and only a self-signed IACA is a trust anchor"
            }
            for (index, error) in table.undecodable(candidates) {
                message +=
                    "; the listed \(context.profile.entryNoun) \(table.entries[index].sha256) is not used: \(error.reason)"
            }
            return TrustDecision.NotTrusted(reason: .chainInvalid, message: message, anchor: nil, docTypes: [])
        }
    }

    /// Runs OpenSSL with the candidates as anchors or intermediates.
    ///
    /// Under the issuer profile only self-signed IACAs end a chain, except the certificates of a list whose kind
    /// trusts each as listed (``ListKind/endsChainsAsListed``: a LoTE's services; an intermediate CA ends the chain
    /// there, an end-entity certificate is trusted as itself only, since OpenSSL never lets a non-CA certificate issue
    /// another), so such a validation runs with partial chains, the VICAL's non-self-signed entries then joining as
    /// intermediates.
    private func validate<Row: ListedRow>(
        _ context: DecisionContext<Row>, candidates: [Int]
    ) -> ChainValidationResult {
        var anchors: [Certificate] = []
        var intermediates = Array(context.chain.dropFirst())
        var seen: Set<String> = []
        let everyAnchor = context.profile.anchorRule == .everyAnchor
        var partial = everyAnchor
        for index in candidates {
            let entry = context.table.entries[index]
            let position = context.table.sources[index]
            let asListed = position >= 0 && context.index.sources[position].kind.endsChainsAsListed
            let endsChain = entry.isAnchor && (everyAnchor || entry.isSelfIssued || asListed)
            guard seen.insert("\(endsChain) \(entry.sha256)").inserted,
                let certificate = context.table.certificate(index)
            else { continue }
            if endsChain {
                anchors.append(certificate)
                partial = partial || !entry.isSelfIssued
            } else {
                intermediates.append(certificate)
            }
        }
        return ChainValidator(anchors: anchors, anchorRule: partial ? .everyAnchor : context.profile.anchorRule)
            .validate(leaf: context.chain[0], intermediates: intermediates, at: context.time)
    }
}
