import Foundation
import X509

extension TrustIndex {
    /// What the part shared by both queries found: a final answer, or the listed anchor the chain validated to.
    enum ChainOutcome {
        /// The answer is already known (list unusable, not on the list, chain invalid).
        case decided(TrustDecision)
        /// The chain validated to a listed anchor with these docTypes (issuers); the caller checks the leaf's EKU
        /// (and the docType).
        case validated(anchor: TrustDecision.Anchor, docTypes: [String], chain: [String])
    }

    /// A reader decision (see ``TrustQueries/readerDecision(chain:at:)``).
    func readerDecision(chain: [Certificate], at time: Date) -> TrustDecision {
        switch checkChain(
            chain, at: time, profile: .reader, table: verifiers, memo: readerMemo, kindSources: ricalSources)
        {
        case .decided(let decision):
            return decision
        case .validated(let anchor, _, let validated):
            let leaf = chain[0]
            if let failure = ekuFailure(leaf, anchor: anchor, profile: .reader, docTypes: []) { return failure }
            let name = Self.commonName(leaf)
            return .trusted(
                TrustDecision.Trusted(
                    verifiedBy: .certificate(commonName: name), anchor: anchor, docTypes: [], chain: validated,
                    message: "\(name) is a trusted reader: its chain validates to \(anchor.subject), listed in "
                        + "\(anchor.list) (\(anchor.provider))\(Self.overdueNote(anchor))"))
        }
    }

