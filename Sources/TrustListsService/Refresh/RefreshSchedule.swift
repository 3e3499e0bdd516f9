import Foundation
import TrustLists

/// When the daemon refreshes each source (docs/architecture.md, The live service): every configured list, and the CRL
/// of every listed CA, each on its own plan by the same rules, its "current version" being a list's or a CRL's:
///
/// - a list never tried (or without a success and without failures) is due at once;
/// - a healthy list is due `refreshIntervalSeconds` after its last success, with ±10% jitter, or earlier when its
///   current version stops being fresh sooner: then at a random moment in the last tenth of a refresh interval
///   before `nextUpdate` (or `date + maxAge`), so that a new issue published in time is fetched before the list
///   turns overdue;
/// - once the last success is inside that window or past it (the publisher's next issue is awaited), it is due
///   again every tenth of a refresh interval, with ±10% jitter, until a new version arrives;
/// - after failures, exponential backoff with full jitter: the `n`-th consecutive failure is retried after a
///   uniformly random delay in `0 ... min(cap, base · 2^(n-1), refreshInterval)` (base 30 s, cap 1 h by default);
/// - a failing list is never due later than the next due time of a healthy list: it is retried, at the latest, in
///   the run that refreshes the healthy one;
/// - a LoTE one of whose services stops being listed before that (a withdrawal whose `StatusStartingTime` is ahead)
///   is due at that time, so that the snapshot built by the run no longer uses the service.
///
/// Each list's due time is drawn once per change of its history and kept until the history changes again (a new
/// attempt), so the jitter is not redrawn at every wake-up. Time and randomness are parameters: tests pass a
/// fixed clock and a seeded generator.
public struct RefreshSchedule: Sendable {
    /// The timing settings.
    public struct Policy: Sendable, Hashable {
        /// Seconds between refreshes of a healthy list (`refreshIntervalSeconds`, default 21600).
        public var refreshInterval: TimeInterval
        /// The relative jitter of regular due times: 0.1 spreads them over ±10%.
        public var jitterFraction: Double
        /// The bound of the first retry delay after a failure, in seconds (default 30).
        public var backoffBase: TimeInterval
        /// The largest retry delay bound, in seconds (default 3600).
        public var backoffCap: TimeInterval

        /// Creates a policy.
        /// - Parameters:
        ///   - refreshInterval: seconds between refreshes of a healthy list (> 0).
        ///   - backoffBase: the first retry delay bound, in seconds.
        ///   - backoffCap: the largest retry delay bound, in seconds.
        ///   - jitterFraction: the relative jitter of regular due times, between 0 and 1 (default 0.1).
        public init(
            refreshInterval: TimeInterval, backoffBase: TimeInterval = 30, backoffCap: TimeInterval = 3600,
            jitterFraction: Double = 0.1
        ) {
            self.refreshInterval = max(refreshInterval, 1)
            self.backoffBase = max(backoffBase, 0)
            self.backoffCap = max(backoffCap, 0)
            self.jitterFraction = min(max(jitterFraction, 0), 1)
        }

        /// The policy a configuration asks for (`refreshIntervalSeconds`, `backoffBaseSeconds`,
        /// `backoffCapSeconds`; jitter 10%).
        /// - Parameter configuration: the service's configuration.
        public init(_ configuration: Configuration) {
            self.init(
                refreshInterval: configuration.refreshIntervalSeconds, backoffBase: configuration.backoffBaseSeconds,
                backoffCap: configuration.backoffCapSeconds)
        }

        /// The largest retry delay after `failures` consecutive failures (`failures` ≥ 1), in seconds:
        /// `min(cap, base · 2^(failures-1), refreshInterval)`.
        /// - Parameter failures: consecutive failures so far.
        /// - Returns: the upper bound of the uniformly random retry delay.
        public func backoffBound(afterFailures failures: Int) -> TimeInterval {
            let exponent = Double(min(max(failures, 1) - 1, 62))
            return min(backoffCap, backoffBase * pow(2, exponent), refreshInterval)
        }
    }

    /// Why a list is due when it is.
    public enum Reason: String, Sendable, Hashable {
        /// Never tried, or never refreshed: due at once.
        case firstAttempt = "first_attempt"
        /// A refresh interval after the last success.
        case interval
        /// Just before its current version stops being fresh.
        case nextUpdate = "next_update"
        /// Its current version is (nearly) no longer fresh and the next issue is awaited: polled more often.
        case awaitingIssue = "awaiting_issue"
        /// Retrying after failures.
        case backoff
        /// Failing, and retried together with a healthy list that is due sooner than its backoff.
        case withHealthyList = "with_healthy_list"
        /// A service of the (LoTE) list stops being listed then: the snapshot is rebuilt without it.
        case statusChange = "status_change"
    }

