import Foundation
import X509

/// The state of a source at a given time (docs/architecture.md, List states): one type for every source, each kind
/// using the cases that apply to it (``listStates``: a configured list; ``crlStates``: a CA's CRL). What queries
/// answer in it, and what it means for monitoring, follow from the state.
public enum SourceState: String, Sendable, Hashable, Codable, CaseIterable {
    /// A verified version, before its `nextUpdate` (a list without one: `date + maxAge`): trusted.
    case fresh
    /// A list past `nextUpdate`, within the network's grace period: trusted, flagged.
    case overdue
    /// A CRL past its nextUpdate, within `revocation.graceSeconds`: still checked, flagged.
    case stale
    /// Past the grace period, past `notAfter`, or its signer chain has expired: not trusted.
    case expired
    /// A CA with a CRL source, but no CRL of it verified.
    case missing
    /// A CA that names no usable CRL source (no http(s) CRLDistributionPoint, no configured URL): nothing to fetch.
    case none
    /// A list that never had a verified version: not trusted.
    case noTrust = "no_trust"

    /// The states a configured list can be in, in order of health.
    public static let listStates: [SourceState] = [.fresh, .overdue, .expired, .noTrust]
    /// The states a CA's CRL can be in, in order of health.
    public static let crlStates: [SourceState] = [.fresh, .stale, .expired, .missing, .none]

    /// Whether queries may answer "trusted" from a list in this state.
    public var isTrusted: Bool { self == .fresh || self == .overdue }

    /// The state of a list version at `time`, with the reason for a state other than fresh.
    /// - Parameters:
    ///   - summary: the current list's facts; nil when there is none.
    ///   - time: the time asked about (UTC).
    ///   - maxAgeSeconds: for lists without `nextUpdate`, how long after `date` they stay fresh.
    ///   - overdueGraceSeconds: how long past `nextUpdate` (or `date + maxAge`) they stay trusted.
    public static func evaluate(
        _ summary: ListSummary?, at time: Date, maxAgeSeconds: TimeInterval, overdueGraceSeconds: TimeInterval
    ) -> (state: ListState, reason: String?) {
        guard let summary else { return (.noTrust, "no verified list") }
        if time > summary.signerNotAfter {
            return (.expired, "signer chain expired at \(Timestamp.text(summary.signerNotAfter))")
        }
        if let notAfter = summary.notAfter, time > notAfter {
            return (.expired, "list notAfter \(Timestamp.text(notAfter)) has passed")
        }
        let freshUntil = summary.nextUpdate ?? summary.date + maxAgeSeconds
        let what = summary.nextUpdate == nil ? "date + maxAge" : "nextUpdate"
        if time <= freshUntil { return (.fresh, nil) }
        if time <= freshUntil + overdueGraceSeconds {
            return (.overdue, "past \(what) \(Timestamp.text(freshUntil)), within the grace period")
        }
        return (.expired, "past \(what) \(Timestamp.text(freshUntil)) and the grace period")
    }
}

/// The state of a configured list (docs/architecture.md, List states).
public typealias ListState = SourceState

extension SourceState {
    /// The query-facing reason of a list state that is not fresh (logs and metrics): `trust_list_overdue`,
    /// `trust_list_expired`, `trust_list_unavailable`; nil when fresh (and for the states of CRLs).
    public var reasonCode: ReasonCode? {
        switch self {
        case .overdue: .trustListOverdue
        case .expired: .trustListExpired
        case .noTrust: .trustListUnavailable
        case .fresh, .stale, .missing, .none: nil
        }
    }
}
