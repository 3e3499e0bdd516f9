import Foundation
import Glibc
import HTTPServer
import ReasonCodes
import TestSupport
import Testing

@Suite("HTTPServer: slow and idle clients, concurrency, listeners")
struct ServerConnectionTests {
    static func router() throws -> HTTPRouter {
        var router = HTTPRouter()
        try router.add(.get, "/hello") { _ in .text(200, "hello\n") }
        try router.add(.get, "/v1/lists/{network}/{kind}") { request in
            .text(200, "\(request.pathParameters["network"]!)/\(request.pathParameters["kind"]!)")
        }
        try router.add(.post, "/upload") { request in .text(200, "\(request.body.count)") }
        return router
    }

    @Test("a client trickling its request one byte per second does not delay another client's request")
    func slowlorisDoesNotHoldTheServer() throws {
        // One thread: the slow client and the other share the daemon's only polling thread.
        let server = try startServer(Self.router(), configure: { $0.threads = 1 })
        defer { server.stop(drainTimeout: .zero) }
        let events = EventLog()
        let firstByteSent = Gate()
        let stopTrickling = Gate()
        let slow = try RawSocket.connect(port: server.ports[0])
        let trickler = Thread {
            for (index, byte) in "GET /hello HTTP/1.1\r\nHost: slow\r\n\r\n".utf8.enumerated() {
                do { try slow.send([byte]) } catch { break }
                events.record("slow byte \(index)")
                if index == 0 { firstByteSent.open() }
                // One byte a second, until the test says stop.
                if stopTrickling.wait(seconds: 1) { break }
            }
            events.record("slow stopped")
        }
        trickler.start()
        defer { stopTrickling.open() }
        #expect(firstByteSent.wait())

        let fast = try LoopbackClient.get(server.url("/hello"))
        events.record("fast completed \(fast.status)")
        if !slow.peerHasClosed() { events.record("slow still open") }
        stopTrickling.open()

        #expect(events.happened("slow byte 0", before: "fast completed 200"))
        #expect(events.happened("fast completed 200", before: "slow still open"))
        #expect(!events.all.contains("slow stopped") || events.happened("slow still open", before: "slow stopped"))
    }

    @Test(
        "a connection without traffic for the connection timeout is closed by the server",
        arguments: [
            "",  // idle from the start
            "GET /hello HTTP/1.1\r\nHo",  // stalled in the header
            "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc",  // stalled in the body
        ])
    func idleConnectionIsClosed(sent: String) throws {
        let metrics = MetricsRecorder()
        let server = try startServer(
            Self.router(), configure: { $0.connectionTimeoutSeconds = 1 }, observer: metrics.observer)
        defer { server.stop(drainTimeout: .zero) }
        let socket = try RawSocket.connect(port: server.ports[0])
        try socket.send(sent)

        // Returns when the server closes; the socket's 60 s receive timeout makes a server that never does fail.
        let received = try socket.readUntilClosed()

        #expect(
            received.isEmpty, "the server answered instead of closing: \(String(decoding: received, as: UTF8.self))")
        if sent.contains("\r\n\r\n") {
            #expect(metrics.wait(for: 1).map(\.status) == [nil])
        }
    }

    @Test("requests from eight threads at once each get their own answer")
    func concurrentRequests() throws {
        let server = try startServer(Self.router(), configure: { $0.threads = 4 })
        defer { server.stop(drainTimeout: .zero) }
        let failures = EventLog()

        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<25 {
                let path = "/v1/lists/n\(thread)/k\(index)"
                do {
                    let response = try LoopbackClient.get(server.url(path))
                    if response.status != 200 || response.text != "n\(thread)/k\(index)" {
                        failures.record("\(path): \(response.status) \(response.text)")
                    }
                } catch {
                    failures.record("\(path): \(error)")
                }
            }
        }

        #expect(failures.all.isEmpty)
    }

    @Test("binding a port another socket listens on is bind_failed, naming the address and the cause")
    func portInUseIsBindFailed() throws {
        let (holder, port) = try RawSocket.listen()
        defer { holder.close() }
        let configuration = try HTTPServerConfiguration(listening: ["127.0.0.1:\(port)"])

        let error = #expect(throws: HTTPServerError(.bindFailed)) {
            try HTTPServer(configuration: configuration, router: Self.router())
        }

        let reason = error?.reason ?? ""
        #expect(reason.contains("127.0.0.1:\(port)"), "\(reason)")
        #expect(reason.contains("already in use"), "\(reason)")
    }

    @Test("a second listener that cannot bind stops the first again")
    func failedSecondListenerStopsFirst() throws {
        let (holder, port) = try RawSocket.listen()
        defer { holder.close() }
        let (probe, free) = try RawSocket.listen()
        probe.close()
        let configuration = try HTTPServerConfiguration(listening: ["127.0.0.1:\(free)", "127.0.0.1:\(port)"])

        #expect(throws: HTTPServerError(.bindFailed)) {
            try HTTPServer(configuration: configuration, router: Self.router())
        }
        // The first daemon let go of its port: binding it again works.
        let again = try HTTPServer(
            configuration: try HTTPServerConfiguration(listening: ["127.0.0.1:\(free)"]), router: Self.router())
        again.stop(drainTimeout: .zero)
    }

    @Test("a listening socket passed in (as systemd does) is served, and its port reported")
    func servesPassedSocket() throws {
        let (socket, port) = try RawSocket.listen()
        let descriptor = socket.release()
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(listeners: [.socket(descriptor)]), router: Self.router())
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.get("http://127.0.0.1:\(port)/hello")

        #expect(server.ports == [port])
        #expect(response.status == 200)
        #expect(response.text == "hello\n")
    }

    @Test("an IPv6 listening socket passed in is served, and the handler sees the client as ::1")
    func servesPassedIPv6Socket() throws {
        var router = HTTPRouter()
        try router.add(.get, "/who") { request in .text(200, request.remoteAddress ?? "unknown") }
        let (socket, port) = try RawSocket.listen(ipv6: true)
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(listeners: [.socket(socket.release())]), router: router)
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.get("http://[::1]:\(port)/who")

        #expect(server.ports == [port])
        #expect(response.text == "::1")
    }

    @Test("one server listens on IPv4 and IPv6 loopback at once, each on its own ephemeral port")
    func servesIPv4AndIPv6() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(listening: ["127.0.0.1:0", "[::1]:0"]), router: Self.router())
        defer { server.stop(drainTimeout: .zero) }

        let ipv4 = try LoopbackClient.get("http://127.0.0.1:\(server.ports[0])/hello")
        let ipv6 = try LoopbackClient.get("http://[::1]:\(server.ports[1])/hello")

        #expect(server.ports.allSatisfy { $0 > 0 })
        #expect(ipv4.status == 200)
        #expect(ipv6.status == 200)
    }
}

