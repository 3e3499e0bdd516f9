import Foundation
import TestSupport
import Testing
import TrustLists

/// `config/prometheus-alerts.yml` and `config/grafana-dashboard.json` against a running `trustlistd`: promtool accepts
/// the rules and the live `/metrics`, and every metric the rules and the dashboard name is a family of that scrape.
@Suite(
    "Prometheus alert rules and Grafana dashboard", .serialized,
    .requires(.trustlistd, .python3, .executable("promtool")))
struct PrometheusAssetsTests {
    static let rules = PackageRoot.url.appendingPathComponent("config/prometheus-alerts.yml")
    static let dashboard = PackageRoot.url.appendingPathComponent("config/grafana-dashboard.json")

    /// Runs promtool with `arguments`, `input` on its standard input; returns its status and everything it wrote.
    static func promtool(_ arguments: [String], input: [UInt8] = []) throws -> (status: Int32, output: String) {
        let folder = try TemporaryDirectory()
        let inputFile = try folder.write(input, to: "input")
        let process = Process()
        let tool = try #require(TestTools.executable(named: "promtool"))
        process.executableURL = tool
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    /// The metric names a text uses: every `trustlists_…` identifier.
    static func metricNames(in text: String) throws -> Set<String> {
        let pattern = try Regex("trustlists_[a-z0-9_]+")
        return Set(text.matches(of: pattern).map { String(text[$0.range]) })
    }

    /// The live scrape of a daemon that refreshed once, and the names its families export (a histogram's as
    /// `_bucket`, `_sum` and `_count` too).
    static func scrape() throws -> (text: [UInt8], names: Set<String>) {
        let network = try ServedNetwork(extraTop: DaemonHTTPTests.serverTop)
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        let base = "http://127.0.0.1:\(try HTTPDaemon.port(of: daemon))"
        try daemon.waitFor("the first refresh") { $0.message == "refresh finished" }
        let metrics = try LoopbackClient.get(base + "/metrics")
        #expect(metrics.status == 200)
        var names: Set<String> = []
        for line in metrics.text.split(separator: "\n") where line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ")
            guard parts.count == 4 else { continue }
            let name = String(parts[2])
            names.insert(name)
            if parts[3] == "histogram" { names.formUnion(["_bucket", "_sum", "_count"].map { name + $0 }) }
        }
        return (metrics.body, names)
    }

    @Test("promtool accepts the rules and the live /metrics; every metric of the rules and the dashboard is exported")
    func assetsMatchLiveMetrics() throws {
        let rules = try Self.promtool(["check", "rules", Self.rules.path])
        #expect(rules.status == 0, "\(rules.output)")
        // promtool loaded every rule the file declares.
        let declared =
            try String(contentsOf: Self.rules, encoding: .utf8).components(separatedBy: "  - alert:").count - 1
        #expect(declared >= 9)
        #expect(rules.output.contains("SUCCESS: \(declared) rules found"), "\(rules.output)")

        let (scrape, exported) = try Self.scrape()
        let lint = try Self.promtool(["check", "metrics"], input: scrape)
        #expect(lint.status == 0, "\(lint.output)")
        #expect(exported.contains("trustlists_decisions_total") && exported.contains("trustlists_list_state"))

        let rulesText = try String(contentsOf: Self.rules, encoding: .utf8)
        let dashboard = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.dashboard)) as? [String: Any])
        let panels = try #require(dashboard["panels"] as? [[String: Any]])
        let expressions = panels.flatMap {
            ($0["targets"] as? [[String: Any]] ?? []).compactMap { $0["expr"] as? String }
        }
        #expect(expressions.count >= 8)
        let used = try Self.metricNames(in: rulesText).union(Self.metricNames(in: expressions.joined(separator: "\n")))
        // Each asked-for view has its metric: states, nextUpdate, refresh outcomes, decisions, HTTP latency.
        for name in [
            "trustlists_list_state", "trustlists_list_next_update_in_seconds", "trustlists_refresh_failures_total",
            "trustlists_decisions_total", "trustlists_http_request_duration_seconds_bucket",
            "trustlists_list_consecutive_failures", "trustlists_build_info",
        ] {
            #expect(used.contains(name), "\(name) is used")
        }
        #expect(used.subtracting(exported).isEmpty, "not exported: \(used.subtracting(exported).sorted())")
        // The one other series the rules read is Prometheus's own `up` of the scrape target.
        let selectors = try Regex("[a-z_]+\\{job=")
        let others = Set(rulesText.matches(of: selectors).map { String(rulesText[$0.range]) }).filter {
            !$0.hasPrefix("trustlists_")
        }
        #expect(others == ["up{job="], "\(others)")
    }
}
