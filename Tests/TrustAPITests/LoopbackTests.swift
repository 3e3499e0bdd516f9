import Foundation
import HTTPServer
import JOSE
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

#if canImport(Glibc)
    import Glibc
#endif

/// The API over loopback with libmicrohttpd and a libcurl client: what the wire adds to the in-process tests (gzip
/// decoded by a client, HEAD, 413, slow clients, a refresh while requests run, and a second service using this one
/// as its mirror).
@Suite("TrustAPI over loopback", .serialized)
struct LoopbackTests {
    /// Starts an ``APIServer`` for `world` on an ephemeral loopback port.
    static func serve(
        _ world: APIWorld, _ change: (inout ServerSettings) -> Void = { _ in }
    ) throws -> APIServer {
        var settings = ServerSettings()
        settings.listen = ["127.0.0.1:0"]
        change(&settings)
        return try APIServer(api: world.api, settings: settings)
    }

    @Test("every endpoint answers over the wire; gzip decodes to the JSON; HEAD has no body; 304 with the ETag")
    func endpoints() throws {
        let world = try APIWorld()
        let server = try Self.serve(world)
        defer { server.stop(drainTimeout: .seconds(5)) }
        let base = "http://127.0.0.1:\(server.ports[0])"

        for path in ["/healthz", "/readyz", "/v1/status", "/metrics", "/v1/lists/sim/vical", "/v1/lists/sim/rical"] {
            let response = try LoopbackClient.get(base + path)
            #expect(response.status == 200, "\(path): \(response.text)")
        }
        let plain = try LoopbackClient.get(base + "/v1/snapshot")
        #expect(plain.body == world.service.snapshotJSON)
        let decoded = try LoopbackClient.get(base + "/v1/snapshot", decodeGzip: true)
        #expect(decoded.header("Content-Encoding") == "gzip")
        #expect(decoded.body == plain.body)
        let head = try LoopbackClient.send("HEAD", base + "/v1/snapshot")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.header("Content-Length") == String(plain.body.count))
        let etag = try #require(plain.header("ETag"))
        let notModified = try LoopbackClient.get(base + "/v1/snapshot", headers: ["If-None-Match: \(etag)"])
        #expect(notModified.status == 304 && notModified.body.isEmpty)

        let decision = try LoopbackClient.send(
            "POST", base + "/v1/decisions/reader", headers: ["Content-Type: application/json"],
            body: Array("{\"x5c\": \(APIWorld.x5c(world.readerChain))}".utf8))
        #expect(decision.status == 200)
        #expect(decision.text.contains("\"trusted\" : true"))
        let missing = try LoopbackClient.get(base + "/nothing")
        #expect(missing.status == 404 && missing.text.contains("\"not_found\""))
        let wrong = try LoopbackClient.send("PUT", base + "/v1/snapshot", body: [])
        #expect(wrong.status == 405 && wrong.header("Allow") == "GET, HEAD")