@Suite("HTTPServer: descriptors that are not listening sockets")
struct PassedSocketCheckTests {
    @Test("a descriptor that is closed, not a socket, or not listening is start_failed and left open")
    func refusesNonListening() throws {
        let pipeEnds = try makePipe()
        defer {
            _ = close(pipeEnds.0)
            _ = close(pipeEnds.1)
        }
        let unconnected = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { _ = close(unconnected) }

        for descriptor in [pipeEnds.0, unconnected, Int32(4000)] {
            let error = #expect(throws: HTTPServerError(.startFailed)) {
                try HTTPServer(
                    configuration: HTTPServerConfiguration(listeners: [.socket(descriptor)]), router: HTTPRouter())
            }
            #expect(error?.reason.contains("fd \(descriptor)") == true)
        }
        #expect(fcntl(pipeEnds.0, F_GETFD) != -1)
        #expect(fcntl(unconnected, F_GETFD) != -1)
    }

    private func makePipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SocketError("pipe", errno) }
        return (ends[0], ends[1])
    }
}

@Suite("HTTPServer: libmicrohttpd's connection limits")
struct ServerConnectionLimitTests {
    @Test("past maxConnections a new connection waits unaccepted until a served one closes")
    func connectionLimit() throws {
        var router = HTTPRouter()
        try router.add(.get, "/hello") { _ in .text(200, "hello") }
        let server = try startServer(
            router,
            configure: {
                $0.threads = 1
                $0.maxConnections = 2
                $0.connectionTimeoutSeconds = 600
            })
        defer { server.stop(drainTimeout: .zero) }
        let request = "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"
        // A response on each proves the daemon accepted both connections.
        let first = try RawSocket.connect(port: server.ports[0])
        let second = try RawSocket.connect(port: server.ports[0])
        for socket in [first, second] {
            try socket.send(request)
            #expect(try !socket.readSome().isEmpty)
        }

        let third = try RawSocket.connect(port: server.ports[0])
        try third.send(request)
        // The daemon's one thread answers another request after the third connection's request arrived, and
        // still has not answered the third: at the limit it leaves new connections in the backlog.
        try second.send(request)
        #expect(try !second.readSome().isEmpty)
        let answeredAtLimit = !third.peerHasClosed() && third.hasData()
        first.close()
        let answeredAfterClose = try !third.readSome().isEmpty

        #expect(!answeredAtLimit)
        #expect(answeredAfterClose)
    }

    @Test("the default connection memory (16 KiB) serves 12 KB of header fields and refuses 20 KB with 431")
    func defaultMemoryLimit() throws {
        var router = HTTPRouter()
        try router.add(.get, "/hello") { _ in .text(200, "hello") }
        let server = try startServer(router)
        defer { server.stop(drainTimeout: .zero) }

        let served = try LoopbackClient.get(
            server.url("/hello"), headers: ["X-Big: " + String(repeating: "a", count: 12000)])
        let refused = try LoopbackClient.get(
            server.url("/hello"), headers: ["X-Big: " + String(repeating: "a", count: 20000)])

        #expect(served.status == 200)
        #expect(refused.status == 431)
    }

    @Test("a request header larger than the connection memory is refused by libmicrohttpd without the handler")
    func headerOverMemoryLimit() throws {
        let calls = HandlerCalls()
        var router = HTTPRouter()
        try router.add(.get, "/hello") { request in
            calls.record(request.body.count)
            return .text(200, "hello")
        }
        let server = try startServer(router, configure: { $0.connectionMemoryLimitBytes = 16384 })
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.get(
            server.url("/hello"), headers: ["X-Big: " + String(repeating: "a", count: 20000)])
        let normal = try LoopbackClient.get(server.url("/hello"))

        #expect(response.status == 431)
        #expect(calls.bodySizes == [0])
        #expect(normal.status == 200)
    }
}
