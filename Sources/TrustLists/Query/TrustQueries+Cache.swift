import Foundation

extension TrustQueries {
    /// Answers from the lists cached for `configuration`, each verified again here against the pinned roots (never
    /// from `snapshot.json`, which is derived data): what a wallet component that links only `TrustLists` uses.
    /// Reads only; writes nothing and takes no lock. Costs one verification of every cached list (about 0.2 s for a
    /// VICAL of 10,000 entries).
    /// - Parameters:
    ///   - configuration: the configuration whose cache directory, pins and lists to use.
    ///   - time: the time to verify at and to evaluate list states at, UTC.
    ///   - memoCapacity: see ``init(snapshot:memoCapacity:)``.
    /// - Throws: ``TrustListError`` `cache_unreadable` when the cache directory cannot be read.
    public convenience init(
        verifyingCacheOf configuration: Configuration, at time: Date, memoCapacity: Int = 10_000
    ) throws(TrustListError) {
        let store = TrustStore(configuration: configuration, readOnly: true)
        try store.load(at: time)
        self.init(snapshot: SnapshotBuilder.build(from: store, at: time).snapshot, memoCapacity: memoCapacity)
    }
}
