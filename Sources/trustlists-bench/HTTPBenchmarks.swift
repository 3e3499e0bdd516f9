internal import CCurl
import Foundation
import HTTPServer
import Publishing
import TrustAPI
import TrustLists
import TrustListsService
import X509

#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP API under load (issues 14 and 23): a libcurl multi client with 1, 16 and 64 keep-alive connections on
/// `POST /v1/decisions/reader` (one chain, so the validation is memoized) and on a 304 of `GET /v1/snapshot`, next to
/// the floor: nginx serving a small static file on the same machine in the same run (when nginx is installed); then
/// the same cases with `wrk` as the client (``WrkClient``, when installed).
///
/// The server and the libcurl client share the process and the machine's cores, as nginx and the client do. Figures
/// are requests per second over a fixed window after a warm-up (three rounds over all cases, the median round shown),
/// and the p50 / p99 of each request's latency (from handing it to libcurl to its completion). RSS is the process's
/// resident memory (`VmRSS`) before the first run and after the runs at 64 connections. Goals: 304s and reader
/// decisions ≥ 0.5x nginx's rate, p99 < 10 ms at 16 connections, RSS growth < 50 MiB.
enum HTTPBenchmarks {
    /// Seconds each case runs after its warm-up.
    static let window: Double = 2
    /// Seconds of warm-up per case (connections opened, caches filled), not counted.
    static let warmUp: Double = 0.3
    /// The connection counts measured.
    static let connectionCounts = [1, 16, 64]
    /// Rounds over every case; the median round is reported.
    static let rounds = 3
    /// Seconds each case runs under wrk (which has no warm-up of its own).
    static let wrkSeconds = 2

    static func run() {
        do {
            try runAll()
        } catch {
            Bench.fail("http", error)
        }
    }

    /// One measured case: its rate and latencies.
    struct Figures {
        let requests: Int
        let errors: Int
        let seconds: Double
        let latencies: [Double]

        var rate: Double { Double(requests) / seconds }
        func percentile(_ fraction: Double) -> Double {
            guard !latencies.isEmpty else { return 0 }
            let sorted = latencies.sorted()
            return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
        }
    }

