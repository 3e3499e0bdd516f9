import Foundation

/// One locked refresh of the whole store, as `trustctl refresh` runs it: take the cache directory's lock, load and
/// verify the cache, refresh, write state, release.
public enum RefreshRun {
    /// Runs a refresh.
    /// - Parameters:
    ///   - configuration: the configuration.
    ///   - fetcher: how to fetch (``CurlFetcher`` outside tests).
    ///   - only: lists to refresh; nil for all.
    ///   - offline: use only the cache and bootstrap files.
    ///   - time: the run's start time (UTC).
    ///   - lockTimeout: seconds to wait for another refresh (the daemon) to finish.
    ///   - dryRun: fetch and verify, but store nothing (no lock is taken): for a time other than now.
    ///   - waiting: called once when the lock is held by another refresh and the run starts to wait.
    /// - Returns: the report.
    /// - Throws: ``TrustListError`` `persist_error` when the lock cannot be taken.
    public static func perform(
        configuration: Configuration, fetcher: any ListFetching, only: Set<ListID>? = nil, offline: Bool = false,
        at time: Date, lockTimeout: TimeInterval = 300, dryRun: Bool = false, waiting: () -> Void = {}
    ) throws(TrustListError) -> RefreshReport {
        let store = TrustStore(configuration: configuration, readOnly: dryRun)
        if dryRun {
            return Refresher(store: store, fetcher: fetcher).refresh(only: only, offline: offline, at: time)
        }
        let lock: StoreLock
        do {
            lock = try StoreLock.acquire(store.layout, timeout: 0)
        } catch {
            waiting()
            lock = try StoreLock.acquire(store.layout, timeout: lockTimeout)
        }
        defer { lock.release() }
        return Refresher(store: store, fetcher: fetcher).refresh(only: only, offline: offline, at: time)
    }
}
