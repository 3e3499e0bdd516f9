import Foundation

/// Each certificate of the validated chain below the anchor is checked against its issuer's CRL, verified by this
/// process against the listed CA (docs/architecture.md, "Revocation"; RFC 5280 §6.3): a listed serial is `revoked`
/// in every mode. Otherwise, by the network's `revocation.mode`: `off` checks nothing; `warn` trusts, with the
/// warning `revocation_unchecked` when an issuer's CRL is not fresh; `require` answers `revocation_unavailable`
/// when an issuer's CRL is `missing` or `expired` (`stale` is within the grace period; a CA that names no source,
/// `none`, has nothing to require and gets the warning).
///
/// What the CRLs say of a chain is fixed for a generation and memoized with its validation; only the CRL states
/// are evaluated at the decision's time.
struct RevocationPolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard let validated = context.validated, !validated.revocation.isEmpty else { return nil }
        let index = context.index.revocation
        guard let settings = index.settings[validated.anchor.list.network] else { return nil }
        var weakest: (rank: Int, revocation: TrustDecision.Revocation)?
        var allChecked = true
        for check in validated.revocation {
            let issuer = check.issuer.map { index.issuers[$0] }
            let state = issuer?.state(at: context.time) ?? .none
            let summary = issuer?.summary
            let revocation = TrustDecision.Revocation(
                checked: summary != nil, state: state, crlNumber: summary?.crlNumber, thisUpdate: summary?.thisUpdate,
                nextUpdate: summary?.nextUpdate)
            if let revokedAt = check.revokedAt {
                let number = summary?.crlNumber.map { " number \($0)" } ?? ""
                return TrustDecision.NotTrusted(
                    reason: .revoked,
                    message:
                        "\(check.subject) (serial \(check.serialHex)) was revoked at \(Timestamp.text(revokedAt)): "
                        + "listed on the CRL\(number) of \(summary?.issuer ?? "its issuer"), thisUpdate "
                        + "\(summary.map { Timestamp.text($0.thisUpdate) } ?? "-")",
                    anchor: validated.anchor, docTypes: [], revocation: revocation)
            }
            if settings.mode == .require, state == .missing || state == .expired {
                let detail =
                    state == .missing
                    ? "no CRL of \(check.issuerText(issuer)) has been verified yet"
                    : "the CRL of \(check.issuerText(issuer)) passed nextUpdate "
                        + "\(summary.map { Timestamp.text($0.nextUpdate) } ?? "-") and the grace period of "
                        + "\(Int(settings.graceSeconds)) s"
                return TrustDecision.NotTrusted(
                    reason: .revocationUnavailable,
                    message: "revocation of \(check.subject) cannot be checked (revocation mode require): \(detail)",
                    anchor: validated.anchor, docTypes: [], revocation: revocation)
            }
            allChecked = allChecked && summary != nil
            let rank = Self.rank(state)
            if weakest == nil || rank > weakest!.rank { weakest = (rank, revocation) }
        }
        guard let weakest else { return nil }
        let decided = weakest.revocation
        context.revocation = TrustDecision.Revocation(
            checked: allChecked, state: decided.state, crlNumber: decided.crlNumber, thisUpdate: decided.thisUpdate,
            nextUpdate: decided.nextUpdate)
        if decided.state != .fresh { context.warnings.append(.revocationUnchecked) }
        return nil
    }

    /// Weakness of a state: the decision reports the weakest CRL of its chain.
    static func rank(_ state: CRLState) -> Int {
        switch state {
        case .fresh: 0
        case .stale: 1
        case .none: 2
        case .missing: 3
        case .expired: 4
        }
    }
}

extension RevocationIndex.Check {
    /// `the CA's subject` when it is a listed CA of the network, else `its issuer`.
    func issuerText(_ issuer: RevocationIndex.Issuer?) -> String {
        issuer?.summary?.issuer ?? issuer.map { "CA \($0.slot.issuerSHA256.prefix(16))…" } ?? "its issuer"
    }
}
