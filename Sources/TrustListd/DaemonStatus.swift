import Foundation
import TrustLists
import TrustListsService

/// The daemon's metrics files and systemd status line.
extension Daemon {
    /// Writes the metrics to `metrics.prom` in the cache directory and to `--metrics-file`; logs a failure once.
    func writeMetrics(at time: Date) {
        let text = Array(PrometheusText.render(service.metricsFamilies(at: time)).utf8)
        let layout = StoreLayout(root: configuration.cacheDirectory)
        var problems: [String] = []
        for file in [layout.metrics] + (extraMetricsFile.map { [$0] } ?? []) {
            do {
                try AtomicFile.write(text, to: file, permissions: 0o644)
            } catch {
                problems.append(error.reason)
            }
        }
        let problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
        if let problem, problem != metricsProblem {
            logger.log(
                .warning, "metrics not written",
                [("reason", TrustListError.Code.persistError.rawValue), ("message", problem)])
        }
        metricsProblem = problem
    }

    /// The headline, then the last run: `WARNING: demo/vical kept last good (rollback), 2 fresh; last refresh
    /// 2026-11-29T13:00:05Z: 1 updated, 1 unchanged, 0 kept last good, 0 failed`.
    func statusLine(_ status: StatusReport) -> String {
        var line = status.headline
        if let lastRunSummary { line += "; last refresh \(lastRunSummary)" }
        return line
    }

    /// `(state, count)` for the states that occur.
    func stateCounts(_ status: StatusReport) -> [(String, String?)] {
        ListState.listStates.compactMap { state in
            let count = status.lists.filter { $0.state == state }.count
            return count == 0 ? nil : (state.rawValue, String(count))
        }
    }
}
