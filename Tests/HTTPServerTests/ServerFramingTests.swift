import Foundation
import HTTPServer
import TestSupport
import Testing

/// Requests whose length a proxy and this server could read differently (request smuggling, RFC 9112 §6.1, §6.3)
/// and paths that unescape to a NUL byte: refused, and never answered as a second request on the same connection.
@Suite("HTTPServer over loopback: request framing and NUL in the path")
struct ServerFramingTests {
    static func router() throws -> HTTPRouter {
        var router = HTTPRouter()
        router.errorResponder = { status, reason, message in .text(status, "\(reason.rawValue): \(message)\n") }
        try router.add(.get, "/status") { _ in .text(200, "status\n") }
        try router.add(.post, "/echo") { request in HTTPResponse(status: 200, body: request.body) }
        return router
    }

    /// Sends `request` and a second, pipelined request on one connection; returns all that came back before the
    /// server closed it.
    func exchange(_ request: String, port: Int) throws -> String {
        let socket = try RawSocket.connect(port: port, receiveTimeoutSeconds: 10)
        try socket.send(request + "GET /status HTTP/1.1\r\nHost: test\r\n\r\n")
        return String(decoding: try socket.readUntilClosed(), as: UTF8.self)
    }

    @Test(
        "ambiguous lengths are 400 ambiguous_request_length, an unknown transfer coding 501; the connection is closed",
        arguments: [
            (
                "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "0\r\n\r\n", "400", "ambiguous_request_length"
            ),
            (
                "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\nContent-Length: 4\r\n\r\nabcd",
                "400", "ambiguous_request_length"
            ),
            (
                "POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", "501",
                "unsupported_transfer_coding"
            ),
        ])
    func refused(request: String, status: String, code: String) throws {
        let server = try startServer(try Self.router())
        defer { server.stop(drainTimeout: .zero) }
        let answer = try exchange(request, port: server.ports[0])
        #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(answer)")
        #expect(answer.contains(code), "\(answer)")
        // The pipelined GET is never answered: the connection was closed after the refusal.
        #expect(!answer.contains("status\n"), "\(answer)")
    }

    @Test(
        "a Content-Length list, negative or past 2^64 is refused by libmicrohttpd itself with its HTML page, connection closed",
        arguments: ["2, 2", "-1", "18446744073709551616"])
    func contentLengthRefusedByLibrary(value: String) throws {
        let server = try startServer(try Self.router())
        defer { server.stop(drainTimeout: .zero) }
        let answer = try exchange(
            "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: \(value)\r\n\r\nab"
                + "GET /status HTTP/1.1\r\nHost: test\r\n\r\n", port: server.ports[0])
        #expect(answer.hasPrefix("HTTP/1.1 400 ") || answer.hasPrefix("HTTP/1.1 413 "), "\(answer)")
        #expect(answer.lowercased().contains("<html"), "\(answer)")
        #expect(!answer.contains("status\n"), "\(answer)")
    }

    @Test("a chunked request alone is read, and the next request on the connection answered")
    func chunkedAccepted() throws {
        let server = try startServer(try Self.router())
        defer { server.stop(drainTimeout: .zero) }
        let answer = try exchange(
            "POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n0\r\n\r\n"
                + "GET /status HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n", port: server.ports[0])
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer)")
        #expect(answer.contains("abcd"), "\(answer)")
        #expect(answer.contains("status\n"), "\(answer)")
    }

    @Test("a path that unescapes to a NUL byte matches no route (it would end the C string early)")
    func nulInPath() throws {
        let server = try startServer(try Self.router())
        defer { server.stop(drainTimeout: .zero) }
        for path in ["/status%00.css", "/status%00/..", "/sta%00tus"] {
            let response = try LoopbackClient.get(server.url(path))
            #expect(response.status == 404, "\(path)")
        }
        #expect(try LoopbackClient.get(server.url("/%73tatus")).status == 200, "other escapes are still decoded")
    }
}