        // The server's observer fed the request metrics.
        let metrics = try PrometheusTextParser.parse(try LoopbackClient.get(base + "/metrics").text)
        #expect(metrics.value("trustlists_http_requests_total", ["route": "/v1/snapshot", "status": "304"]) == 1)
        #expect(metrics.value("trustlists_http_requests_total", ["route": "unmatched", "status": "404"]) == 1)
    }

    @Test("a body over maxRequestBytes is 413 content_too_large as JSON, and no decision is made")
    func bodyCap() throws {
        let world = try APIWorld()
        let server = try Self.serve(world) { $0.maxRequestBytes = 1024 }
        defer { server.stop(drainTimeout: .seconds(5)) }
        let url = "http://127.0.0.1:\(server.ports[0])/v1/decisions/reader"
        let body = Array("{\"x5c\": \(APIWorld.x5c(world.readerChain))}".utf8)
        #expect(body.count > 1024)
        for chunked in [false, true] {
            let response = try LoopbackClient.send(
                "POST", url, headers: ["Content-Type: application/json"], body: body, chunked: chunked)
            #expect(response.status == 413)
            #expect(response.text.contains("\"content_too_large\""), "\(response.text)")
            #expect(!response.text.contains("trusted"))
        }
    }

    @Test("a client sending one byte per second does not delay the others, even on one thread")
    func slowClient() throws {
        let world = try APIWorld()
        let server = try Self.serve(world) {
            $0.threads = 1
            $0.connectionTimeoutSeconds = 30
        }
        defer { server.stop(drainTimeout: .zero) }
        let port = server.ports[0]
        let slow = try RawSocket.connect(port: port, receiveTimeoutSeconds: 30)
        let request = Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let finished = Gate()
        let trickle = Thread {
            for byte in request {
                try? slow.send([byte])
                if slow.peerHasClosed() { break }
                Thread.sleep(forTimeInterval: 1)
            }
            finished.open()
        }
        trickle.start()
        // While the slow request is still arriving (it takes about 30 s), 40 others complete.
        for index in 0..<40 {
            let path = index.isMultiple(of: 2) ? "/v1/snapshot" : "/readyz"
            let response = try LoopbackClient.get("http://127.0.0.1:\(port)\(path)", timeoutSeconds: 10)
            #expect(response.status == 200)
        }
        #expect(!slow.hasData(), "the slow client has not been answered: its request is not complete")
        #expect(!finished.isOpen, "the others finished while the slow client was still sending")
        slow.close()
        finished.wait()
    }

    @Test(
        "while refreshes replace the generation, every snapshot response is one generation: ETag, header and body agree"
    )
    func refreshWhileServing() throws {
        let world = try APIWorld()
        let server = try Self.serve(world)
        defer { server.stop(drainTimeout: .seconds(5)) }
        let base = "http://127.0.0.1:\(server.ports[0])"
        let stop = Gate()
        let problems = ProblemLog()
        let clients = (0..<4).map { index in
            Thread {
                var count = 0
                while !stop.isOpen {
                    do {
                        let gzip = index.isMultiple(of: 2)
                        let response = try LoopbackClient.get(base + "/v1/snapshot", decodeGzip: gzip)
                        let generation = response.header("X-Snapshot-Generation") ?? "?"
                        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                        let bodyGeneration = (object?["generation"] as? NSNumber).map { "\($0)" } ?? "none"
                        if generation != bodyGeneration {
                            problems.add("generation header \(generation), body \(bodyGeneration)")
                        }
                        let sha = hexString(Digest.sha256.hash(response.body))
                        if response.header("ETag") != "\"\(sha)\(gzip ? ".gz" : "")\"" {
                            problems.add("ETag \(response.header("ETag") ?? "-") for a body with SHA-256 \(sha)")
                        }
                        let decision = try LoopbackClient.send(
                            "POST", base + "/v1/decisions/reader", headers: ["Content-Type: application/json"],
                            body: Array("{\"x5c\": \(APIWorld.x5c(world.readerChain))}".utf8))
                        if decision.status != 200 || !decision.text.contains("\"trusted\" : true") {
                            problems.add("decision \(decision.status): \(decision.text)")
                        }
                        count += 1
                    } catch {
                        problems.add("\(error)")
                    }
                }
                problems.count(count)
            }
        }
        for client in clients { client.start() }
        let first = world.service.snapshot.generation
        for issue in 2...6 {
            try world.harness.publish(
                world.sim.vicalContent(issueID: UInt64(issue), date: TestPKI.referenceTime + Double(issue)))
            _ = try world.service.refresh(at: APIWorld.now + Double(issue), lockTimeout: 5)
            Thread.sleep(forTimeInterval: 0.05)  // let the clients see this generation too
        }
        #expect(world.service.snapshot.generation >= first + 5)
        Thread.sleep(forTimeInterval: 0.3)
        stop.open()
        problems.waitForClients(clients.count)
        #expect(problems.all.isEmpty, "\(problems.all.count) problems, the first: \(problems.all.prefix(3))")
        #expect(problems.requests > 0)
    }

    @Test("a second service configured with this server's /v1/lists URLs verifies the lists itself, pins unchanged")
    func mirror() throws {
        let world = try APIWorld()
        let server = try Self.serve(world)
        defer { server.stop(drainTimeout: .seconds(5)) }
        let base = "http://127.0.0.1:\(server.ports[0])"
        let folder = try TemporaryDirectory()
        let root = try folder.write(Array(world.sim.root.certificate.pemEncoded.utf8), to: "root.pem")
        let configuration = try RefreshHarness.configuration(
            in: folder.url, pin: world.sim.root.certificate.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: ("file://\(root.path)", "\(base)/v1/lists/sim/vical", "\(base)/v1/lists/sim/rical"),
            allowInsecure: true)
        let mirrorService = TrustService(configuration: configuration)
        let report = try mirrorService.refresh(at: APIWorld.now, lockTimeout: 5)
        #expect(report.results.allSatisfy { $0.outcome.name == "updated" }, "\(report.results.map(\.outcome.name))")
        for id in [world.harness.vicalID, world.harness.ricalID] {
            #expect(mirrorService.signedList(id) == world.service.signedList(id))
        }
        #expect(
            mirrorService.queries.readerDecision(chain: world.readerChain, at: APIWorld.now).isTrusted)
        // The next refresh asks with the ETag and is told 304: unchanged.
        let again = try mirrorService.refresh(at: APIWorld.now + 60, lockTimeout: 5)
        #expect(again.results.allSatisfy { $0.outcome.name == "unchanged" }, "\(again.results.map(\.outcome.name))")
    }
}

/// Problems found by client threads, and how many requests they made.
final class ProblemLog: @unchecked Sendable {
    // @unchecked Sendable: every member is touched under `condition`.
    private let condition = NSCondition()
    private var problems: [String] = []
    private(set) var requests = 0
    private var clientsDone = 0

    func add(_ problem: String) { condition.withLock { problems.append(problem) } }

    func count(_ requests: Int) {
        condition.withLock {
            self.requests += requests
            clientsDone += 1
            condition.broadcast()
        }
    }

    /// Waits until `clients` clients have reported (60 s bound).
    func waitForClients(_ clients: Int) {
        condition.withLock {
            let deadline = Date() + 60
            while clientsDone < clients, condition.wait(until: deadline) {}
        }
    }

    var all: [String] { condition.withLock { problems } }
}

/// A one-shot signal between threads.
final class Gate: @unchecked Sendable {
    // @unchecked Sendable: `opened` is touched under `condition`.
    private let condition = NSCondition()
    private var opened = false

    func open() {
        condition.withLock {
            opened = true
            condition.broadcast()
        }
    }

    var isOpen: Bool { condition.withLock { opened } }

    /// Waits until opened (60 s bound).
    func wait() {
        condition.withLock {
            let deadline = Date() + 60
            while !opened, condition.wait(until: deadline) {}
        }
    }
}
