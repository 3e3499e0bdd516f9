import Foundation
import X509

/// The state of a configured list at a given time (docs/architecture.md, List states), and what queries answer in it.
public enum ListState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Verified, before `nextUpdate` (or `date + maxAge` where there is none): trusted.
    case fresh
    /// Past `nextUpdate`, within the grace period: trusted, flagged.
    case overdue
    /// Past `notAfter`, past the grace period, or its signer chain has expired: not trusted.
    case expired
    /// Never had a verified list: not trusted.
    case noTrust = "no_trust"

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

extension ListState {
    /// The query-facing reason of a state that is not fresh (logs and metrics): `trust_list_overdue`,
    /// `trust_list_expired`, `trust_list_unavailable`; nil when fresh.
    public var reasonCode: ReasonCode? {
        switch self {
        case .fresh: nil
        case .overdue: .trustListOverdue
        case .expired: .trustListExpired
        case .noTrust: .trustListUnavailable
        }
    }
}
