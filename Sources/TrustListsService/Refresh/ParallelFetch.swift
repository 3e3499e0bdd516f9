import Foundation
import Synchronization
import TrustLists

/// Fetches a run's sources all at once, each request on its own thread, at most ``maxParallelFetches`` at a time: an
/// unreachable server costs the http deadlines once per run, not once per source (docs/architecture.md, The live
/// service). Every kind's sources go through it.
enum ParallelFetch {
    /// The most transfers at once.
    static let maxParallelFetches = 32

    /// Fetches every request; the results come in the order of `requests`.
    static func run(
        _ requests: [FetchRequest], with fetcher: any ListFetching, cancellation: CancellationToken?
    ) -> [Result<FetchResult, TrustListError>] {
        let results = Results(count: requests.count)
        for batch in stride(from: 0, to: requests.count, by: maxParallelFetches) {
            let group = DispatchGroup()
            for index in batch..<min(batch + maxParallelFetches, requests.count) {
                group.enter()
                let request = requests[index]
                let thread = Thread {
                    let result = Result { () throws(TrustListError) in
                        try fetcher.fetch(request, cancellation: cancellation)
                    }
                    results.values.withLock { $0[index] = result }
                    group.leave()
                }
                thread.start()
            }
            group.wait()
        }
        return results.values.withLock { $0.map { $0 ?? .failure(TrustListError(.networkError, "not fetched")) } }
    }

    /// The threads' results, by position.
    private final class Results: Sendable {
        let values: Mutex<[Result<FetchResult, TrustListError>?]>
        init(count: Int) { values = Mutex(Array(repeating: nil, count: count)) }
    }
}
