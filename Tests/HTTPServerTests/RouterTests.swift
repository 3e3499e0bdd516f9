import HTTPServer
import ReasonCodes
import Testing

@Suite("HTTPRouter without a socket")
struct RouterTests {
    static func router() throws -> HTTPRouter {
        var router = HTTPRouter()
        try router.add(.get, "/") { _ in .text(200, "root") }
        try router.add(.get, "/v1/lists/{network}/{kind}") { request in
            .text(200, "capture \(request.pathParameters["network"]!) \(request.pathParameters["kind"]!)")
        }
        try router.add(.get, "/v1/lists/current/{kind}") { request in
            .text(200, "literal \(request.pathParameters["kind"]!)")
        }
        try router.add(.post, "/v1/decisions/{kind}") { request in
            .text(200, "decide \(request.pathParameters["kind"]!)")
        }
        try router.add(.put, "/v1/decisions/{kind}") { _ in .text(200, "put") }
        try router.add(.get, "/explicit-head") { _ in .text(200, "get") }
        try router.add(.head, "/explicit-head") { _ in HTTPResponse(status: 204) }
        return router
    }

    @Test(
        "requests reach the route their method and path name, literal segments before captures",
        arguments: [
            ("GET", "/", 200, "root", "/"),
            ("GET", "/v1/lists/aamva/vical", 200, "capture aamva vical", "/v1/lists/{network}/{kind}"),
            ("GET", "/v1/lists/current/vical", 200, "literal vical", "/v1/lists/current/{kind}"),
            ("POST", "/v1/decisions/reader", 200, "decide reader", "/v1/decisions/{kind}"),
            ("GET", "/v1/lists/aamva", 404, "Not Found\n", "unmatched"),
            ("GET", "/v1/lists/aamva/vical/extra", 404, "Not Found\n", "unmatched"),
            ("GET", "/v1/lists//vical", 404, "Not Found\n", "unmatched"),
            ("GET", "/V1/lists/aamva/vical", 404, "Not Found\n", "unmatched"),
            ("get", "/", 405, "Method Not Allowed\n", "/"),
        ])
    func dispatch(method: String, path: String, status: Int, body: String, route: String) throws {
        let routed = try Self.router().dispatch(HTTPRequest(method: HTTPMethod(method), path: path))

        #expect(routed.response.status == status)
        #expect(routed.response.bodyText == body)
        #expect(routed.route == route)
    }

    @Test("405 lists every method of the path in Allow, with HEAD where GET is (RFC 9110 §15.5.6)")
    func methodNotAllowedListsMethods() throws {
        let router = try Self.router()

        let decisions = router.respond(to: HTTPRequest(method: .get, path: "/v1/decisions/reader"))
        let lists = router.respond(to: HTTPRequest(method: .delete, path: "/v1/lists/aamva/vical"))

        #expect(decisions.status == 405)
        #expect(decisions.headers["Allow"] == "POST, PUT")
        #expect(lists.status == 405)
        #expect(lists.headers["allow"] == "GET, HEAD")
    }

    @Test("HEAD uses the GET handler, body kept for Content-Length, unless the path has its own HEAD route")
    func headFallsBackToGet() throws {
        let router = try Self.router()

        let fallback = router.dispatch(HTTPRequest(method: .head, path: "/v1/lists/aamva/vical"))
        let explicit = router.respond(to: HTTPRequest(method: .head, path: "/explicit-head"))

        #expect(fallback.response.status == 200)
        #expect(fallback.response.bodyText == "capture aamva vical")
        #expect(fallback.route == "/v1/lists/{network}/{kind}")
        #expect(explicit.status == 204)
    }

    @Test("routeLabel names the pattern without calling a handler")
    func routeLabel() throws {
        let router = try Self.router()

        #expect(router.routeLabel(method: .post, path: "/v1/decisions/x") == "/v1/decisions/{kind}")
        #expect(router.routeLabel(method: .head, path: "/v1/lists/current/x") == "/v1/lists/current/{kind}")
        #expect(router.routeLabel(method: .delete, path: "/v1/lists/a/b") == "/v1/lists/{network}/{kind}")
        #expect(router.routeLabel(method: .get, path: "/unknown") == HTTPRouter.unmatchedRoute)
    }