    /// An issuer decision (see ``TrustQueries/issuerDecision(chain:docType:at:)``).
    func issuerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        switch checkChain(
            chain, at: time, profile: .issuer, table: issuers, memo: issuerMemo, kindSources: vicalSources)
        {
        case .decided(let decision):
            return decision
        case .validated(let anchor, let docTypes, let validated):
            let leaf = chain[0]
            if let failure = ekuFailure(leaf, anchor: anchor, profile: .issuer, docTypes: docTypes) {
                return failure
            }
            guard docTypes.contains(docType) else {
                return .notTrusted(
                    .docTypeNotAuthorized,
                    "IACA \(anchor.subject) (\(anchor.list)) is listed for \(docTypes.joined(separator: ", ")), "
                        + "not for \(docType)", anchor: anchor, docTypes: docTypes)
            }
            let name = Self.commonName(leaf)
            return .trusted(
                TrustDecision.Trusted(
                    verifiedBy: .certificate(commonName: name), anchor: anchor, docTypes: docTypes,
                    chain: validated,
                    message: "\(name) may sign \(docType): its chain validates to IACA \(anchor.subject), listed in "
                        + "\(anchor.list) (\(anchor.provider))\(Self.overdueNote(anchor))"))
        }
    }

    /// The checks both queries share, in order: a list of the kind is configured and usable at `time`; the chain
    /// relates to entries of usable lists (else: of unusable ones, or of none); OpenSSL validates it to one of them.
    func checkChain<Row: ListedRow>(
        _ chain: [Certificate], at time: Date, profile: QueryProfile, table: ListedEntries<Row>, memo: ValidationMemo,
        kindSources: [Int]
    ) -> ChainOutcome {
        guard !chain.isEmpty else { return .decided(.notTrusted(.chainInvalid, "no certificate was given")) }
        let kindName = profile.kind.displayName
        guard !kindSources.isEmpty else {
            return .decided(
                .notTrusted(.trustListUnavailable, "no \(kindName) is configured, so no \(profile.leafNoun) is trusted")
            )
        }
        var states = [(state: ListState, reason: String?)](repeating: (.noTrust, nil), count: sources.count)
        var usableFlags = [Bool](repeating: false, count: sources.count)
        for index in kindSources {
            states[index] = sources[index].state(at: time)
            usableFlags[index] = states[index].state.isTrusted
        }
        func usable(_ source: Int) -> Bool { source >= 0 && usableFlags[source] }

        // A memoized validation of the same chain, still inside its validity window, from lists still usable.
        let key = ValidationMemo.key(chain)
        if let hit = memo.lookup(key), hit.validFrom <= time, time <= hit.validUntil,
            hit.sources.allSatisfy(usable),
            let index = table.entries(withSHA256: hit.anchorSHA256).first(where: {
                table.entries[$0].isAnchor && usable(table.sources[$0])
            })
        {
            let entry = table.entries[index]
            return .validated(
                anchor: anchor(entry, source: table.sources[index], state: states[table.sources[index]].state),
                docTypes: entry.docTypes, chain: hit.chain)
        }

        let related = table.related(to: chain)
        let relatedUsable = related.filter { usable(table.sources[$0]) }
        let relatedUnusable = related.filter { !usable(table.sources[$0]) }
        guard !relatedUsable.isEmpty else {
            if !relatedUnusable.isEmpty {
                let lists = unique(relatedUnusable.map { table.sources[$0] }.filter { $0 >= 0 })
                return .decided(
                    unusable(
                        lists, states: states,
                        "the chain relates only to entries of lists that cannot be used at \(Timestamp.text(time))"))
            }
            guard kindSources.contains(where: usable) else {
                return .decided(
                    unusable(kindSources, states: states, "no \(kindName) can be used at \(Timestamp.text(time))"))
            }
            return .decided(
                notOnList(chain, kindSources: kindSources, usable: usableFlags, states: states, profile: profile))
        }

        switch validate(chain, candidates: relatedUsable, in: table, profile: profile, at: time) {
        case .valid(let validated):
            let anchorSHA256 = validated.anchor.sha256Hex
            guard
                let index = relatedUsable.first(where: {
                    table.entries[$0].sha256 == anchorSHA256 && table.entries[$0].isAnchor
                })
            else {
                // The store holds only candidates, so OpenSSL cannot end elsewhere; answer honestly if it does.
                return .decided(
                    .notTrusted(
                        .chainInvalid,
                        "the chain ended in \(validated.anchor.subject), which is not a listed \(profile.entryNoun)"))
            }
            let entry = table.entries[index]
            let chainSHA256 = validated.certificates.map(\.sha256Hex)
            var listsUsed: [Int] = []
            for sha256 in chainSHA256 {
                if let used = relatedUsable.first(where: { table.entries[$0].sha256 == sha256 }) {
                    listsUsed.append(table.sources[used])
                }
            }
            memo.store(
                ValidationMemo.Entry(
                    anchorSHA256: anchorSHA256, chain: chainSHA256,
                    validFrom: validated.certificates.map(\.notBefore).max() ?? time,
                    validUntil: validated.certificates.map(\.notAfter).min() ?? time, sources: unique(listsUsed)),
                for: key)
            return .validated(
                anchor: anchor(entry, source: table.sources[index], state: states[table.sources[index]].state),
                docTypes: entry.docTypes, chain: chainSHA256)
        case .invalid(let failure):
            // The chain may belong under an unusable list only: then the list, not the chain, is the answer.
            if !relatedUnusable.isEmpty,
                case .valid = validate(chain, candidates: relatedUnusable, in: table, profile: profile, at: time)
            {
                let lists = unique(relatedUnusable.map { table.sources[$0] }.filter { $0 >= 0 })
                return .decided(
                    unusable(
                        lists, states: states,
                        "the chain validates only to entries of lists that cannot be used at \(Timestamp.text(time))"))
            }
            var message =
                "the chain does not validate to a listed \(profile.entryNoun) at \(Timestamp.text(time)): \(failure)"
            if profile.anchorRule == .selfSignedRootsOnly,
                !relatedUsable.contains(where: { table.entries[$0].isSelfIssued })
            {
                message += "; the related IACAs are not self-signed, and only a self-signed IACA is a trust anchor"
            }
            return .decided(.notTrusted(.chainInvalid, message))
        }
    }

    /// Runs OpenSSL with the candidates: anchors are the entries that may end a chain, the rest join the chain's own
    /// certificates as untrusted intermediates.
    private func validate<Row: ListedRow>(
        _ chain: [Certificate], candidates: [Int], in table: ListedEntries<Row>, profile: QueryProfile, at time: Date
    ) -> ChainValidationResult {
        var anchors: [Certificate] = []
        var intermediates = Array(chain.dropFirst())
        var seen: Set<String> = []
        for index in candidates {
            let entry = table.entries[index]
            guard seen.insert("\(entry.isAnchor) \(entry.sha256)").inserted, let certificate = table.certificate(index)
            else { continue }
            if entry.isAnchor { anchors.append(certificate) } else { intermediates.append(certificate) }
        }
        return ChainValidator(anchors: anchors, anchorRule: profile.anchorRule)
            .validate(leaf: chain[0], intermediates: intermediates, at: time)
    }

    private func ekuFailure(
        _ leaf: Certificate, anchor: TrustDecision.Anchor, profile: QueryProfile, docTypes: [String]
    ) -> TrustDecision? {
        guard !leaf.hasExtendedKeyUsage(profile.leafEKU) else { return nil }
        let has = leaf.extendedKeyUsage.map { $0.isEmpty ? "an empty EKU" : "EKU \($0.joined(separator: ", "))" }
        return .notTrusted(
            profile.ekuReason,
            "the chain validates to \(anchor.subject) (\(anchor.list)), but the leaf \(leaf.subject) is not a "
                + "\(profile.leafNoun): it lacks EKU \(profile.leafEKU) (it has \(has ?? "no EKU extension"))",
            anchor: anchor, docTypes: docTypes)
    }

    private func notOnList(
        _ chain: [Certificate], kindSources: [Int], usable: [Bool], states: [(state: ListState, reason: String?)],
        profile: QueryProfile
    ) -> TrustDecision {
        let consulted = kindSources.filter { usable[$0] }.map { sources[$0].list.description }
        let top = chain[chain.count - 1]
        var message =
            "no \(profile.entryNoun) of \(consulted.joined(separator: ", ")) is a certificate of this chain or issued "
            + "one (its top certificate is issued by \(top.issuer))"
        let skipped = kindSources.filter { !usable[$0] }
        if !skipped.isEmpty {
            message += "; not consulted: " + describe(skipped, states: states)
        }
        return .notTrusted(.notOnTrustList, message)
    }

    /// `trust_list_expired` when one of the lists is expired, else `trust_list_unavailable`.
    private func unusable(
        _ lists: [Int], states: [(state: ListState, reason: String?)], _ prefix: String
    ) -> TrustDecision {
        let expired = lists.contains { states[$0].state == .expired }
        return .notTrusted(
            expired ? .trustListExpired : .trustListUnavailable, prefix + ": " + describe(lists, states: states))
    }

    private func describe(_ lists: [Int], states: [(state: ListState, reason: String?)]) -> String {
        lists.map { index in
            let reason = states[index].reason.map { " (\($0))" } ?? ""
            return "\(sources[index].list) is \(states[index].state.rawValue)\(reason)"
        }.joined(separator: "; ")
    }

    private func anchor(_ entry: some ListedRow, source position: Int, state: ListState) -> TrustDecision.Anchor {
        let source = sources[position]
        return TrustDecision.Anchor(
            sha256: entry.sha256, subject: entry.subject, list: source.list, provider: source.provider ?? "",
            issueID: source.issueID, listState: state, name: entry.name)
    }

    private static func overdueNote(_ anchor: TrustDecision.Anchor) -> String {
        anchor.listState == .overdue ? "; the list is overdue: refresh it" : ""
    }

    /// The leaf's commonName, or its RFC 4514 subject when it has none.
    static func commonName(_ leaf: Certificate) -> String { leaf.subject.commonName ?? leaf.subject.rfc4514 }

    private func unique(_ values: [Int]) -> [Int] {
        var seen: Set<Int> = []
        return values.filter { seen.insert($0).inserted }
    }
}
