import Foundation
import TrustLists
import X509

/// Counters of refresh activity since the process started, kept by the caller (the daemon) across runs and
/// written out as metrics by ``ServiceMetrics``. They restart from zero with the process, as Prometheus counters
/// may.
public struct RefreshCounters: Sendable {
    /// Refresh attempts per list: the list was asked for and its refresh ran to an outcome (updated, unchanged,
    /// kept last good, failed); cancelled and offline runs do not count.
    public private(set) var attempts: [ListID: Int] = [:]
    /// Failed attempts per list and reason code.
    public private(set) var failures: [ListID: [TrustListError.Code: Int]] = [:]
    /// New versions committed per list.
    public private(set) var updates: [ListID: Int] = [:]
    /// Seconds the last verification of downloaded bytes took, per list.
    public private(set) var lastVerificationSeconds: [ListID: TimeInterval] = [:]
    /// Refresh runs (each takes the lock once and refreshes one or more lists).
    public private(set) var runs = 0
    /// Seconds the last run took, lock wait included; nil before the first.
    public private(set) var lastRunSeconds: TimeInterval?
    /// CRL refreshes per network and outcome (``RefreshOutcome/name``) and reason code (empty when none).
    public private(set) var crlFetches: [CRLFetchKey: Int] = [:]

    /// The labels of a CRL refresh count.
    public struct CRLFetchKey: Sendable, Hashable, Comparable {
        /// The network.
        public let network: String
        /// The outcome name.
        public let outcome: String
        /// The reason code of a failure; empty otherwise.
        public let reason: String

        /// Orders by network, outcome, reason.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.network, lhs.outcome, lhs.reason) < (rhs.network, rhs.outcome, rhs.reason)
        }
    }

    /// Empty counters.
    public init() {}

    /// Adds one run's outcomes.
    /// - Parameters:
    ///   - report: the run's report.
    ///   - refreshed: the lists the run was asked to refresh; nil for all.
    ///   - duration: the run's wall time in seconds, lock wait included.
    public mutating func record(_ report: RefreshReport, refreshed: Set<ListID>?, duration: TimeInterval) {
        runs += 1
        lastRunSeconds = duration
        for result in report.results where refreshed?.contains(result.id) ?? true {
            if let seconds = result.verificationSeconds { lastVerificationSeconds[result.id] = seconds }
            switch result.outcome {
            case .updated:
                attempts[result.id, default: 0] += 1
                updates[result.id, default: 0] += 1
            case .unchanged:
                attempts[result.id, default: 0] += 1
            case .keptLastGood(let error), .failed(let error):
                attempts[result.id, default: 0] += 1
                failures[result.id, default: [:]][error.code, default: 0] += 1
            case .offline, .cancelled:
                break
            }
        }
        for crl in report.crls {
            let key = CRLFetchKey(
                network: crl.slot.network, outcome: crl.outcome.name, reason: crl.outcome.error?.code.rawValue ?? "")
            crlFetches[key, default: 0] += 1
        }
    }
}
