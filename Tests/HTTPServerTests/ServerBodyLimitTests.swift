import Foundation
import HTTPServer
import TestSupport
import Testing

/// Counts handler calls and remembers the body sizes they saw.
final class HandlerCalls: @unchecked Sendable {
    // @unchecked Sendable: `sizes` is only touched under `lock`.
    private let lock = NSLock()
    private var sizes: [Int] = []

    func record(_ size: Int) { lock.withLock { sizes.append(size) } }
    var bodySizes: [Int] { lock.withLock { sizes } }
}

@Suite("HTTPServer: the request body cap")
struct ServerBodyLimitTests {
    static let cap = 65536

    /// `POST /upload` answers with the body's length and a checksum; every call is recorded.
    static func router(_ calls: HandlerCalls) throws -> HTTPRouter {
        var router = HTTPRouter()
        try router.add(.post, "/upload") { request in
            calls.record(request.body.count)
            let sum = request.body.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
            return .text(200, "\(request.body.count) \(sum)")
        }
        return router
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) } }

    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) } }

    @Test(
        "a 1 MiB POST with Content-Length is 413 and never reaches the handler",
        arguments: [["Expect: 100-continue"], ["Expect:"]])
    func declaredLengthOverCap(expect: [String]) throws {
        let calls = HandlerCalls()
        let metrics = MetricsRecorder()
        let server = try startServer(
            Self.router(calls), configure: { $0.maxRequestBytes = Self.cap }, observer: metrics.observer)
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.send(
            "POST", server.url("/upload"), headers: expect, body: Self.bytes(1_048_576))

        #expect(response.status == 413)
        #expect(calls.bodySizes.isEmpty)
        #expect(metrics.wait(for: 1).map(\.status) == [413])
        #expect(metrics.all.map(\.route) == ["/upload"])
    }

    @Test("a chunked upload past the cap is read to its end, answered 413 and never reaches the handler")
    func chunkedOverCap() throws {
        let calls = HandlerCalls()
        let server = try startServer(Self.router(calls), configure: { $0.maxRequestBytes = Self.cap })
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.send(
            "POST", server.url("/upload"), headers: ["Expect:"], body: Self.bytes(200_000), chunked: true)

        #expect(response.status == 413)
        #expect(calls.bodySizes.isEmpty)
    }

    @Test("a chunked upload past the cap and the discard allowance is disconnected without reaching the handler")
    func chunkedFarOverCap() throws {
        let calls = HandlerCalls()
        let metrics = MetricsRecorder()
        let server = try startServer(
            Self.router(calls),
            configure: {
                $0.maxRequestBytes = Self.cap
                $0.maxDiscardedBytes = Self.cap
            }, observer: metrics.observer)
        defer { server.stop(drainTimeout: .zero) }

        #expect(throws: ClientError.self) {
            try LoopbackClient.send(
                "POST", server.url("/upload"), headers: ["Expect:"], body: Self.bytes(4_000_000), chunked: true)
        }

        #expect(metrics.wait(for: 1).map(\.status) == [nil])
        #expect(calls.bodySizes.isEmpty)
    }

    @Test(
        "a body of exactly the cap reaches the handler whole, with or without chunked coding",
        arguments: [false, true])
    func bodyAtCapIsWhole(chunked: Bool) throws {
        let calls = HandlerCalls()
        let server = try startServer(Self.router(calls), configure: { $0.maxRequestBytes = Self.cap })
        defer { server.stop(drainTimeout: .zero) }
        let body = Self.bytes(Self.cap)

        let response = try LoopbackClient.send(
            "POST", server.url("/upload"), headers: ["Expect:"], body: body, chunked: chunked)

        #expect(response.status == 200)
        #expect(response.text == "\(Self.cap) \(Self.checksum(body))")
        #expect(calls.bodySizes == [Self.cap])
    }

    @Test("a request whose client goes away mid-body never reaches the handler")
    func partialBodyNeverReachesHandler() throws {
        let calls = HandlerCalls()
        let metrics = MetricsRecorder()
        let server = try startServer(Self.router(calls), observer: metrics.observer)
        defer { server.stop(drainTimeout: .zero) }

        let socket = try RawSocket.connect(port: server.ports[0])
        try socket.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 1000\r\n\r\n")
        try socket.send(Self.bytes(500))
        socket.close()

        // The observer's report is the event that the server is done with the request.
        let reports = metrics.wait(for: 1)
        #expect(reports.map(\.status) == [nil])
        #expect(reports.map(\.route) == ["/upload"])
        #expect(calls.bodySizes.isEmpty)
    }
}
