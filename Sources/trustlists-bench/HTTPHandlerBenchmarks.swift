import Foundation
import HTTPServer
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// The reader decision's handler in-process (no socket): what the API adds to an HTTP exchange, and its parts. Also
/// a group of its own (`http-handler`), short enough to run under `valgrind --tool=callgrind`.
enum HTTPHandlerBenchmarks {
    static func run() {
        do {
            let folder = try BenchFiles.directory().appendingPathComponent("http-handler")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (service, chain) = try HTTPBenchmarks.makeService(in: folder)
            let body = HTTPBenchmarks.readerBody(chain)
            // With --keep-files: the network's configuration and a reader decision's body, to load a trustlistd by
            // hand (add a `server` object to config/trustlists.json; POST reader-request.json).
            try Data(body.utf8).write(to: folder.appendingPathComponent("reader-request.json"))
            printBreakdown(service: service, readerChain: chain, body: body)
        } catch {
            Bench.fail("http-handler", error)
        }
    }

    /// Prints the handler's time and that of its parts. The body and its chain are read once (the API keeps them by
    /// SHA-256), so certificates are decoded only on the first post.
    static func printBreakdown(service: TrustService, readerChain: [Certificate], body: String) {
        let api = TrustAPI(holder: ServiceHolder(service))
        let router = api.makeRouter()
        let request = HTTPRequest(
            method: .post, path: "/v1/decisions/reader",
            headers: ["Host": "127.0.0.1:8441", "Content-Type": "application/json", "Content-Length": "1000"],
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
        // The same handler on 4 threads at once (more than the cores, as a loaded server's pool): CPU per call,
        // against one thread's.
        let perThread = 20_000
        let cpuBefore = Bench.processCPUSeconds()
        let wallBefore = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<perThread { Bench.keep(router.respond(to: request)) }
        }
        let concurrentCPU = (Bench.processCPUSeconds() - cpuBefore) / Double(4 * perThread)
        let concurrentWall = Bench.seconds(ContinuousClock.now - wallBefore) / Double(4 * perThread)
        for (label, timing) in [
            ("reader decision handler, in-process", handler), ("  the decision (memoized)", decision),
            ("  its JSON, built and written (first time)", rendered),
            ("  decoding the two certificates (first post)", parsed),
        ] {
            print("  \(Bench.label(label, 46))\(Bench.duration(timing.median))   (\(timing.method))")
        }
        print(
            "  \(Bench.label("the handler on 4 threads at once", 46))\(Bench.duration(concurrentCPU)) CPU per call, "
                + "\(Bench.duration(concurrentWall)) wall per call (\(4 * perThread) calls)")
    }
}
