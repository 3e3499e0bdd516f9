import Foundation
import HTTPServer
import Publishing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// The HTTP API under load (issues 14, 23 and 36), measured the way the acceptance harness measures it: `wrk -t
/// min(2,c) -c c -d 3s` for c = 1, 16 and 64 against nginx (`worker_processes 2`, a 512-byte static file) and against
/// the API with the default `server` settings (only `listen` set): `POST /v1/decisions/reader` with one chain (so the
/// decision is memoized) and 304s of `GET /v1/snapshot` (`If-None-Match`).
///
/// Rounds are paired: within a round each case runs right after nginx at the same connection count, and its ratio is
/// taken against that nginx run, so that a busy spell of the shared machine falls on both sides of a ratio. A goal
/// says met or not met from the median of the paired ratios over the rounds (at least three). Besides wrk's rate and
/// latency, each run reports the server's CPU time per request (user + system of the serving process, or of nginx's
/// master and workers, over the run, divided by the requests): on a loaded machine the rate follows the load while the
/// CPU per request mostly does not. The load average is printed at the start of every round.
enum HTTPBenchmarks {
    /// The connection counts measured.
    static let connectionCounts = [1, 16, 64]
    /// Rounds over every case; the goals use the median of the paired ratios.
    static let rounds = 3
    /// Seconds each wrk run lasts (wrk has no warm-up of its own; one warm-up run per case precedes the rounds).
    static let seconds = 3

    static func run() {
        do {
            try runAll()
        } catch {
            Bench.fail("http", error)
        }
    }

    /// One measured run: wrk's figures and the server's CPU seconds over it.
    struct Run {
        let wrk: WrkClient.Figures
        let cpuSeconds: Double
        let seconds: Int

        /// Server CPU microseconds per request.
        var cpuPerRequest: Double { wrk.rate > 0 ? cpuSeconds / (wrk.rate * Double(seconds)) * 1e6 : 0 }
    }

    /// One case: what wrk sends and whose CPU is counted.
    struct Case {
        let key: String
        let title: String
        let request: WrkClient.Request
        let cpuSeconds: () -> Double
    }

    static func runAll() throws {
        let folder = try BenchFiles.directory().appendingPathComponent("http")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (service, readerChain) = try makeService(in: folder)
        let body = readerBody(readerChain)
        HTTPHandlerBenchmarks.printBreakdown(service: service, readerChain: readerChain, body: body)

        guard let wrk = WrkClient(folder: folder.appendingPathComponent("wrk")) else {
            print("\n  wrk not found (Debian package wrk): nothing measured over sockets")
            return
        }
        let nginx = try NginxFloor(folder: folder.appendingPathComponent("nginx"))
        defer { nginx.stop() }
        let rssBefore = residentBytes()
        var settings = ServerSettings()
        settings.listen = ["127.0.0.1:0"]
        let server = try APIServer(api: TrustAPI(holder: ServiceHolder(service)), settings: settings)
        defer { server.stop(drainTimeout: .seconds(2)) }
        let base = "http://127.0.0.1:\(server.ports[0])"
        guard let etag = HTTPProbe.get(base + "/v1/snapshot").etag else {
            throw BenchError("no ETag on /v1/snapshot")
        }
        let ours = { Bench.processCPUSeconds() }
        let cases = [
            Case(
                key: "nginx", title: "nginx: the 512-byte file",
                request: WrkClient.Request(url: nginx.url, method: "GET", headers: [], body: nil),
                cpuSeconds: nginx.cpuSeconds),
            Case(
                key: "304", title: "GET /v1/snapshot → 304",
                request: WrkClient.Request(
                    url: base + "/v1/snapshot", method: "GET", headers: [("If-None-Match", etag)], body: nil),
                cpuSeconds: ours),
            Case(
                key: "reader", title: "POST /v1/decisions/reader",
                request: WrkClient.Request(
                    url: base + "/v1/decisions/reader", method: "POST",
                    headers: [("Content-Type", "application/json")], body: body),
                cpuSeconds: ours),
        ]
        print("")
        print("  client: \(wrk.version), its own process: wrk -t min(2,c) -c c -d \(seconds)s, c = 1, 16, 64")
        print(
            "  floor:  nginx \(nginx.version), worker_processes \(nginx.workers), a \(nginx.fileBytes)-byte static file"
        )
        print(
            "  server: the API in this process, default server settings (\(settings.threads) threads, "
                + "\(settings.maxConnectionsPerClient) connections per client address), listen 127.0.0.1:0")
        print(
            "  method: \(rounds) rounds; in each, for each c: nginx, then the 304s, then the decisions; ratios are "
                + "paired within a round, goals use their median")
        // One short run of every case first: connections, caches and nginx's file cache warm.
        for item in cases { _ = try wrk.run(item.request, connections: 16, seconds: 1) }

        let (runs, loads) = try measureRounds(wrk, cases)
        let loadAtEnd = MachineFacts.loadAverage()
        let rssAfter = residentBytes()
        printTable(cases: cases, runs: runs)
        let errors = printGoals(runs: runs)
        print("  load average at the rounds' starts: \(loads.joined(separator: " | ")); at the end: \(loadAtEnd)")
        let growth = rssAfter - rssBefore
        print(
            "  RSS: \(Bench.mebibytes(rssBefore)) before the server started, \(Bench.mebibytes(rssAfter)) after the "
                + "runs, growth \(Bench.mebibytes(growth)) (goal < 50 MiB: \(growth < 50 << 20 ? "met" : "NOT met"))")
        if errors > 0 { Bench.fail("http", BenchError("\(errors) requests failed (status or socket)")) }
    }