    static func runAll() throws {
        let folder = try BenchFiles.directory().appendingPathComponent("http")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (service, readerChain) = try makeService(in: folder)
        let rssBefore = residentBytes()
        var settings = ServerSettings()
        settings.listen = ["127.0.0.1:0"]
        let server = try APIServer(api: TrustAPI(holder: ServiceHolder(service)), settings: settings)
        defer { server.stop(drainTimeout: .seconds(2)) }
        let base = "http://127.0.0.1:\(server.ports[0])"
        let snapshot = try fetchOnce(base + "/v1/snapshot")
        guard let etag = snapshot.etag else { throw BenchError("no ETag on /v1/snapshot") }
        let body =
            "{\"x5c\": [" + readerChain.map { "\"\(base64($0.derEncoded))\"" }.joined(separator: ",") + "]}"

        // The handler alone, in-process (no socket): what the API adds to the HTTP exchange, per part. The body and
        // its chain are read once (the API keeps them by SHA-256), so certificates are decoded only on the first post.
        let api = TrustAPI(holder: ServiceHolder(service))
        let router = api.makeRouter()
        let request = HTTPRequest(
            method: .post, path: "/v1/decisions/reader", headers: ["Content-Type": "application/json"],
            body: Array(body.utf8))
        let handler = Bench.measure(repetitions: 3, targetSeconds: 0.2) { router.respond(to: request) }
        let decision = Bench.measure(repetitions: 3, targetSeconds: 0.2) {
            service.queries.readerDecision(chain: readerChain, at: Date())
        }
        let answer = service.queries.readerDecision(chain: readerChain, at: Date())
        let rendered = Bench.measure(repetitions: 3, targetSeconds: 0.2) {
            try? WireJSON.renderedBytes(
                WireDecision(answer, query: "reader", docType: nil, leaf: readerChain[0], at: Date(), generation: 1))
        }
        let parsed = Bench.measure(repetitions: 3, targetSeconds: 0.2) {
            try? readerChain.map { try Certificate(derEncoded: $0.derEncoded) }
        }
        for (label, timing) in [
            ("reader decision handler, in-process", handler), ("  the decision (memoized)", decision),
            ("  its JSON (object built and written)", rendered),
            ("  decoding the two certificates (first post)", parsed),
        ] {
            print("  \(Bench.label(label, 44))\(Bench.duration(timing.median))")
        }

        let nginx = try? NginxFloor(folder: folder.appendingPathComponent("nginx"))
        defer { nginx?.stop() }
        print(
            "  server: trustlistd's HTTP API, \(settings.threads) libmicrohttpd threads; client: libcurl multi, keep-alive"
        )
        print(
            "  floor:  \(nginx.map { "nginx \($0.version), 1 worker per core, a \($0.fileBytes)-byte static file" } ?? "nginx not found: no floor")"
        )
        print(
            "  window: \(Bench.fixed(window, 1)) s per case after \(Bench.fixed(warmUp, 1)) s of warm-up; \(rounds) "
                + "rounds over all cases, the median round's figures shown")

        // Every case once per round, the rounds one after another, so that a busy spell of the machine falls on all
        // cases alike; each figure is the round with the median rate.
        var rounds: [String: [Int: [Figures]]] = [:]
        for _ in 0..<Self.rounds {
            for connections in connectionCounts {
                if let nginx {
                    rounds["nginx", default: [:]][connections, default: []].append(
                        try measure(.init(url: nginx.url, headers: [], body: nil), connections: connections))
                }
                rounds["304", default: [:]][connections, default: []].append(
                    try measure(
                        .init(url: base + "/v1/snapshot", headers: ["If-None-Match: \(etag)"], body: nil),
                        connections: connections))
                rounds["reader", default: [:]][connections, default: []].append(
                    try measure(
                        .init(
                            url: base + "/v1/decisions/reader", headers: ["Content-Type: application/json"],
                            body: body), connections: connections))
            }
        }
        let results = rounds.mapValues { byConnections in
            byConnections.mapValues { figures in figures.sorted { $0.rate < $1.rate }[figures.count / 2] }
        }
        let rssAfter = residentBytes()

        print("")
        print(
            "  \(Bench.label("case", 44))\(Bench.label("conns", 7))\(Bench.label("req/s", 10))\(Bench.label("p50", 10))\(Bench.label("p99", 10))errors"
        )
        let names = [
            ("nginx", "floor: nginx, static file (GET)"), ("304", "GET /v1/snapshot, If-None-Match → 304"),
            ("reader", "POST /v1/decisions/reader (memoized)"),
        ]
        for connections in connectionCounts {
            for (key, title) in names {
                guard let figures = results[key]?[connections] else { continue }
                print(
                    "  \(Bench.label(title, 44))\(Bench.label(String(connections), 7))"
                        + "\(Bench.label(Bench.rate(figures.rate), 10))"
                        + "\(Bench.label(Bench.duration(figures.percentile(0.5)), 10))"
                        + "\(Bench.label(Bench.duration(figures.percentile(0.99)), 10))\(figures.errors)")
            }
        }

        print("\n  goals:")
        for connections in connectionCounts {
            guard let floor = results["nginx"]?[connections]?.rate, let notModified = results["304"]?[connections],
                let reader = results["reader"]?[connections]
            else { continue }
            let ratio304 = notModified.rate / floor
            let ratioReader = reader.rate / floor
            print(
                "    \(connections) conns: 304s \(Bench.ratio(notModified.rate, floor)) of nginx (goal ≥ 0.5x: "
                    + "\(ratio304 >= 0.5 ? "met" : "NOT met")), reader decisions \(Bench.ratio(reader.rate, floor)) "
                    + "(goal ≥ 0.5x: \(ratioReader >= 0.5 ? "met" : "NOT met"))")
        }
        if let notModified = results["304"]?[16], let reader = results["reader"]?[16] {
            let worst = max(notModified.percentile(0.99), reader.percentile(0.99))
            print(
                "    p99 at 16 conns: 304 \(Bench.duration(notModified.percentile(0.99))), reader "
                    + "\(Bench.duration(reader.percentile(0.99))) (goal < 10 ms: \(worst < 0.010 ? "met" : "NOT met"))")
        }
        let growth = rssAfter - rssBefore
        print(
            "    RSS: \(Bench.mebibytes(rssBefore)) before, \(Bench.mebibytes(rssAfter)) after the 64-connection runs, "
                + "growth \(Bench.mebibytes(growth)) (goal < 50 MiB: \(growth < 50 << 20 ? "met" : "NOT met"))")
        var errors = rounds.values.flatMap(\.values).flatMap { $0 }.map(\.errors).reduce(0, +)
        if let wrk = WrkClient(folder: folder.appendingPathComponent("wrk")) {
            errors += try measureWithWrk(
                wrk, nginx: nginx?.url, base: base, etag: etag, body: body)
        } else {
            print("\n  wrk: not found (Debian package wrk): no second client")
        }
        if errors > 0 { Bench.fail("http", BenchError("\(errors) requests failed (status or transport)")) }
    }