    /// One list's plan.
    public struct Plan: Sendable, Hashable {
        /// When the list is due (UTC).
        public var due: Date
        /// Why then.
        public var reason: Reason

        /// Creates a plan.
        /// - Parameters:
        ///   - due: when the list is due (UTC).
        ///   - reason: why then.
        public init(due: Date, reason: Reason) {
            self.due = due
            self.reason = reason
        }
    }

    /// The timing settings.
    public let policy: Policy
    private var planned: [SourceID: (history: RefreshHistory, own: Plan)] = [:]
    private var effective: [SourceID: Plan] = [:]

    /// An empty schedule: nothing is planned until ``update(_:now:using:)``.
    /// - Parameter policy: the timing settings.
    public init(policy: Policy) {
        self.policy = policy
    }

    /// Plans every list in `histories`: a list whose history differs from the one last given (or that is new) gets
    /// a new due time drawn from `generator`; the others keep theirs. Lists not in `histories` are forgotten.
    /// - Parameters:
    ///   - histories: every configured list's history.
    ///   - now: the current time (UTC), for lists due at once.
    ///   - generator: the source of jitter.
    public mutating func update(
        _ histories: [SourceID: RefreshHistory], now: Date, using generator: inout some RandomNumberGenerator
    ) {
        var next: [SourceID: (history: RefreshHistory, own: Plan)] = [:]
        // Sorted, so that a seeded generator gives the same plan whatever the dictionary's order.
        for (id, history) in histories.sorted(by: { $0.key < $1.key }) {
            if let known = planned[id], known.history == history {
                next[id] = known
            } else {
                next[id] = (history, Self.plan(history, now: now, policy: policy, using: &generator))
            }
        }
        planned = next
        let healthyDue = planned.values.filter { $0.history.isHealthy }.map(\.own.due).min()
        effective = planned.mapValues { entry in
            guard entry.history.consecutiveFailures > 0, let healthyDue, healthyDue < entry.own.due else {
                return entry.own
            }
            return Plan(due: healthyDue, reason: .withHealthyList)
        }
    }

    /// When `id` is due and why; nil for a source not planned.
    public func plan(of id: SourceID) -> Plan? { effective[id] }

    /// When the list `id` is due and why; nil for a list not planned.
    public func plan(of id: ListID) -> Plan? { effective[.list(id)] }

    /// The sources due at `now` (due time at or before it): lists in list order, then CRLs.
    public func due(at now: Date) -> [SourceID] {
        effective.filter { $0.value.due <= now }.keys.sorted()
    }

    /// The earliest due time of any list; nil when nothing is planned.
    public var nextDue: Date? { effective.values.map(\.due).min() }

    /// One list's own plan from its history, before the cap by healthy lists.
    /// - Parameters:
    ///   - history: the list's history.
    ///   - now: the current time (UTC).
    ///   - policy: the timing settings.
    ///   - generator: the source of jitter.
    /// - Returns: the due time and its reason: the history's ``RefreshHistory/statusChange`` when it comes first.
    public static func plan(
        _ history: RefreshHistory, now: Date, policy: Policy, using generator: inout some RandomNumberGenerator
    ) -> Plan {
        let plan = timedPlan(history, now: now, policy: policy, using: &generator)
        guard let change = history.statusChange, change < plan.due else { return plan }
        return Plan(due: change, reason: .statusChange)
    }

    /// The plan from the refresh history alone: backoff, first attempt, interval or the `nextUpdate` window.
    private static func timedPlan(
        _ history: RefreshHistory, now: Date, policy: Policy, using generator: inout some RandomNumberGenerator
    ) -> Plan {
        if history.consecutiveFailures > 0 {
            let bound = policy.backoffBound(afterFailures: history.consecutiveFailures)
            let delay = bound > 0 ? Double.random(in: 0...bound, using: &generator) : 0
            let failedAt = history.lastFailure ?? history.lastAttempt ?? now
            return Plan(due: failedAt + delay, reason: .backoff)
        }
        guard let lastSuccess = history.lastSuccess else { return Plan(due: now, reason: .firstAttempt) }
        let jitter = policy.jitterFraction
        let interval = policy.refreshInterval
        let regular = lastSuccess + interval * Double.random(in: (1 - jitter)...(1 + jitter), using: &generator)
        guard let freshUntil = history.freshUntil else { return Plan(due: regular, reason: .interval) }
        let window = interval / 10
        if lastSuccess < freshUntil - window {
            let beforeExpiry = freshUntil - window * Double.random(in: 0...1, using: &generator)
            return beforeExpiry < regular
                ? Plan(due: beforeExpiry, reason: .nextUpdate) : Plan(due: regular, reason: .interval)
        }
        let poll = lastSuccess + window * Double.random(in: (1 - jitter)...(1 + jitter), using: &generator)
        return Plan(due: min(poll, regular), reason: .awaitingIssue)
    }
}
