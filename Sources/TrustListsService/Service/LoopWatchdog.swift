import TrustLists

/// When a daemon's refresh loop counts as stalled (docs/operations.md, "the daemon"): silent, with no heartbeat, for
/// longer than any single step may take — one fetch's deadlines (connect timeout plus total deadline) plus two minutes
/// for verification and disk. Waits for the cache lock, fetches and sleeps all beat, so only a stuck step goes silent;
/// systemd's watchdog is pinged only while the loop is not stalled, and restarts a stalled daemon.
public struct LoopWatchdog: Sendable, Hashable {
    /// The longest silence that is not a stall, in seconds.
    public let stallLimitSeconds: Double

    /// The rule for these fetch settings.
    public init(http: HTTPSettings) {
        stallLimitSeconds = http.connectTimeoutSeconds + http.totalTimeoutSeconds + 120
    }

    /// Whether a loop silent for `silenceSeconds` is stalled (at or past the limit).
    public func isStalled(silenceSeconds: Double) -> Bool { silenceSeconds >= stallLimitSeconds }
}