    /// The same three cases with wrk as the client, in the same run (rounds interleaved the same way, the median
    /// round shown), and their goals. Returns the count of failed requests.
    static func measureWithWrk(
        _ wrk: WrkClient, nginx: String?, base: String, etag: String, body: String
    ) throws -> Int {
        let cases: [(key: String, title: String, request: WrkClient.Request)] =
            (nginx.map {
                [
                    (
                        "nginx", "floor: nginx, static file (GET)",
                        WrkClient.Request(url: $0, method: "GET", headers: [], body: nil)
                    )
                ]
            } ?? [])
            + [
                (
                    "304", "GET /v1/snapshot, If-None-Match → 304",
                    WrkClient.Request(
                        url: base + "/v1/snapshot", method: "GET", headers: [("If-None-Match", etag)], body: nil)
                ),
                (
                    "reader", "POST /v1/decisions/reader (memoized)",
                    WrkClient.Request(
                        url: base + "/v1/decisions/reader", method: "POST",
                        headers: [("Content-Type", "application/json")], body: body)
                ),
            ]
        print(
            "\n  client: \(wrk.version), its own process, min(2, connections) threads; \(wrkSeconds) s per case, "
                + "\(Self.rounds) rounds, the median round's figures shown")
        var rounds: [String: [Int: [WrkClient.Figures]]] = [:]
        for _ in 0..<Self.rounds {
            for connections in connectionCounts {
                for item in cases {
                    rounds[item.key, default: [:]][connections, default: []].append(
                        try wrk.run(item.request, connections: connections, seconds: wrkSeconds))
                }
            }
        }
        let results = rounds.mapValues { byConnections in
            byConnections.mapValues { figures in figures.sorted { $0.rate < $1.rate }[figures.count / 2] }
        }
        print(
            "  \(Bench.label("case (wrk)", 44))\(Bench.label("conns", 7))\(Bench.label("req/s", 10))"
                + "\(Bench.label("p50", 10))\(Bench.label("p99", 10))errors")
        for connections in connectionCounts {
            for item in cases {
                guard let figures = results[item.key]?[connections] else { continue }
                print(
                    "  \(Bench.label(item.title, 44))\(Bench.label(String(connections), 7))"
                        + "\(Bench.label(Bench.rate(figures.rate), 10))\(Bench.label(Bench.duration(figures.p50), 10))"
                        + "\(Bench.label(Bench.duration(figures.p99), 10))\(figures.errors)")
            }
        }
        print("\n  goals (wrk):")
        for connections in connectionCounts {
            guard let floor = results["nginx"]?[connections]?.rate, let notModified = results["304"]?[connections],
                let reader = results["reader"]?[connections]
            else { continue }
            print(
                "    \(connections) conns: 304s \(Bench.ratio(notModified.rate, floor)) of nginx (goal ≥ 0.5x: "
                    + "\(notModified.rate / floor >= 0.5 ? "met" : "NOT met")), reader decisions "
                    + "\(Bench.ratio(reader.rate, floor)) (goal ≥ 0.5x: \(reader.rate / floor >= 0.5 ? "met" : "NOT met"))"
            )
        }
        if let reader = results["reader"]?[16] {
            print(
                "    p99 at 16 conns: reader \(Bench.duration(reader.p99)) (goal < 10 ms: "
                    + "\(reader.p99 < 0.010 ? "met" : "NOT met"))")
        }
        return rounds.values.flatMap(\.values).flatMap { $0 }.map(\.errors).reduce(0, +)
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

    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// The resident set of this process in bytes (`VmRSS` of /proc/self/status).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }

    // MARK: - The client

    /// What each connection sends, again and again.
    struct Request {
        let url: String
        let headers: [String]
        let body: String?
    }

    /// One request for its `ETag`.
    static func fetchOnce(_ url: String) throws -> (status: Int, etag: String?) {
        let client = try MultiClient(request: Request(url: url, headers: [], body: nil), connections: 1)
        defer { client.close() }
        _ = client.run(seconds: 0.05, recordAfter: 0)
        return (client.lastStatus, client.lastETag)
    }

    /// Runs `request` on `connections` keep-alive connections for the warm-up and the window.
    static func measure(_ request: Request, connections: Int) throws -> Figures {
        let client = try MultiClient(request: request, connections: connections)
        defer { client.close() }
        return client.run(seconds: warmUp + window, recordAfter: warmUp)
    }

    /// A libcurl multi handle driving `connections` easy handles, each re-added as soon as its request completes, so
    /// each keeps its connection (libcurl's connection cache) and one request in flight.
    final class MultiClient {
        private let multi: UnsafeMutableRawPointer
        private var handles: [UnsafeMutableRawPointer] = []
        private var headerLists: [UnsafeMutablePointer<curl_slist>?] = []
        private var started: [UnsafeMutableRawPointer: UInt64] = [:]
        private let context: Unmanaged<HeaderCapture>
        private(set) var lastStatus = 0
        var lastETag: String? { context.takeUnretainedValue().etag }

        /// Collects the ETag of responses; discards bodies.
        final class HeaderCapture {
            var etag: String?
        }

        init(request: Request, connections: Int) throws {
            _ = curlReady
            guard let multi = curl_multi_init() else { throw BenchError("curl_multi_init failed") }
            self.multi = multi
            context = Unmanaged.passRetained(HeaderCapture())
            for _ in 0..<connections {
                guard let easy = curl_easy_init() else { throw BenchError("curl_easy_init failed") }
                _ = shim_curl_setopt_string(easy, CURLOPT_URL, request.url)
                _ = shim_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
                _ = shim_curl_setopt_long(easy, CURLOPT_TCP_NODELAY, 1)
                _ = shim_curl_setopt_long(easy, CURLOPT_TIMEOUT, 30)
                var list: UnsafeMutablePointer<curl_slist>?
                for header in request.headers { list = curl_slist_append(list, header) }
                headerLists.append(list)
                _ = shim_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, list)
                _ = shim_curl_setopt_write_function(easy, discard)
                _ = shim_curl_setopt_header_function(easy, captureHeader)
                _ = shim_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, context.toOpaque())
                if let body = request.body {
                    _ = shim_curl_setopt_long(easy, CURLOPT_POSTFIELDSIZE, body.utf8.count)
                    _ = shim_curl_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, body)
                }
                handles.append(easy)
            }
        }

        /// Runs for `seconds`, recording requests that start after `recordAfter` seconds.
        func run(seconds: Double, recordAfter: Double) -> Figures {
            let start = DispatchTime.now().uptimeNanoseconds
            let end = start + UInt64(seconds * 1e9)
            let recordFrom = start + UInt64(recordAfter * 1e9)
            var latencies: [Double] = []
            latencies.reserveCapacity(200_000)
            var requests = 0
            var errors = 0
            for easy in handles {
                started[easy] = DispatchTime.now().uptimeNanoseconds
                curl_multi_add_handle(multi, easy)
            }
            var running: Int32 = 0
            var active = handles.count
            while active > 0 {
                curl_multi_perform(multi, &running)
                var queued: Int32 = 0
                while let message = curl_multi_info_read(multi, &queued) {
                    guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                    let now = DispatchTime.now().uptimeNanoseconds
                    let began = started[easy] ?? now
                    var status = 0
                    _ = shim_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
                    let ok = message.pointee.data.result == CURLE_OK && (status == 200 || status == 304)
                    lastStatus = status
                    if began >= recordFrom {
                        if ok {
                            requests += 1
                            latencies.append(Double(now - began) / 1e9)
                        } else {
                            errors += 1
                        }
                    }
                    curl_multi_remove_handle(multi, easy)
                    if now < end {
                        started[easy] = DispatchTime.now().uptimeNanoseconds
                        curl_multi_add_handle(multi, easy)
                    } else {
                        active -= 1
                    }
                }
                if active > 0 { curl_multi_poll(multi, nil, 0, 100, nil) }
            }
            let measured = Double(min(DispatchTime.now().uptimeNanoseconds, end) - recordFrom) / 1e9
            return Figures(requests: requests, errors: errors, seconds: max(measured, 1e-9), latencies: latencies)
        }

        func close() {
            for easy in handles { curl_easy_cleanup(easy) }
            for list in headerLists { curl_slist_free_all(list) }
            handles = []
            headerLists = []
            curl_multi_cleanup(multi)
            context.release()
        }
    }

    private static let curlReady: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    private static let discard:
        @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int =
            { _, size, count, _ in size * count }

    private static let captureHeader:
        @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
            data, size, count, context in
            guard let data, let context else { return size * count }
            let line = String(
                decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            if line.lowercased().hasPrefix("etag:") {
                Unmanaged<MultiClient.HeaderCapture>.fromOpaque(context).takeUnretainedValue().etag =
                    line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return size * count
        }

    // MARK: - The floor

    /// nginx serving one small static file on a loopback port, `worker_processes` one per core, in its own prefix
    /// folder; stopped with SIGQUIT (graceful) and reaped.
    final class NginxFloor {
        private var process: Process?
        let url: String
        let version: String
        let fileBytes = 512

        init(folder: URL) throws {
            guard
                let executable = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
            else { throw BenchError("nginx not found") }
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
            try Data(repeating: UInt8(ascii: "x"), count: fileBytes).write(to: folder.appendingPathComponent("small"))
            var lastError = ""
            for _ in 0..<5 {
                let port = try Self.freePort()
                let configuration = """
                    daemon off;
                    worker_processes \(ProcessInfo.processInfo.activeProcessorCount);
                    pid \(folder.path)/nginx.pid;
                    error_log \(folder.path)/logs/error.log;
                    events { worker_connections 1024; }
                    http {
                        access_log off;
                        client_body_temp_path \(folder.path)/client;
                        proxy_temp_path \(folder.path)/proxy;
                        fastcgi_temp_path \(folder.path)/fastcgi;
                        uwsgi_temp_path \(folder.path)/uwsgi;
                        scgi_temp_path \(folder.path)/scgi;
                        keepalive_requests 1000000;
                        server {
                            listen 127.0.0.1:\(port);
                            root \(folder.path);
                            location / { default_type text/plain; }
                        }
                    }
                    """
                let file = folder.appendingPathComponent("nginx.conf")
                try Data(configuration.utf8).write(to: file)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = ["-p", folder.path + "/", "-c", file.path, "-e", folder.path + "/logs/error.log"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                self.process = process
                let deadline = Date() + 5
                while Date() < deadline, process.isRunning {
                    if (try? fetchOnce("http://127.0.0.1:\(port)/small"))?.status == 200 {
                        url = "http://127.0.0.1:\(port)/small"
                        version = Self.version(executable)
                        return
                    }
                    usleep(50_000)
                }
                lastError =
                    (try? String(contentsOf: folder.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
                if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
                process.waitUntilExit()
                if !lastError.contains("Address already in use") { break }
            }
            throw BenchError("nginx did not start: \(lastError)")
        }

        func stop() {
            guard let process else { return }
            if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
            process.waitUntilExit()
            self.process = nil
        }

        static func version(_ executable: String) -> String {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: executable)
            probe.arguments = ["-v"]
            let pipe = Pipe()
            probe.standardError = pipe
            probe.standardOutput = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return "?" }
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            probe.waitUntilExit()
            return text.split(separator: "/").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
        }

        /// A loopback port that was free a moment ago.
        static func freePort() throws -> Int {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw BenchError("socket failed") }
            defer { Glibc.close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
            }
            guard bound == 0 else { throw BenchError("bind failed") }
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0 else { throw BenchError("getsockname failed") }
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }
}

/// A failure of the benchmark's own machinery.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
