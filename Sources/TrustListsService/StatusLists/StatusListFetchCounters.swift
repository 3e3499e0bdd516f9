import Foundation
import Synchronization
import TrustLists

/// How the status list fetches of this process ended, per URI and outcome (docs/operations.md, Metrics: the counter
/// `trustlists_status_list_fetches_total`): `fetched` (a body), `not_modified` (a 304 to a conditional request), or
/// the fetch's reason code (`timeout`, `http_status`, `network_error`, …). Counted where the fetches go out, by
/// ``counting(_:)``, so on-demand fetches and prefetches alike are counted whatever path asks for them.
public final class StatusListFetchCounters: Sendable {
    private let counts = Mutex<[String: [String: Int]]>([:])

    /// No fetch counted yet.
    public init() {}

    /// The counts so far: by URI, then by outcome.
    public var snapshot: [String: [String: Int]] { counts.withLock { $0 } }

    /// Counts one fetch of `uri` that ended with `outcome`.
    public func record(uri: String, outcome: String) {
        counts.withLock { $0[uri, default: [:]][outcome, default: 0] += 1 }
    }

    /// `fetcher`, with every fetch's outcome counted here.
    public func counting(_ fetcher: any ListFetching) -> any ListFetching { Counting(fetcher: fetcher, counters: self) }

    /// A fetcher that counts the outcomes of another's fetches.
    struct Counting: ListFetching {
        let fetcher: any ListFetching
        let counters: StatusListFetchCounters

        func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
            do {
                let result = try fetcher.fetch(request, cancellation: cancellation)
                switch result {
                case .fetched: counters.record(uri: request.url, outcome: "fetched")
                case .notModified: counters.record(uri: request.url, outcome: "not_modified")
                }
                return result
            } catch {
                counters.record(uri: request.url, outcome: error.code.rawValue)
                throw error
            }
        }
    }
}
