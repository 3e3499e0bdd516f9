import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite("HTTPServer: stopping with a drain")
struct ServerStopTests {
    @Test("stop lets an in-flight slow handler finish while new connections are refused")
    func drainFinishesInFlightRequest() throws {
        let events = EventLog()
        let entered = Gate()
        let release = Gate()
        var router = HTTPRouter()
        try router.add(.get, "/slow") { _ in
            events.record("handler entered")
            entered.open()
            release.wait()
            events.record("handler returns")
            return .text(200, "done")
        }
        let server = try startServer(router, configure: { $0.threads = 2 })
        let port = server.ports[0]
        defer { server.stop(drainTimeout: .zero) }

        let clientDone = Gate()
        Thread {
            do {
                let response = try LoopbackClient.get("http://127.0.0.1:\(port)/slow")
                events.record(
                    "slow response \(response.status) \(response.text) close=\(response.header("Connection") ?? "-")")
            } catch {
                events.record("slow request failed: \(error)")
            }
            clientDone.open()
        }.start()
        #expect(entered.wait())

        let stopDone = Gate()
        Thread {
            let drained = server.stop(drainTimeout: .seconds(60))
            events.record("stop returned drained=\(drained)")
            stopDone.open()
        }.start()
        // Wait until the listener is gone: connecting is refused.
        if try RawSocket.waitUntilRefused(port: port) { events.record("new connection refused") }
        events.record("releasing handler")
        release.open()
        #expect(clientDone.wait())
        #expect(stopDone.wait())

        #expect(events.happened("handler entered", before: "new connection refused"))
        #expect(events.happened("new connection refused", before: "releasing handler"))
        #expect(events.all.contains("slow response 200 done close=close"), "\(events.all)")
        #expect(events.happened("handler returns", before: "stop returned drained=true"), "\(events.all)")
        #expect(throws: SocketError.self) { try RawSocket.connect(port: port) }
    }

    @Test("a request still unfinished at the drain timeout is cut off and stop reports it")
    func drainTimeoutCutsOff() throws {
        var router = HTTPRouter()
        try router.add(.post, "/upload") { request in .text(200, "\(request.body.count)") }
        let metrics = MetricsRecorder()
        let server = try startServer(router, observer: metrics.observer)
        defer { server.stop(drainTimeout: .zero) }
        let stalled = try RawSocket.connect(port: server.ports[0])
        try stalled.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n")
        // libmicrohttpd sends "100 Continue" once the server has taken the header: the request is in flight.
        #expect(try !stalled.readSome().isEmpty)
        // Part of the body; the rest never comes.
        try stalled.send("abc")

        let drained = server.stop(drainTimeout: .milliseconds(200))

        #expect(!drained)
        #expect(try stalled.readUntilClosed().isEmpty)
        #expect(metrics.wait(for: 1).map(\.status) == [nil])
    }

    @Test("stop with nothing in flight returns at once drained, closes idle connections, and a second stop is a no-op")
    func stopWhenIdle() throws {
        var router = HTTPRouter()
        try router.add(.get, "/hello") { _ in .text(200, "hello") }
        let server = try startServer(router)
        let port = server.ports[0]
        #expect(try LoopbackClient.get(server.url("/hello")).status == 200)
        let idle = try RawSocket.connect(port: port)

        #expect(server.stop(drainTimeout: .seconds(60)))
        #expect(server.stop(drainTimeout: .seconds(60)))

        #expect(try idle.readUntilClosed().isEmpty)
        #expect(throws: SocketError.self) { try RawSocket.connect(port: port) }
    }
}

/// An object whose lifetime a test watches.
final class Canary: Sendable {}

@Suite("HTTPServer: ownership")
struct ServerOwnershipTests {
    @Test("stopping gives back the daemons' hold on the router: a handler's captures are freed with the server")
    func stopReleasesRouter() throws {
        weak var watched: Canary?
        do {
            let canary = Canary()
            watched = canary
            var router = HTTPRouter()
            try router.add(.get, "/hello") { _ in
                withExtendedLifetime(canary) {}
                return .text(200, "hello")
            }
            let server = try startServer(router)
            #expect(try LoopbackClient.get(server.url("/hello")).status == 200)
            server.stop(drainTimeout: .seconds(5))
        }

        #expect(watched == nil)
    }

    @Test("a server let go of without stop is stopped by deinit and frees the router")
    func deinitStops() throws {
        weak var watched: Canary?
        var port = 0
        do {
            let canary = Canary()
            watched = canary
            var router = HTTPRouter()
            try router.add(.get, "/hello") { _ in
                withExtendedLifetime(canary) {}
                return .text(200, "hello")
            }
            let server = try startServer(router)
            port = server.ports[0]
            #expect(try LoopbackClient.get(server.url("/hello")).status == 200)
        }

        #expect(watched == nil)
        #expect(throws: SocketError.self) { try RawSocket.connect(port: port) }
    }
}