    @Test(
        "malformed patterns and duplicate routes are invalid_route",
        arguments: ["no-slash", "/a/{}", "/a/{b", "/a/x{b}", "/a/{b-c}", "/{a}/{a}", "/v1/lists/{x}/{y}"])
    func invalidPatterns(pattern: String) throws {
        var router = try Self.router()

        #expect(throws: HTTPServerError(.invalidRoute)) {
            try router.add(.get, pattern) { _ in HTTPResponse() }
        }
    }

    @Test("the same pattern may serve several methods, and unknown methods map to the OTHER metrics label")
    func methodsAndLabels() throws {
        var router = HTTPRouter()
        try router.add(.get, "/x") { _ in .text(200, "get") }
        try router.add(.post, "/x") { _ in .text(200, "post") }

        #expect(router.respond(to: HTTPRequest(method: .post, path: "/x")).bodyText == "post")
        #expect(HTTPMethod.get.metricsLabel == "GET")
        #expect(HTTPMethod("BREW").metricsLabel == "OTHER")
        #expect(HTTPMethod("get").metricsLabel == "OTHER")
    }
}

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("names match in any case; repeated fields join with a comma (RFC 9110 §5.3)")
    func lookup() {
        var headers: HTTPHeaders = ["Accept-Encoding": "gzip", "X-A": "1"]
        headers.add("accept-encoding", "br")

        #expect(headers["ACCEPT-ENCODING"] == "gzip, br")
        #expect(headers.values(for: "accept-encoding") == ["gzip", "br"])
        #expect(headers["missing"] == nil)

        headers["Accept-Encoding"] = "identity"
        #expect(headers.values(for: "accept-encoding") == ["identity"])
        #expect(headers.fields.map(\.name) == ["Accept-Encoding", "X-A"])

        headers["x-a"] = nil
        #expect(headers.count == 1)
    }
}

@Suite("Listen addresses and configuration")
struct ConfigurationTests {
    @Test(
        "numeric IPv4 and bracketed IPv6 with a port parse",
        arguments: [
            ("127.0.0.1:8441", "127.0.0.1", 8441, ListenAddress.Family.ipv4),
            ("[::1]:8441", "::1", 8441, .ipv6),
            ("0.0.0.0:0", "0.0.0.0", 0, .ipv4),
            ("[::]:65535", "::", 65535, .ipv6),
        ])
    func parses(text: String, host: String, port: Int, family: ListenAddress.Family) throws {
        let address = try ListenAddress(text)

        #expect(address.host == host)
        #expect(address.port == port)
        #expect(address.family == family)
        #expect(address.description == text)
    }

    @Test(
        "anything else is invalid_listen_address",
        arguments: [
            "localhost:8441", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "::1:8441", "[::1]",
            "[::1]8441", "[127.0.0.1]:80", "300.0.0.1:80", "127.0.0.1:80x", "", "127.0.0.1:+80", "127.0.0.1:0x50",
            "[fe80::1%eth0]:80", "127.0.0.1:١٢٣",
        ])
    func rejects(text: String) {
        #expect(throws: HTTPServerError(.invalidListenAddress)) { try ListenAddress(text) }
    }

    @Test("values out of range are invalid_configuration, before anything listens")
    func validation() throws {
        var configuration = try HTTPServerConfiguration(listening: ["127.0.0.1:0"])
        try configuration.validate()

        configuration.threads = 0
        #expect(throws: HTTPServerError(.invalidConfiguration)) { try configuration.validate() }
        configuration.threads = 1
        configuration.connectionTimeoutSeconds = 0
        #expect(throws: HTTPServerError(.invalidConfiguration)) { try configuration.validate() }
        configuration.connectionTimeoutSeconds = 1
        configuration.listeners = []
        #expect(throws: HTTPServerError(.invalidConfiguration)) {
            try HTTPServer(configuration: configuration, router: HTTPRouter())
        }
    }
}
