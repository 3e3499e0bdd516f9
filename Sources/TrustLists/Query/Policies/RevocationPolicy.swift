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
        // A memoized decision pays for this policy: nothing is copied that is not needed (not the validated chain,
        // and issuers are references).
        // Checks exist only for a network whose mode is not `off` (``RevocationIndex/checks(chain:network:)``).
        guard let checks = context.validated?.revocation, !checks.isEmpty else { return nil }
        let issuers = context.index.revocation.issuers
        var weakest: (rank: Int, state: CRLState, issuer: RevocationIndex.Issuer?)?
        var allChecked = true
        for check in checks {
            let issuer = check.issuer.map { issuers[$0] }
            let state = issuer?.state(at: context.time) ?? .none
            if let revokedAt = check.revokedAt {
                let summary = issuer?.summary
                let number = summary?.crlNumber.map { " number \($0)" } ?? ""
                return TrustDecision.NotTrusted(
                    reason: .revoked,
                    message:
                        "\(check.subject) (serial \(check.serialHex)) was revoked at \(Timestamp.text(revokedAt)): "
                        + "listed on the CRL\(number) of \(summary?.issuer ?? "its issuer"), thisUpdate "
                        + "\(summary.map { Timestamp.text($0.thisUpdate) } ?? "-")",
                    anchor: context.validated?.anchor, docTypes: [], revocation: Self.revocation(issuer, state))
            }
            // Only a listed CA (an issuer, with its network's settings) is `missing` or `expired`.
            if let settings = issuer?.settings, settings.mode == .require, state == .missing || state == .expired {
                let detail =
                    state == .missing
                    ? "no CRL of \(check.issuerText(issuer)) has been verified yet"
                    : "the CRL of \(check.issuerText(issuer)) passed nextUpdate "
                        + "\(issuer?.summary.map { Timestamp.text($0.nextUpdate) } ?? "-") and the grace period of "
                        + "\(Int(settings.graceSeconds)) s"
                return TrustDecision.NotTrusted(
                    reason: .revocationUnavailable,
                    message: "revocation of \(check.subject) cannot be checked (revocation mode require): \(detail)",
                    anchor: context.validated?.anchor, docTypes: [], revocation: Self.revocation(issuer, state))
            }
            allChecked = allChecked && issuer?.summary != nil
            let rank = Self.rank(state)
            if weakest == nil || rank > weakest!.rank { weakest = (rank, state, issuer) }
        }
        guard let weakest else { return nil }
        context.revocation = Self.revocation(weakest.issuer, weakest.state, checked: allChecked)
        if weakest.state != .fresh { context.warnings.append(.revocationUnchecked) }
        return nil
    }

    /// The decision's `revocation` value for one issuer's CRL in `state`.
    /// - Parameter checked: whether every certificate's issuer had a verified CRL; default: whether this one had.
    static func revocation(
        _ issuer: RevocationIndex.Issuer?, _ state: CRLState, checked: Bool? = nil
    ) -> TrustDecision.Revocation {
        TrustDecision.Revocation(
            checked: checked ?? (issuer?.summary != nil), state: state, crlNumber: issuer?.summary?.crlNumber,
            thisUpdate: issuer?.summary?.thisUpdate, nextUpdate: issuer?.summary?.nextUpdate)
    }

    /// Weakness of a state: the decision reports the weakest CRL of its chain.
    static func rank(_ state: CRLState) -> Int {
        SourceState.weakestFirst.count - 1 - (SourceState.weakestFirst.firstIndex(of: state) ?? 0)
    }
}

extension RevocationIndex.Check {
    /// `the CA's subject` when it is a listed CA of the network, else `its issuer`.
    func issuerText(_ issuer: RevocationIndex.Issuer?) -> String {
        issuer?.summary?.issuer ?? issuer.map { "CA \($0.slot.issuerSHA256.prefix(16))…" } ?? "its issuer"
    }
}
