import Foundation
import X509

/// The subject relates to an entry of a usable list the decision consults: for a chain, an entry is a chain
/// certificate (direct listing), its issuer by Name, or its authority key by SKI; for a key, an entry publishes it
/// (docs/architecture.md, Queries). Else the answer is `trust_list_expired` / `trust_list_unavailable` when it relates
/// only to entries of lists that cannot be used, and `not_on_trust_list` when it relates to nothing listed (saying
/// when a LoTE lists it under a service that is withdrawn, or when only lists the decision does not consult list it).
/// A chain already validated (``MemoizedValidationPolicy``) passes.
struct RelatedEntryPolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard context.validated == nil else { return nil }
        let table = context.table
        let all = context.key.map { table.entries(withSHA256: $0) } ?? table.related(to: context.chain)
        let related = all.filter { context.isConsulted(table.sources[$0]) }
        context.relatedUsable = related.filter { context.isUsable(table.sources[$0]) }
        context.relatedUnusable = related.filter { !context.isUsable(table.sources[$0]) }
        guard context.relatedUsable.isEmpty else { return nil }
        if !context.relatedUnusable.isEmpty {
            return context.unusable(
                context.lists(of: context.relatedUnusable),
                "the \(context.key == nil ? "chain" : "key") relates only to entries of lists that cannot be used at "
                    + Timestamp.text(context.time))
        }
        let profile = context.profile
        let consulted = context.kindSources.filter(context.isUsable).map { context.index.sources[$0].list.description }
        var message: String
        if let key = context.key {
            message = "no service of \(consulted.joined(separator: ", ")) publishes the key with RFC 7638 thumbprint \(key)"
        } else {
            let top = context.chain[context.chain.count - 1]
            message =
                "no \(profile.entryNoun) of \(consulted.joined(separator: ", ")) is a certificate of this chain or "
                + "issued one (its top certificate is issued by \(top.issuer))"
        }
        let elsewhere = context.lists(of: all.filter { !context.isConsulted(table.sources[$0]) })
        if !elsewhere.isEmpty {
            message +=
                "; \(elsewhere.map { context.index.sources[$0].list.description }.joined(separator: ", ")) "
                + "list\(elsewhere.count == 1 ? "s" : "") it, but \(elsewhere.count == 1 ? "is" : "are") not consulted "
                + "for a \(profile.listNoun)"
        }
        if let withdrawn = context.withdrawnService() { message += "; " + withdrawn }
        let skipped = context.kindSources.filter { !context.isUsable($0) }
        if !skipped.isEmpty { message += "; not consulted: " + context.describe(skipped) }
        return TrustDecision.NotTrusted(reason: .notOnTrustList, message: message, anchor: nil, docTypes: [])
    }
}

extension DecisionContext {
    /// A LoTE service of the decision's role that lists the subject (one of the chain's certificates, or a key that
    /// issued one by SKI; or the key asked about) but no longer counts, in words: `<entity> is listed in <list> by
    /// <service>, withdrawn from <time>`; nil when there is none.
    func withdrawnService() -> String? {
        let shas = Set(chain.map(\.sha256Hex))
        let akis = Set(chain.compactMap { $0.authorityKeyIdentifier.map(hexString) })
        let service = index.snapshot.services.first { service in
            guard !service.listed, service.role?.anchorRole == profile.role else { return false }
            if let key { return service.keyThumbprints.contains(key) }
            if service.certificates.contains(where: shas.contains) || service.skis.contains(where: akis.contains) {
                return true
            }
            // A certificate of the service that issued one of the chain's, by key identifier or Name.
            return service.certificates.contains { sha in
                guard let listed = index.verified.certificates[sha] else { return false }
                let ski = listed.subjectKeyIdentifier.map(hexString)
                return ski.map(akis.contains) ?? false || chain.contains { $0.issuer == listed.subject }
            }
        }
        guard let service else { return nil }
        let status = service.status?.split(separator: "/").last.map(String.init) ?? "ended"
        let from = service.statusStartingTime.map { " from \(Timestamp.text($0))" } ?? ""
        return "\(service.entity) is listed in \(service.source) by its service \"\(service.name)\", "
            + "\(status.lowercased())\(from)"
    }
}
