import Foundation

/// The state of a CA's CRL at a time (docs/architecture.md, "Revocation").
public enum CRLState: String, Sendable, Hashable, Codable, CaseIterable {
    /// A verified CRL, before its nextUpdate.
    case fresh
    /// A verified CRL past its nextUpdate, within the network's `revocation.graceSeconds`.
    case stale
    /// A verified CRL past its nextUpdate and the grace period.
    case expired
    /// The CA has a CRL source, but no CRL of it has been verified.
    case missing
    /// The CA names no usable source (no http(s) CRLDistributionPoint, no configured extra URL): nothing to fetch.
    case none

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
        case .fresh, .none: return .ok
        case .stale: return .warning
        case .expired, .missing: return .critical
        }
    }

    /// Why a decision under a CA in this state is not checked against a current CRL, for messages
    /// (`revocation unchecked: …`): the state in words, then its name.
    public var uncheckedReason: String {
        switch self {
        case .fresh: return "the issuer's CRL is fresh"
        case .stale: return "the issuer's CRL is past its nextUpdate, within the grace period (stale)"
        case .expired: return "the issuer's CRL is past its nextUpdate and the grace period (expired)"
        case .missing: return "no CRL of the issuer has been verified (missing)"
        case .none: return "the issuer names no CRL source (none); revocation.crls may add one"
        }
    }

    /// The state of a verified CRL with this nextUpdate at `time`.
    public static func evaluate(nextUpdate: Date, at time: Date, graceSeconds: TimeInterval) -> CRLState {
        if time <= nextUpdate { return .fresh }
        return time <= nextUpdate + graceSeconds ? .stale : .expired
    }
}
