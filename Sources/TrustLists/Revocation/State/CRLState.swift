import Foundation

/// The state of a CA's CRL at a time (docs/architecture.md, "Revocation"): the states of ``SourceState/crlStates``.
public typealias CRLState = SourceState

extension SourceState {
    /// The state of a CA's CRL at `time`.
    /// - Parameters:
    ///   - summary: the verified CRL's facts; nil when there is none.
    ///   - hasSource: whether the CA has a source to fetch from.
    ///   - time: the time asked about, UTC.
    ///   - graceSeconds: how long past nextUpdate the CRL is stale rather than expired.
    public static func evaluate(
        _ summary: CRLSummary?, hasSource: Bool, at time: Date, graceSeconds: TimeInterval
    ) -> CRLState {
        guard let summary else { return hasSource ? .missing : .none }
        return evaluate(nextUpdate: summary.nextUpdate, at: time, graceSeconds: graceSeconds)
    }

    /// What the state means for monitoring (`status` and `refresh` exit codes): in revocation mode `require`,
    /// `stale` is WARNING and `expired` or `missing` CRITICAL (decisions under the CA fail); in `warn` and `off`, and
    /// for `none`, always OK.
    public func monitoringStatus(mode: RevocationSettings.Mode) -> MonitoringStatus {
        guard mode == .require else { return .ok }
        switch self {
        case .fresh, .none, .overdue: return .ok
        case .stale: return .warning
        case .expired, .missing, .noTrust: return .critical
        }
    }

    /// Why a decision under a CA in this state is not checked against a current CRL, for messages
    /// (`revocation unchecked: …`): the state in words, then its name.
    public var uncheckedReason: String {
        switch self {
        case .fresh, .overdue: return "the issuer's CRL is fresh"
        case .stale: return "the issuer's CRL is past its nextUpdate, within the grace period (stale)"
        case .expired: return "the issuer's CRL is past its nextUpdate and the grace period (expired)"
        case .missing: return "no CRL of the issuer has been verified (missing)"
        case .none, .noTrust: return "the issuer names no CRL source (none); revocation.crls may add one"
        }
    }

    /// The states of a CA's CRL, weakest first: what a decision reports of the chain's weakest CRL.
    static let weakestFirst: [SourceState] = [.expired, .missing, .none, .stale, .fresh]

    /// The state of a verified CRL with this nextUpdate at `time`.
    public static func evaluate(nextUpdate: Date, at time: Date, graceSeconds: TimeInterval) -> CRLState {
        if time <= nextUpdate { return .fresh }
        return time <= nextUpdate + graceSeconds ? .stale : .expired
    }
}
