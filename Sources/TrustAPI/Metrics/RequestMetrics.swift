internal import Glibc
import HTTPServer
import Synchronization
import TrustListsService

/// The API's request metrics: a counter and a latency histogram per route pattern, method and status. Labels come
/// from the server's report (the route's pattern, never the path; a registered method or `OTHER`; the status), so
/// their number stays as small as the route table.
final class RequestMetrics: Sendable {
    /// The histogram's upper bounds, in seconds: 0.5 ms to 10 s.
    static let bucketBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    private struct Key: Hashable, Comparable {
        let route: String
        let method: String
        let status: String

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.route, lhs.method, lhs.status) < (rhs.route, rhs.method, rhs.status)
        }
    }

    private struct Series {
        var count = 0
        var sum = 0.0
        /// Observations per bucket (not cumulative), one more than the bounds for `+Inf`.
        var buckets = [Int](repeating: 0, count: RequestMetrics.bucketBounds.count + 1)

        mutating func add(_ seconds: Double, bucket: Int) {
            count += 1
            sum += seconds
            buckets[bucket] += 1
        }

        /// Adds another part's observations.
        mutating func add(_ other: Series) {
            count += other.count
            sum += other.sum
            for index in buckets.indices { buckets[index] += other.buckets[index] }
        }
    }

    /// One part of the series, under its own lock: each server thread records into the part its thread picks, so
    /// that the threads do not queue on one lock for every request (a thread descheduled while holding it held up the
    /// others); a scrape adds the parts up.
    private final class Shard: Sendable {
        let series = Mutex<[Key: Series]>([:])
    }

    /// The parts; more than the server's threads, so that few threads share one.
    private let shards = (0..<16).map { _ in Shard() }

    /// The part of the calling thread: its pthread identity (a fixed address per thread), mixed.
    private var shard: Shard {
        let mixed = (UInt64(pthread_self()) >> 12) &* 0x9E37_79B9_7F4A_7C15
        return shards[Int(mixed >> 60)]
    }

    /// Records one finished request.
    /// - Parameter report: the server's report; a request that got no response is counted with status `none`.
    func record(_ report: HTTPRequestMetrics) {
        let key = Key(route: report.route, method: report.method, status: report.status.map(String.init) ?? "none")
        let bucket = Self.bucketBounds.firstIndex { report.durationSeconds <= $0 } ?? Self.bucketBounds.count
        // One lookup of the key, the series changed in place: every request passes here, under its thread's lock.
        shard.series.withLock { all in all[key, default: Series()].add(report.durationSeconds, bucket: bucket) }
    }

    /// `trustlists_http_requests_total` and `trustlists_http_request_duration_seconds`.
    func families() -> [PrometheusText.Family] {
        var merged: [Key: Series] = [:]
        for shard in shards {
            for (key, part) in shard.series.withLock({ $0 }) { merged[key, default: Series()].add(part) }
        }
        let snapshot = merged.sorted { $0.key < $1.key }
        var counts: [PrometheusText.Sample] = []
        var durations: [PrometheusText.Sample] = []
        for (key, series) in snapshot {
            let labels = [
                PrometheusText.Label("route", key.route), PrometheusText.Label("method", key.method),
                PrometheusText.Label("status", key.status),
            ]
            counts.append(PrometheusText.Sample(labels, Double(series.count)))
            var cumulative = 0
            for (index, bound) in Self.bucketBounds.enumerated() {
                cumulative += series.buckets[index]
                durations.append(
                    PrometheusText.Sample(
                        labels + [PrometheusText.Label("le", PrometheusText.format(bound))], Double(cumulative),
                        nameSuffix: "_bucket"))
            }
            durations.append(
                PrometheusText.Sample(
                    labels + [PrometheusText.Label("le", "+Inf")], Double(series.count), nameSuffix: "_bucket"))
            durations.append(PrometheusText.Sample(labels, series.sum, nameSuffix: "_sum"))
            durations.append(PrometheusText.Sample(labels, Double(series.count), nameSuffix: "_count"))
        }
        return [
            PrometheusText.Family(
                "trustlists_http_requests_total",
                help: "HTTP API requests finished, by route pattern, method and status (none: no response sent).",
                type: .counter, samples: counts),
            PrometheusText.Family(
                "trustlists_http_request_duration_seconds",
                help: "HTTP API request latency from the request header read to the response written, in seconds.",
                type: .histogram, samples: durations),
        ]
    }
}
