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
            printBreakdown(service: service, readerChain: chain, body: HTTPBenchmarks.readerBody(chain))
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
            WireJSON.renderedBytes(
                WireJSON.decision(
                    answer, query: "reader", docType: nil, leaf: readerChain[0], at: Date(), generation: 1))
        }
        let parsed = Bench.measure(repetitions: 3, targetSeconds: 0.2) {
            try? readerChain.map { try Certificate(derEncoded: $0.derEncoded) }
        }
        for (label, timing) in [
            ("reader decision handler, in-process", handler), ("  the decision (memoized)", decision),
            ("  its JSON, built and written (first time)", rendered),
            ("  decoding the two certificates (first post)", parsed),
        ] {
            print("  \(Bench.label(label, 46))\(Bench.duration(timing.median))   (\(timing.method))")
        }
    }
}
