import Synchronization
import TrustListsService

/// The API's decision counts, by endpoint and result: `trustlists_decisions_total{query, result}`. `query` is `reader`,
/// `issuer`, `request`, `device-request`, `credential` or `evaluation`; `result` is `trusted` or `not_trusted`. Every pair is
/// exported from the start, at 0, so that a rate or an alert on `not_trusted` can be written and checked on a daemon
/// that has decided nothing yet.
final class DecisionMetrics: Sendable {
    /// The endpoints that decide, in the order exported.
    static let queries = ["reader", "issuer", "request", "device-request", "credential", "evaluation"]

    /// One endpoint's counts: atomics, so that counting never makes a request wait for another.
    private final class Counts: Sendable {
        let trusted = Atomic<Int>(0)
        let notTrusted = Atomic<Int>(0)
    }

    private let counts: [String: Counts] = Dictionary(uniqueKeysWithValues: queries.map { ($0, Counts()) })

    /// Counts one decision answered.
    /// - Parameters:
    ///   - query: one of ``queries`` (another is not counted: it would not be exported).
    ///   - trusted: the answer.
    func record(_ query: String, trusted: Bool) {
        guard let counts = counts[query] else { return }
        if trusted {
            counts.trusted.wrappingAdd(1, ordering: .relaxed)
        } else {
            counts.notTrusted.wrappingAdd(1, ordering: .relaxed)
        }
    }

    /// The family, one sample per endpoint and result, endpoints in the order of ``queries``.
    func families() -> [PrometheusText.Family] {
        var samples: [PrometheusText.Sample] = []
        for query in Self.queries {
            let pair =
                counts[query].map {
                    ($0.trusted.load(ordering: .relaxed), $0.notTrusted.load(ordering: .relaxed))
                } ?? (0, 0)
            for (result, value) in [("trusted", pair.0), ("not_trusted", pair.1)] {
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
