import Foundation
import X509

/// One check of a trust decision, after swift-certificates' `VerifierPolicy`: decisions run an ordered list of these
/// and the first that fails gives the reason (docs/architecture.md, Principles). A new rule is a new policy.
///
/// A policy reads what earlier policies established in the ``DecisionContext`` and may add to it (the related
/// entries, the validated chain); it returns nil to pass, or the answer of not trusted.
protocol DecisionPolicy: Sendable {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted?
}

/// What one decision asks about: a certificate chain, or a bare key.
enum DecisionSubject: Sendable {
    /// A chain, leaf first (not empty).
    case chain([Certificate])
    /// A key, by its RFC 7638 SHA-256 thumbprint (base64url).
    case key(thumbprint: String)
}

/// What one decision knows while its policies run: the question (subject, time, profile), the generation it is
/// answered from, and what the policies found so far.
struct DecisionContext<Row: ListedRow> {
    /// The chain asked about, leaf first; empty when the subject is a key.
    let chain: [Certificate]
    /// The key asked about (its thumbprint); nil when the subject is a chain.
    let key: String?
    /// The time of the decision, UTC.
    let time: Date
    /// What the decision asks.
    let profile: DecisionProfile
    /// The generation.
    let index: TrustIndex
    /// The listed entries of the profile's role.
    let table: ListedEntries<Row>
    /// The generation's validated chains of this role.
    let memo: ValidationMemo
    /// Positions (in the index's sources) of the lists consulted: those of the profile's role, restricted to
    /// ``DecisionProfile/onlyLists`` when it names some.
    let kindSources: [Int]
    /// Whether each source is consulted (entries of other lists are not looked at).
    let consulted: [Bool]
    /// Each source's state at ``time`` (only consulted sources are evaluated; others stay `no_trust`).
    let states: [(state: ListState, reason: String?)]
    /// Whether each source may answer at ``time``.
    let usable: [Bool]

    /// Entries of usable lists related to the chain (``RelatedEntryPolicy``).
    var relatedUsable: [Int] = []
    /// Entries of lists that cannot be used, related to the chain.
    var relatedUnusable: [Int] = []
    /// The listed anchor the chain validated to, its docTypes, the validated chain's SHA-256s, leaf first
    /// (``ChainValidationPolicy``), and what the generation's CRLs say of each certificate below the anchor.
    var validated:
        (anchor: TrustDecision.Anchor, docTypes: [String], chain: [String], revocation: [RevocationIndex.Check])?
    /// What the revocation check found (``RevocationPolicy``); nil when the network does not check revocation.
    var revocation: TrustDecision.Revocation?
    /// Warnings of a trusted answer (`revocation_unchecked`).
    var warnings: [ReasonCode] = []

    init(
        subject: DecisionSubject, time: Date, profile: DecisionProfile, index: TrustIndex, table: ListedEntries<Row>,
        memo: ValidationMemo, kindSources: [Int]
    ) {
        switch subject {
        case .chain(let chain): (self.chain, key) = (chain, nil)
        case .key(let thumbprint): (chain, key) = ([], thumbprint)
        }
        self.time = time
        self.profile = profile
        self.index = index
        self.table = table
        self.memo = memo
        self.kindSources = kindSources
        var states = [(state: ListState, reason: String?)](repeating: (.noTrust, nil), count: index.sources.count)
        var usable = [Bool](repeating: false, count: index.sources.count)
        var consulted = [Bool](repeating: false, count: index.sources.count)
        for position in kindSources {
            states[position] = index.sources[position].state(at: time)
            usable[position] = states[position].state.isTrusted
            consulted[position] = true
        }
        self.states = states
        self.usable = usable
        self.consulted = consulted
    }

    /// Whether the source at `position` may answer (-1: an entry whose list is not among the sources).
    func isUsable(_ position: Int) -> Bool { position >= 0 && usable[position] }

    /// Whether the source at `position` is consulted by this decision.
    func isConsulted(_ position: Int) -> Bool { position >= 0 && consulted[position] }

    /// The network whose settings apply to an answer anchored in `anchor`'s list.
    func credentials(of anchor: TrustDecision.Anchor) -> CredentialSettings {
        index.credentials(of: anchor.list.network)
    }

    /// The anchor of an answer: the listed entry and its list.
    func anchor(_ entry: Int) -> TrustDecision.Anchor {
        let row = table.entries[entry]
        let position = table.sources[entry]
        let source = index.sources[position]
        return TrustDecision.Anchor(
            sha256: row.sha256, subject: row.subject, list: source.list, provider: source.provider ?? "",
            issueID: source.issueID, listState: states[position].state, name: row.name)
    }

    /// `trust_list_expired` when one of the lists is expired, else `trust_list_unavailable`, naming each list's state.
    func unusable(_ lists: [Int], _ prefix: String) -> TrustDecision.NotTrusted {
        let expired = lists.contains { states[$0].state == .expired }
        return TrustDecision.NotTrusted(
            reason: expired ? .trustListExpired : .trustListUnavailable,
            message: prefix + ": " + describe(lists), anchor: nil, docTypes: [])
    }

    /// `aamva/rical is expired (signer chain expired at …); …`.
    func describe(_ lists: [Int]) -> String {
        lists.map { position in
            let reason = states[position].reason.map { " (\($0))" } ?? ""
            return "\(index.sources[position].list) is \(states[position].state.rawValue)\(reason)"
        }.joined(separator: "; ")
    }

    /// The distinct list positions of entries, in order.
    func lists(of entries: [Int]) -> [Int] {
        var seen: Set<Int> = []
        return entries.map { table.sources[$0] }.filter { $0 >= 0 && seen.insert($0).inserted }
    }
}
