import Foundation
import X509

extension TrustIndex {
    /// The listed services of `roles` in LoTEs usable at `time`, with their list's position and state.
    private func services(
        _ roles: Set<LoTEServiceRole>, at time: Date
    ) -> (usable: [(Snapshot.Service, Int, ListState)], unusable: [Int]) {
        var usable: [(Snapshot.Service, Int, ListState)] = []
        var unusable: Set<Int> = []
        var positions: [ListID: Int] = [:]
        for (index, source) in sources.enumerated() where positions[source.list] == nil {
            positions[source.list] = index
        }
        for service in snapshot.services where service.listed {
            guard let role = service.role, roles.contains(role), let position = positions[service.source] else {
                continue
            }
            let state = sources[position].state(at: time).state
            if state.isTrusted { usable.append((service, position, state)) } else { unusable.insert(position) }
        }
        return (usable, unusable.sorted())
    }

    /// The LoTEs configured for a role, by their list type (when `byListType`) or by holding such services: for
    /// messages.
    private func lists(for roles: Set<LoTEServiceRole>, byListType: Bool) -> [Int] {
        sources.indices.filter { position in
            let source = sources[position]
            guard source.kind == .lote else { return false }
            if byListType, !LoTEServiceRole.consulted(forListType: source.loteType).isDisjoint(with: roles) {
                return true
            }
            return snapshot.services.contains { $0.source == source.list && $0.role.map(roles.contains) == true }
        }
    }

    /// Not trusted because no list can answer: `trust_list_unavailable`, or `trust_list_expired` when one is expired.
    private func unavailable(_ positions: [Int], at time: Date, what: String) -> TrustDecision {
        let states = positions.map { sources[$0].state(at: time) }
        let expired = states.contains { $0.state == .expired }
        let described = zip(positions, states).map { position, state in
            "\(sources[position].list) is \(state.state.rawValue)" + (state.reason.map { " (\($0))" } ?? "")
        }
        return .notTrusted(
            TrustDecision.NotTrusted(
                reason: expired ? .trustListExpired : .trustListUnavailable,
                message: positions.isEmpty
                    ? "no \(what) is configured"
                    : "no \(what) can be used at \(Timestamp.text(time)): " + described.joined(separator: "; "),
                anchor: nil, docTypes: []))
    }

    private func anchor(
        _ service: Snapshot.Service, sha256: String, subject: String, position: Int, state: ListState
    ) -> TrustDecision.Anchor {
        let source = sources[position]
        return TrustDecision.Anchor(
            sha256: sha256, subject: subject, list: source.list, provider: source.provider ?? "",
            issueID: source.issueID, listState: state, name: service.entity)
    }

    /// A wallet provider decision: the chain (leaf first) validated by OpenSSL at `time` to a certificate of a current
    /// `…/WalletSolution/Issuance` service of a usable LoTE, each such certificate ending a chain as listed (partial
    /// chains: an end-entity certificate is trusted as itself only).
    func walletProviderDecision(chain: [Certificate], at time: Date) -> TrustDecision {
        let what = "wallet providers LoTE"
        let found = services([.walletProvider], at: time)
        guard !chain.isEmpty else {
            return .notTrusted(
                TrustDecision.NotTrusted(
                    reason: .chainInvalid, message: "no certificate was given", anchor: nil, docTypes: []))
        }
        guard !found.usable.isEmpty else {
            let configured = lists(for: [.walletProvider], byListType: true)
            return unavailable(found.unusable.isEmpty ? configured : found.unusable, at: time, what: what)
        }
        var anchors: [Certificate] = []
        for (service, _, _) in found.usable {
            anchors += service.certificates.compactMap { verified.certificates[$0] }
        }
        let result = ChainValidator(anchors: anchors, anchorRule: .everyAnchor)
            .validate(leaf: chain[0], intermediates: Array(chain.dropFirst()), at: time)
        switch result {
        case .valid(let validated):
            let anchorSHA = validated.anchor.sha256Hex
            guard let (service, position, state) = found.usable.first(where: { $0.0.certificates.contains(anchorSHA) })
            else {
                return .notTrusted(
                    TrustDecision.NotTrusted(
                        reason: .chainInvalid, message: "the chain ended in a certificate no service lists",
                        anchor: nil, docTypes: []))
            }
            let anchor = anchor(
                service, sha256: anchorSHA, subject: validated.anchor.subject.rfc4514, position: position,
                state: state)
            let name = Self.commonName(chain[0])
            return .trusted(
                TrustDecision.Trusted(
                    verifiedBy: .certificate(commonName: name), anchor: anchor, docTypes: [],
                    chain: validated.certificates.map(\.sha256Hex),
                    message: "\(name) is a trusted wallet provider: its chain validates to \(anchor.subject), listed "
                        + "for \(service.entity) in \(anchor.list) (\(anchor.provider))"))
        case .invalid(let failure):
            return .notTrusted(
                TrustDecision.NotTrusted(
                    reason: .notOnTrustList,
                    message: "the chain does not validate to a wallet provider's certificate of "
                        + Set(found.usable.map { sources[$0.1].list.description }).sorted().joined(separator: ", ")
                        + " at \(Timestamp.text(time)): \(failure)", anchor: nil, docTypes: []))
        }
    }

    /// Whether a key is published by a current service of `roles` in a usable LoTE, compared by RFC 7638 thumbprint
    /// (`PublicKeyValues`, ETSI TS 119 602); for issuer roles the service's docTypes must cover `docTypes`. A trusted
    /// answer's anchor names the service: `sha256` is the key's thumbprint (base64url), `subject` the service's name,
    /// `name` its entity; `chain` is empty.
    func keyDecision(
        thumbprint: String, roles: Set<LoTEServiceRole>, docTypes: [String], at time: Date
    ) -> TrustDecision {
        let what = "LoTE with services of this role"
        let found = services(roles, at: time)
        let matching = found.usable.filter { service, _, _ in
            service.keyThumbprints.contains(thumbprint) && Set(docTypes).isSubset(of: service.role?.docTypes ?? [])
        }
        guard let (service, position, state) = matching.first else {
            if found.usable.isEmpty {
                let configured = lists(for: roles, byListType: false)
                return unavailable(found.unusable.isEmpty ? configured : found.unusable, at: time, what: what)
            }
            return .notTrusted(
                TrustDecision.NotTrusted(
                    reason: .notOnTrustList,
                    message: "no current service of "
                        + Set(found.usable.map { sources[$0.1].list.description }).sorted().joined(separator: ", ")
                        + " publishes the key with RFC 7638 thumbprint \(thumbprint)"
                        + (docTypes.isEmpty ? "" : " for " + docTypes.joined(separator: ", ")),
                    anchor: nil, docTypes: []))
        }
        let anchor = anchor(service, sha256: thumbprint, subject: service.name, position: position, state: state)
        return .trusted(
            TrustDecision.Trusted(
                verifiedBy: .certificate(commonName: service.entity), anchor: anchor,
                docTypes: service.role?.docTypes ?? [], chain: [],
                message: "the key \(thumbprint) is published by \(service.entity) (\(service.type)) in \(anchor.list) "
                    + "(\(anchor.provider))"))
    }
}
