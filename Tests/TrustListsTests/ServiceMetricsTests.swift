import Foundation
import Publishing
import TestSupport
import Testing

@testable import TrustLists
@testable import TrustListsService

/// Prometheus text: the writer's format rules, and the service's figures after refreshes over the simulator.
@Suite("Metrics")
struct ServiceMetricsTests {
    let t0 = TestPKI.referenceTime + 3600

    @Test("values, label escaping and help lines follow the exposition format")
    func format() throws {
        #expect(PrometheusText.format(3) == "3")
        #expect(PrometheusText.format(-2) == "-2")
        #expect(PrometheusText.format(0.25) == "0.25")
        #expect(PrometheusText.format(1_767_225_600.5) == "1767225600.5")
        #expect(PrometheusText.format(.nan) == "NaN")
        #expect(PrometheusText.format(.infinity) == "+Inf")
        #expect(PrometheusText.format(-.infinity) == "-Inf")
        let text = PrometheusText.render([
            .init(
                "x_total", help: "Back\\slash and\nnewline.", type: .counter,
                samples: [.init([.init("a", "q\"uote\\back\nline"), .init("b", "plain")], 2)]),
            .init("y", help: "Empty family.", type: .gauge, samples: []),
        ])
        #expect(
            text == """
                # HELP x_total Back\\\\slash and\\nnewline.
                # TYPE x_total counter
                x_total{a="q\\"uote\\\\back\\nline",b="plain"} 2
                # HELP y Empty family.
                # TYPE y gauge

                """)
        let parsed = try PrometheusTextParser.parse(text)
        #expect(parsed.value("x_total", ["a": "q\"uote\\back\nline", "b": "plain"]) == 2)
        #expect(parsed.families["x_total"]?.type == "counter")
    }

    @Test("the parser used by the tests rejects what is out of format")
    func parserRejects() {
        for bad in [
            "1abc 1\n", "a{b=\"c} 1\n", "a{b=\"c\"} x\n", "a 1", "# TYPE a gauge\n# TYPE a gauge\n",
            "a 1\n# TYPE a gauge\n", "# TYPE a counter\na -1\n", "a{b=\"c\",b=\"d\"} 1\n", "a 1\na 2\n",
            "# TYPE a gauge\nb 1\n",
        ] {
            #expect(throws: TestSupportError.self, "\(bad)") { try PrometheusTextParser.parse(bad) }
        }
    }

    @Test("after refreshes the figures carry state, issue id, entries, times, failures by reason and durations")
    func serviceFigures() throws {
        let harness = try RefreshHarness()
        var counters = RefreshCounters()
        let first = try harness.refresh(at: t0)
        counters.record(first, refreshed: nil, duration: 0.5)
        harness.source.set(harness.ricalURL, .failure(TrustListError(.httpStatus, "HTTP 503")))
        try harness.publish(harness.sim.vicalContent(issueID: 2, date: TestPKI.referenceTime + 60))
        let second = try harness.refresh(at: t0 + 600)
        counters.record(second, refreshed: nil, duration: 0.25)
        let third = try harness.refresh(at: t0 + 900, only: [harness.ricalID])
        counters.record(third, refreshed: [harness.ricalID], duration: 0.125)

        let time = t0 + 1_000
        let text = ServiceMetrics.render(
            status: try harness.status(at: time), counters: counters, cacheLoadSeconds: 0.0625)
        let metrics = try PrometheusTextParser.parse(text)
        let vical = ["list": "sim/vical"]
        let rical = ["list": "sim/rical"]
        #expect(metrics.samples.allSatisfy { $0.name.hasPrefix("trustlists_") })
        #expect(metrics.families.values.allSatisfy { $0.help?.isEmpty == false })

        // State, one-hot.
        for state in ListState.listStates {
            #expect(
                metrics.value("trustlists_list_state", vical.merging(["state": state.rawValue]) { $1 })
                    == (state == .fresh ? 1 : 0))
        }
        #expect(metrics.families["trustlists_list_state"]?.type == "gauge")
        // The version in use.
        #expect(metrics.value("trustlists_list_issue_id", vical) == 2)
        #expect(metrics.value("trustlists_list_issue_id", rical) == 1)
        #expect(metrics.value("trustlists_list_entries", vical) == 3)
        #expect(metrics.value("trustlists_list_entries", rical) == 1)
        let nextUpdate = TestPKI.referenceTime + 60 + TestPKI.day
        #expect(
            metrics.value("trustlists_list_next_update_timestamp_seconds", vical) == nextUpdate.timeIntervalSince1970)
        #expect(metrics.value("trustlists_list_next_update_in_seconds", vical) == nextUpdate.timeIntervalSince(time))
        #expect(
            metrics.value("trustlists_list_date_timestamp_seconds", vical)
                == (TestPKI.referenceTime + 60).timeIntervalSince1970)
        let signerNotAfter = harness.sim.vicalSigner.certificate.notAfter
        #expect(
            metrics.value("trustlists_list_signer_not_after_in_seconds", vical)
                == signerNotAfter.timeIntervalSince(time))
        #expect(
            metrics.value("trustlists_list_signer_not_after_timestamp_seconds", vical)
                == signerNotAfter.timeIntervalSince1970)
        // Attempts and successes.
        #expect(
            metrics.value("trustlists_list_last_success_timestamp_seconds", vical) == (t0 + 600).timeIntervalSince1970)
        #expect(metrics.value("trustlists_list_last_success_timestamp_seconds", rical) == t0.timeIntervalSince1970)
        #expect(
            metrics.value("trustlists_list_last_attempt_timestamp_seconds", rical) == (t0 + 900).timeIntervalSince1970)
        #expect(metrics.value("trustlists_list_consecutive_failures", rical) == 2)
        #expect(metrics.value("trustlists_list_consecutive_failures", vical) == 0)
        #expect(metrics.value("trustlists_refresh_attempts_total", vical) == 2)
        #expect(metrics.value("trustlists_refresh_attempts_total", rical) == 3)
        #expect(
            metrics.value("trustlists_refresh_failures_total", ["list": "sim/rical", "reason": "http_status"]) == 2)
        #expect(metrics.value("trustlists_refresh_failures_total", vical) == nil)
        #expect(metrics.families["trustlists_refresh_failures_total"]?.type == "counter")
        #expect(metrics.value("trustlists_list_updates_total", vical) == 2)
        #expect(metrics.value("trustlists_list_updates_total", rical) == 1)
        #expect(metrics.value("trustlists_refresh_runs_total") == 3)
        #expect(metrics.value("trustlists_refresh_run_duration_seconds") == 0.125)
        #expect(metrics.value("trustlists_cache_load_duration_seconds") == 0.0625)
        // Verification took some time, and the figure is a plausible one.
        let verify = try #require(metrics.value("trustlists_list_verification_duration_seconds", vical))
        #expect(verify > 0 && verify < 10)
        #expect(metrics.value("trustlists_build_info", ["version": ServiceIdentity.version]) == 1)
        #expect(metrics.value("trustlists_metrics_timestamp_seconds") == time.timeIntervalSince1970)
    }

    @Test("a list without a version has a state and no version series")
    func noTrust() throws {
        let harness = try RefreshHarness()
        harness.source.set(harness.vicalURL, .failure(TrustListError(.timeout, "slow")))
        var counters = RefreshCounters()
        counters.record(try harness.refresh(at: t0), refreshed: nil, duration: 1)
        let metrics = try PrometheusTextParser.parse(
            ServiceMetrics.render(status: try harness.status(at: t0), counters: counters, cacheLoadSeconds: nil))
        let vical = ["list": "sim/vical"]
        #expect(metrics.value("trustlists_list_state", ["list": "sim/vical", "state": "no_trust"]) == 1)
        #expect(metrics.value("trustlists_list_issue_id", vical) == nil)
        #expect(metrics.value("trustlists_list_entries", vical) == nil)
        #expect(metrics.value("trustlists_list_last_success_timestamp_seconds", vical) == nil)
        #expect(metrics.value("trustlists_refresh_failures_total", ["list": "sim/vical", "reason": "timeout"]) == 1)
        #expect(metrics.value("trustlists_cache_load_duration_seconds") == nil)
    }

    @Test("a cancelled run records no failure and does not count as an attempt")
    func cancelledRun() throws {
        let harness = try RefreshHarness()
        let token = CancellationToken()
        let fetcher = CancellingFetcher(inner: harness.source, token: token, cancelAt: harness.vicalURL)
        let report = try TrustService(configuration: harness.configuration, fetcher: fetcher).refresh(
            at: t0, cancellation: token)
        #expect(report.results.map(\.outcome) == [.cancelled, .cancelled])
        #expect(report.exitStatus == 2)  // nothing is trusted yet, and nothing failed either
        for list in try harness.status(at: t0).lists {
            #expect(list.lastError == nil)
            #expect(list.lastAttempt == nil)
        }
        var counters = RefreshCounters()
        counters.record(report, refreshed: nil, duration: 1)
        #expect(counters.attempts.isEmpty && counters.failures.isEmpty)
        #expect(counters.runs == 1)
    }
}

/// A fetcher that cancels `token` when asked for `cancelAt` and fails as a cancelled transfer does.
struct CancellingFetcher: ListFetching {
    let inner: MemorySource
    let token: CancellationToken
    let cancelAt: String

    func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
        if request.url == cancelAt {
            token.cancel()
            throw TrustListError(.networkError, "fetching \(request.url) cancelled by its caller")
        }
        return try inner.fetch(request, cancellation: cancellation)
    }
}
