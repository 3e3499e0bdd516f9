import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite("HTTPServer over loopback: routing, HEAD, headers, query, metrics")
struct ServerRoutingTests {
    static func router() throws -> HTTPRouter {
        var router = HTTPRouter()
        try router.add(.get, "/hello") { _ in .text(200, "hello\n") }
        try router.add(.get, "/v1/lists/{network}/{kind}") { request in
            .text(200, "\(request.pathParameters["network"]!) \(request.pathParameters["kind"]!)")
        }
        try router.add(.post, "/echo") { request in
            var response = HTTPResponse(status: 200, body: request.body)
            response.headers["X-Method"] = request.method.rawValue
            response.headers["X-Query"] = request.queryItems.map { "\($0.name)=\($0.value ?? "<none>")" }
                .joined(separator: "&")
            response.headers["X-Header"] = request.headers["x-test"] ?? "<absent>"
            response.headers["X-Remote"] = request.remoteAddress ?? "<unknown>"
            return response
        }
        return router
    }

    @Test("a GET to a route is 200 with the handler's body and the server's Content-Length and Date")
    func getIsServed() throws {
        let server = try startServer(Self.router())
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.get(server.url("/hello"))

        #expect(response.status == 200)
        #expect(response.text == "hello\n")
        #expect(response.header("Content-Length") == "6")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(response.header("Date") != nil)
    }

    @Test("captures reach the handler")
    func capturesReachHandler() throws {
        let server = try startServer(Self.router())
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.get(server.url("/v1/lists/aamva/vical"))

        #expect(response.status == 200)
        #expect(response.text == "aamva vical")
    }

    @Test("an unknown path is 404")
    func unknownPathIs404() throws {
        let server = try startServer(Self.router())
        defer { server.stop(drainTimeout: .zero) }

        #expect(try LoopbackClient.get(server.url("/nope")).status == 404)
        #expect(try LoopbackClient.get(server.url("/v1/lists/aamva")).status == 404)
    }

    @Test("a known path with another method is 405 with Allow listing the path's methods")
    func wrongMethodIs405() throws {
        let server = try startServer(Self.router())
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.send("DELETE", server.url("/hello"))
        let post = try LoopbackClient.send("POST", server.url("/hello"), body: Array("x".utf8))

        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
    }

    @Test("HEAD is answered by the GET route with its Content-Length and no body")
    func headIsGetWithoutBody() throws {
        let server = try startServer(Self.router())
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.send("HEAD", server.url("/hello"))

        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "6")
        #expect(response.body.isEmpty)
    }

    @Test("the handler gets the body, method, decoded query, headers in any case and the client address")
    func requestPartsReachHandler() throws {
        let server = try startServer(Self.router())
        defer { server.stop(drainTimeout: .zero) }
        let body = (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) }

        let response = try LoopbackClient.send(
            "POST", server.url("/echo?a=1&b=x%20y&flag&c=a+b%2Bc&e="),
            headers: ["X-Test: yes", "Content-Type: application/x-www-form-urlencoded"],
            body: body)

        #expect(response.status == 200)
        #expect(response.body == body)
        #expect(response.header("X-Method") == "POST")
        #expect(response.header("X-Query") == "a=1&b=x y&flag=<none>&c=a b+c&e=")
        #expect(response.header("X-Header") == "yes")
        #expect(response.header("X-Remote") == "127.0.0.1")
    }

    @Test("the observer gets the route pattern, method, status and a duration for every request")
    func observerReportsRoutes() throws {
        let metrics = MetricsRecorder()
        let server = try startServer(Self.router(), observer: metrics.observer)
        defer { server.stop(drainTimeout: .zero) }

        _ = try LoopbackClient.get(server.url("/v1/lists/aamva/vical"))
        _ = try LoopbackClient.get(server.url("/nope/\(UUID())"))
        _ = try LoopbackClient.send("BREW", server.url("/hello"))
        // The reports come when each exchange ends, on the daemon's threads: in any order.
        let reports = metrics.wait(for: 3).sorted { $0.route < $1.route }

        #expect(reports.map(\.route) == ["/hello", "/v1/lists/{network}/{kind}", "unmatched"])
        #expect(reports.map(\.method) == ["OTHER", "GET", "GET"])
        #expect(reports.map(\.status) == [405, 200, 404])
        #expect(reports.allSatisfy { $0.durationSeconds >= 0 })
    }
}

@Suite("HTTPServer: what a handler may not send")
struct ServerResponseCheckTests {
    @Test(
        "a header field that could split the response is refused: 500 instead, and a log line",
        arguments: [
            ("X-Injected", "a\r\nSet-Cookie: evil=1"), ("X-Bad\r\nName", "v"), ("Bad Name", "v"), ("X-Nul", "a\u{0}b"),
            ("", "v"),
        ])
    func refusesSplittingFields(name: String, value: String) throws {
        var router = HTTPRouter()
        try router.add(.get, "/bad") { _ in
            var response = HTTPResponse.text(200, "should not be sent")
            response.headers.add(name, value)
            return response
        }
        let logs = LogRecorder()
        let metrics = MetricsRecorder()
        let server = try startServer(router, observer: metrics.observer, logger: logs.logger)
        defer { server.stop(drainTimeout: .zero) }

        let response = try LoopbackClient.get(server.url("/bad"))

        #expect(response.status == 500)
        #expect(response.header("Set-Cookie") == nil)
        #expect(metrics.wait(for: 1).map(\.status) == [500])
        #expect(logs.all.contains { $0.contains("/bad") && $0.contains("answering 500") }, "\(logs.all)")
    }

    @Test("a status outside 100…999 becomes 500; Content-Length and Transfer-Encoding set by a handler are ignored")
    func statusAndFramingFields() throws {
        var router = HTTPRouter()
        try router.add(.get, "/status") { _ in HTTPResponse(status: 42) }
        try router.add(.get, "/framing") { _ in
            HTTPResponse(
                status: 200, headers: ["Content-Length": "999", "Transfer-Encoding": "chunked"],
                body: Array("four".utf8))
        }
        let server = try startServer(router)
        defer { server.stop(drainTimeout: .zero) }

        let status = try LoopbackClient.get(server.url("/status"))
        let framing = try LoopbackClient.get(server.url("/framing"))

        #expect(status.status == 500)
        #expect(framing.status == 200)
        #expect(framing.header("Content-Length") == "4")
        #expect(framing.header("Transfer-Encoding") == nil)
        #expect(framing.text == "four")
    }

    @Test("libmicrohttpd's messages go to the logger, not to stderr: a bind failure is logged and in the error")
    func libraryMessagesReachLogger() throws {
        let (holder, port) = try RawSocket.listen()
        defer { holder.close() }
        let logs = LogRecorder()
        let configuration = try HTTPServerConfiguration(listening: ["127.0.0.1:\(port)"])

        let error = #expect(throws: HTTPServerError(.bindFailed)) {
            try HTTPServer(configuration: configuration, router: HTTPRouter(), logger: logs.logger)
        }

        #expect(logs.all.contains { $0.contains("Address already in use") }, "\(logs.all)")
        #expect(error?.reason.contains("libmicrohttpd:") == true)
    }
}
