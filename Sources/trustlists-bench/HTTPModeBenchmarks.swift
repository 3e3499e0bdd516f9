import Foundation
import HTTPServer
import TrustAPI
import TrustLists
import TrustListsService

/// libmicrohttpd's threading modes compared on this machine (issue 36): the API's router on one ``HTTPServer`` per
/// mode, all in this process, measured like the `http` group (wrk, paired with nginx, three rounds, CPU per request),
/// so that the default can be chosen by the numbers. Each mode serves the same 304s and reader decisions.
enum HTTPModeBenchmarks {
    /// One server configuration tried.
    struct Variant {
        let key: String
        let mode: HTTPServerConfiguration.ThreadingMode
        let threads: Int
        let turbo: Bool
    }

    static let variants = [
        Variant(key: "poll x4", mode: .pollPool, threads: 4, turbo: false),
        Variant(key: "poll x3", mode: .pollPool, threads: 3, turbo: false),
        Variant(key: "poll x2", mode: .pollPool, threads: 2, turbo: false),
        Variant(key: "poll x4 turbo", mode: .pollPool, threads: 4, turbo: true),
        Variant(key: "epoll x4", mode: .epollPool, threads: 4, turbo: false),
        Variant(key: "epoll x2", mode: .epollPool, threads: 2, turbo: false),
        Variant(key: "thread/conn", mode: .threadPerConnection, threads: 1, turbo: false),
    ]

    static func run() {
        do {
            try runAll()
        } catch {
            Bench.fail("http-modes", error)
        }
    }

    static func runAll() throws {
        let folder = try BenchFiles.directory().appendingPathComponent("http-modes")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (service, readerChain) = try HTTPBenchmarks.makeService(in: folder)
        let body = HTTPBenchmarks.readerBody(readerChain)
        guard let wrk = WrkClient(folder: folder.appendingPathComponent("wrk")) else {
            print("  wrk not found (Debian package wrk): nothing measured")
            return
        }
        let nginx = try NginxFloor(folder: folder.appendingPathComponent("nginx"))
        defer { nginx.stop() }
        var settings = ServerSettings()
        settings.listen = ["127.0.0.1:0"]
        var servers: [HTTPServer] = []
        defer { for server in servers { server.stop(drainTimeout: .seconds(2)) } }
        let ours = { Bench.processCPUSeconds() }
        var cases = [
            HTTPBenchmarks.Case(
                key: "nginx", title: "nginx: the 512-byte file",
                request: WrkClient.Request(url: nginx.url, method: "GET", headers: [], body: nil),
                cpuSeconds: nginx.cpuSeconds)
        ]
        for variant in variants {
            var configuration = try APIServer.configuration(settings, passedSockets: [])
            configuration.threadingMode = variant.mode
            configuration.threads = variant.threads
            configuration.turbo = variant.turbo
            let api = TrustAPI(holder: ServiceHolder(service))
            let server = try HTTPServer(configuration: configuration, router: api.makeRouter(), observer: api.observer)
            servers.append(server)
            let base = "http://127.0.0.1:\(server.ports[0])"
            guard let etag = HTTPProbe.get(base + "/v1/snapshot").etag else {
                throw BenchError("no ETag on /v1/snapshot")
            }
            cases.append(
                HTTPBenchmarks.Case(
                    key: "304 " + variant.key, title: "304, \(variant.key)",
                    request: WrkClient.Request(
                        url: base + "/v1/snapshot", method: "GET", headers: [("If-None-Match", etag)], body: nil),
                    cpuSeconds: ours))
            cases.append(
                HTTPBenchmarks.Case(
                    key: "reader " + variant.key, title: "reader, \(variant.key)",
                    request: WrkClient.Request(
                        url: base + "/v1/decisions/reader", method: "POST",
                        headers: [("Content-Type", "application/json")], body: body),
                    cpuSeconds: ours))
        }
        print(
            "  client: \(wrk.version): wrk -t min(2,c) -c c -d \(HTTPBenchmarks.seconds)s; nginx \(nginx.version) x\(nginx.workers)"
        )
        print(
            "  modes: \(variants.map(\.key).joined(separator: ", ")) (the API's router on each; default settings else)")
        for item in cases { _ = try wrk.run(item.request, connections: 16, seconds: 1) }
        let (runs, loads) = try HTTPBenchmarks.measureRounds(wrk, cases)
        HTTPBenchmarks.printTable(cases: cases, runs: runs)
        print(
            "  load average at the rounds' starts: \(loads.joined(separator: " | ")); at the end: \(MachineFacts.loadAverage())"
        )
    }
}
