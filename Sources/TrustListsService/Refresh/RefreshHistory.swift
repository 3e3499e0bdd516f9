import Foundation
import TrustLists

/// What the refresh schedule needs to know about one source (a list, or a CA's CRL): when it was last tried and last refreshed, how many
/// attempts have failed since, and until when its current version is fresh. Read from `state.json` (through
/// ``StatusReport``), so that refreshes by `trustctl refresh` count as well as the daemon's own.
public struct RefreshHistory: Sendable, Hashable {
    /// The last refresh attempt (UTC); nil when the list was never tried.
    public var lastAttempt: Date?
    /// The last successful refresh: a new version, or the current one confirmed (UTC); nil when none.
    public var lastSuccess: Date?
    /// Failed attempts since the last success (0 when the last attempt succeeded).
    public var consecutiveFailures: Int
    /// The latest failed attempt (UTC); nil when the last attempt succeeded.
    public var lastFailure: Date?
    /// When the current version stops being fresh: its `nextUpdate`, else its `date` plus the network's
    /// `maxAgeSeconds` (docs/architecture.md, List states), or earlier when its `notAfter` or its signer chain's
    /// notAfter comes first (it expires then); nil when there is no current version.
    public var freshUntil: Date?
    /// The next time a LoTE service's status ends it (its `StatusStartingTime`, ETSI TS 119 602), still ahead: the
    /// snapshot must be rebuilt then, though the list itself does not change; nil for none.
    public var statusChange: Date?

    /// Creates a history from its parts.
    /// - Parameters:
    ///   - lastAttempt: the last refresh attempt (UTC), or nil.
    ///   - lastSuccess: the last successful refresh (UTC), or nil.
    ///   - consecutiveFailures: failed attempts since the last success.
    ///   - lastFailure: the latest failed attempt (UTC), or nil.
    ///   - freshUntil: when the current version stops being fresh (UTC), or nil.
    ///   - statusChange: the next time a service of the list stops being listed (UTC), or nil.
    public init(
        lastAttempt: Date?, lastSuccess: Date?, consecutiveFailures: Int = 0, lastFailure: Date? = nil,
        freshUntil: Date? = nil, statusChange: Date? = nil
    ) {
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
        self.consecutiveFailures = max(0, consecutiveFailures)
        self.lastFailure = lastFailure
        self.freshUntil = freshUntil
        self.statusChange = statusChange
    }

    /// The history of a list as `trustctl status` reports it.
    /// - Parameters:
    ///   - status: the list's status (from `state.json`).
    ///   - list: its configuration, for `maxAgeSeconds` when the version has no `nextUpdate`.
    public init(_ status: ListStatus, list: ListConfiguration) {
        self.init(
            lastAttempt: status.lastAttempt, lastSuccess: status.lastSuccess,
            consecutiveFailures: status.lastError?.count ?? 0, lastFailure: status.lastError?.last,
            freshUntil: status.current.map { current in
                [
                    current.nextUpdate ?? current.date + list.network.maxAgeSeconds, current.notAfter,
                    current.signerNotAfter,
                ]
                .compactMap { $0 }.min() ?? current.date
            })
    }

    /// The history of a CA's CRL as `trustctl status` reports it: fresh until its nextUpdate.
    /// - Parameter status: the CRL's status (from `state.json`).
    public init(_ status: CRLStatus) {
        self.init(
            lastAttempt: status.lastAttempt, lastSuccess: status.lastSuccess,
            consecutiveFailures: status.lastError?.count ?? 0, lastFailure: status.lastError?.last,
            freshUntil: status.current?.nextUpdate)
    }

    /// Whether the last attempt succeeded (and there was one).
    public var isHealthy: Bool { consecutiveFailures == 0 && lastSuccess != nil }
}
