import Foundation
import HTTPServer
import TestSupport
import Testing

/// The `Date` field the server writes on every response (RFC 9110 §6.6.1), in place of libmicrohttpd's.
@Suite("HTTPServer over loopback: the Date field")
struct DateFieldTests {
    static func router() throws -> HTTPRouter {
        var router = HTTPRouter()
        try router.add(.get, "/hello") { _ in .text(200, "hello\n") }
        try router.add(.get, "/dated") { _ in
            var response = HTTPResponse.text(200, "dated\n")
            response.headers["Date"] = "Sun, 06 Nov 1994 08:49:37 GMT"
            return response
        }
        return router
    }

    @Test("every response has one Date, an IMF-fixdate of the second it was sent in (200, 404, HEAD)")
    func oneCurrentDate() throws {
        let server = try startServer(Self.router())
        defer { server.stop(drainTimeout: .zero) }
        for (path, method, status) in [("/hello", "GET", 200), ("/nothing", "GET", 404), ("/hello", "HEAD", 200)] {
            let before = Date().timeIntervalSince1970.rounded(.down)
            let response = try LoopbackClient.send(method, server.url(path))
            let after = Date().timeIntervalSince1970.rounded(.up)
            #expect(response.status == status)
            let dates = response.headers.filter { $0.name.lowercased() == "date" }
            #expect(dates.count == 1, "\(path) \(method)")
            // Parsed by Foundation's formatter (HTTPDate.parse), an independent reading of the text.
            let sent = try #require(dates.first.flatMap { HTTPDate.parse($0.value) }).timeIntervalSince1970
            #expect(before <= sent && sent <= after, "\(path) \(method): \(dates)")
        }
    }

    @Test("a Date the handler sets is sent as given, once")
    func handlerDateKept() throws {
        let server = try startServer(Self.router())
        defer { server.stop(drainTimeout: .zero) }
        let response = try LoopbackClient.get(server.url("/dated"))
        let dates = response.headers.filter { $0.name.lowercased() == "date" }.map(\.value)
        #expect(dates == ["Sun, 06 Nov 1994 08:49:37 GMT"])
    }
}