    /// Runs every case at every connection count for ``rounds`` rounds: in each round, for each c, the cases in order
    /// (nginx first). Returns the runs by case and c, and the load average at each round's start.
    static func measureRounds(
        _ wrk: WrkClient, _ cases: [Case]
    ) throws -> (runs: [String: [Int: [Run]]], loads: [String]) {
        var runs: [String: [Int: [Run]]] = [:]
        var loads: [String] = []
        for round in 1...rounds {
            let load = MachineFacts.loadAverage()
            loads.append(load)
            print("  round \(round): load average \(load)")
            for connections in connectionCounts {
                for item in cases {
                    let before = item.cpuSeconds()
                    let figures = try wrk.run(item.request, connections: connections, seconds: seconds)
                    let run = Run(wrk: figures, cpuSeconds: item.cpuSeconds() - before, seconds: seconds)
                    runs[item.key, default: [:]][connections, default: []].append(run)
                }
            }
        }
        return (runs, loads)
    }

    /// The median run's figures of each case (by rate), and each round's paired ratio.
    static func printTable(cases: [Case], runs: [String: [Int: [Run]]]) {
        print("")
        print(
            "  \(Bench.label("case (wrk)", 30))\(Bench.label("c", 4))\(Bench.label("req/s", 10))"
                + "\(Bench.label("p50", 10))\(Bench.label("p99", 10))\(Bench.label("cpu/req", 10))"
                + "vs nginx, each round")
        for connections in connectionCounts {
            for item in cases {
                guard let all = runs[item.key]?[connections], !all.isEmpty else { continue }
                let median = all.sorted { $0.wrk.rate < $1.wrk.rate }[all.count / 2]
                var paired = ""
                if item.key != "nginx", let floor = runs["nginx"]?[connections] {
                    paired = zip(all, floor).map { Bench.fixed($0.wrk.rate / $1.wrk.rate, 2) + "x" }
                        .joined(separator: " ")
                }
                print(
                    "  \(Bench.label(item.title, 30))\(Bench.label(String(connections), 4))"
                        + "\(Bench.label(Bench.rate(median.wrk.rate), 10))\(Bench.label(Bench.duration(median.wrk.p50), 10))"
                        + "\(Bench.label(Bench.duration(median.wrk.p99), 10))"
                        + "\(Bench.label(Bench.duration(Bench.median(all.map(\.cpuPerRequest)) * 1e-6), 10))\(paired)")
            }
        }
    }

    /// The goals from the paired medians; returns the count of failed requests.
    static func printGoals(runs: [String: [Int: [Run]]]) -> Int {
        func pairedMedian(_ key: String, _ connections: Int, _ value: (Run) -> Double) -> Double? {
            guard let ours = runs[key]?[connections], let floor = runs["nginx"]?[connections], !ours.isEmpty
            else { return nil }
            return Bench.median(zip(ours, floor).map { value($0) / max(value($1), 1e-12) })
        }
        print("\n  goals (median of \(rounds) paired ratios):")
        for connections in connectionCounts {
            guard let reader = pairedMedian("reader", connections, { $0.wrk.rate }),
                let notModified = pairedMedian("304", connections, { $0.wrk.rate })
            else { continue }
            print(
                "    c=\(connections): reader decisions \(Bench.fixed(reader, 2))x nginx's req/s (goal ≥ 0.5x: "
                    + "\(reader >= 0.5 ? "met" : "NOT met")); 304s \(Bench.fixed(notModified, 2))x (goal ≥ 0.8x: "
                    + "\(notModified >= 0.8 ? "met" : "NOT met"))")
        }
        if let p99 = pairedMedian("reader", 64, { $0.wrk.p99 }) {
            print(
                "    c=64: reader decisions' p99 \(Bench.fixed(p99, 2))x nginx's (goal ≤ 2x: "
                    + "\(p99 <= 2 ? "met" : "NOT met"))")
        }
        for connections in connectionCounts {
            guard let reader = pairedMedian("reader", connections, { $0.cpuPerRequest }),
                let notModified = pairedMedian("304", connections, { $0.cpuPerRequest })
            else { continue }
            print(
                "    c=\(connections): server CPU per request \(Bench.fixed(reader, 2))x nginx's (decisions), "
                    + "\(Bench.fixed(notModified, 2))x (304s)")
        }
        return runs.values.flatMap(\.values).flatMap { $0 }.map(\.wrk.errors).reduce(0, +)
    }

    // MARK: - The service

    /// The demo network's lists verified by a service in `folder` (file:// URLs), and its reader chain.
    static func makeService(in folder: URL) throws -> (TrustService, [Certificate]) {
        let network = try DemoNetwork(name: "Bench", at: Date() - 3600)
        let file = try network.publishOffline(in: folder, id: "bench")
        let service = TrustService(configuration: try Configuration.load(path: file.path))
        let report = try service.refresh(at: Date(), lockTimeout: 10)
        guard report.results.allSatisfy({ $0.state.isTrusted }) else {
            throw BenchError("the bench lists did not verify: \(report.results.map(\.outcome.name))")
        }
        return (service, [network.readerLeaf.certificate, network.readerIntermediate.certificate])
    }

    /// The body of a reader decision request for `chain`.
    static func readerBody(_ chain: [Certificate]) -> String {
        "{\"x5c\": [" + chain.map { "\"\(Data($0.derEncoded).base64EncodedString())\"" }.joined(separator: ",") + "]}"
    }

    /// The resident set of this process in bytes (`VmRSS` of /proc/self/status).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }
}

/// A failure of the benchmark's own machinery.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
