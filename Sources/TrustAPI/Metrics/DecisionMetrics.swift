import Synchronization
import TrustListsService

/// The API's decision counts, by endpoint and result: `trustlists_decisions_total{query, result}`. `query` is `reader`,
/// `issuer`, `request`, `device-request` or `evaluation`; `result` is `trusted` or `not_trusted`. Every pair is
/// exported from the start, at 0, so that a rate or an alert on `not_trusted` can be written and checked on a daemon
/// that has decided nothing yet.
final class DecisionMetrics: Sendable {
    /// The endpoints that decide, in the order exported.
    static let queries = ["reader", "issuer", "request", "device-request", "evaluation"]

    private let counts = Mutex<[String: (trusted: Int, notTrusted: Int)]>([:])

    /// Counts one decision answered.
    /// - Parameters:
    ///   - query: one of ``queries``.
    ///   - trusted: the answer.
    func record(_ query: String, trusted: Bool) {
        counts.withLock { counts in
            var pair = counts[query] ?? (0, 0)
            if trusted { pair.trusted += 1 } else { pair.notTrusted += 1 }
            counts[query] = pair
        }
    }

    /// `trustlists_decisions_total`.
    func families() -> [PrometheusText.Family] {
        let counts = counts.withLock { $0 }
        var samples: [PrometheusText.Sample] = []
        for query in Self.queries {
            let pair = counts[query] ?? (0, 0)
            for (result, value) in [("trusted", pair.trusted), ("not_trusted", pair.notTrusted)] {
                samples.append(
                    PrometheusText.Sample(
                        [PrometheusText.Label("query", query), PrometheusText.Label("result", result)], Double(value)))
            }
        }
        return [
            PrometheusText.Family(
                "trustlists_decisions_total",
                help:
                    "Trust decisions answered by the HTTP API, by endpoint (query) and result (trusted, not_trusted).",
                type: .counter, samples: samples)
        ]
    }
}
