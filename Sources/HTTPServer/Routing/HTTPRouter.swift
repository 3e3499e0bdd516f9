import ReasonCodes

/// Routes requests by method and path pattern to plain handler functions.
///
/// Patterns are literal segments and `{name}` captures (`/v1/lists/{network}/{kind}`); where several patterns
/// match a path, the one with a literal at the first differing segment wins. A path no pattern matches is 404; a
/// path some pattern matches, but not with the request's method, is 405 with an `Allow` field listing the methods
/// it has (RFC 9110 §15.5.6). `HEAD` is served by the `GET` handler when no `HEAD` route exists (RFC 9110 §9.3.2).
///
/// The router is a value with no socket: tests call ``respond(to:)`` directly.
public struct HTTPRouter: Sendable {
    /// A handler: a plain function from a complete request to a response. It runs on one of the server's
    /// threads, possibly at the same time as other requests.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// A response together with the route that produced it.
    public struct Routed: Sendable {
        /// The response.
        public var response: HTTPResponse
        /// The route's pattern as registered (`/v1/lists/{network}/{kind}`), or ``HTTPRouter/unmatchedRoute``:
        /// a metrics label with as few values as there are routes.
        public var route: String
    }

    /// The route label of requests whose path matches no pattern.
    public static let unmatchedRoute = "unmatched"

    /// Makes the body of a response the router or the server produces itself (404, 405, 413): the status, a stable
    /// reason code (`not_found`, `method_not_allowed`, `content_too_large`) and a message for a person. The router
    /// adds `Allow` to a 405 afterwards.
    public typealias ErrorResponder = @Sendable (_ status: Int, _ reason: ReasonCode, _ message: String) -> HTTPResponse

    /// The default ``ErrorResponder``: the message and a line feed as `text/plain`.
    public static let plainTextErrors: ErrorResponder = { status, _, message in .text(status, message + "\n") }

    /// How 404, 405 and 413 bodies look; default ``plainTextErrors``. An API sets one that writes its own error
    /// shape (JSON with the reason code), so that every error body it sends has one form.
    public var errorResponder: ErrorResponder = HTTPRouter.plainTextErrors

    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let handler: Handler
    }

    private var routes: [Route] = []
    /// The routes whose pattern has no capture, by pattern text: most requests are answered from here with one
    /// lookup instead of matching every pattern (``resolve(method:path:)``).
    private var literalRoutes: [String: [Int]] = [:]

    /// Creates a router with no routes: every request gets 404.
    public init() {}

    /// Adds a route.
    /// - Parameters:
    ///   - method: the method it answers (a `GET` route answers `HEAD` too, unless a `HEAD` route exists).
    ///   - pattern: `/`-separated literal segments and `{name}` captures of whole, non-empty segments; the
    ///     captured values reach the handler in ``HTTPRequest/pathParameters``.
    ///   - handler: the function that answers.
    /// - Throws: ``HTTPServerError`` `.invalidRoute` for a malformed pattern, or one whose shape (literals and
    ///   capture positions) already has a route for `method`.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler
    ) throws(HTTPServerError) {
        let parsed = try RoutePattern(pattern)
        if let existing = routes.first(where: { $0.method == method && $0.pattern.shape == parsed.shape }) {
            throw HTTPServerError(
                .invalidRoute, "route \(method) \(pattern) duplicates route \(method) \(existing.pattern.text)")
        }
        if parsed.segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
            literalRoutes[parsed.text, default: []].append(routes.count)
        }
        routes.append(Route(method: method, pattern: parsed, handler: handler))
    }

    /// Answers a request: the matching route's handler, or 404 or 405.
    /// - Parameter request: the request; its ``HTTPRequest/pathParameters`` are replaced by the route's captures.
    /// - Returns: the response. For `HEAD` served by a `GET` handler the body is kept, so that the server can send
    ///   its `Content-Length`; the server sends no content for `HEAD`.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        dispatch(request).response
    }

    /// Answers a request and names the route that did.
    /// - Parameters:
    ///   - request: the request.
    ///   - resolution: ``resolve(method:path:)`` of the request's method and path, when the caller has it already
    ///     (the server resolves each request once, when its header is read); nil resolves it here.
    /// - Returns: the response and the route label (the pattern, or ``unmatchedRoute`` for 404).
    public func dispatch(_ request: HTTPRequest, resolution: Resolution? = nil) -> Routed {
        let resolution = resolution ?? resolve(method: request.method, path: request.path)
        switch resolution.target {
        case .notFound:
            return Routed(response: errorResponder(404, .notFound, "Not Found"), route: resolution.route)
        case .notAllowed(let allow):
            var response = errorResponder(405, .methodNotAllowed, "Method Not Allowed")
            response.headers["Allow"] = allow
            return Routed(response: response, route: resolution.route)
        case .handler(let handler, let captures):
            var routed = request
            routed.pathParameters = captures
            return Routed(response: handler(routed), route: resolution.route)
        }
    }

    /// What a method and path resolve to: the route that answers (with its captures), or 404, or 405 with the
    /// methods allowed; found once per request.
    public struct Resolution: Sendable {
        /// The route label: the answering pattern; for 405 the best matching pattern; ``unmatchedRoute`` for 404.
        public let route: String
        fileprivate let target: Target

        fileprivate enum Target: Sendable {
            case handler(Handler, [String: String])
            case notFound
            case notAllowed(allow: String)
        }
    }

    /// Resolves a method and path to a route, without calling a handler.
    /// - Parameters:
    ///   - method: the request method (`HEAD` is answered by a `GET` route when no `HEAD` route matches).
    ///   - path: the decoded path.
    /// - Returns: the route and captures of the most specific matching pattern for the method; else 405 naming the
    ///   methods of the matching patterns; else 404.
    public func resolve(method: HTTPMethod, path: String) -> Resolution {
        // A pattern of literals only that spells the path and has the method is the most specific match for it: any
        // other matching pattern has a capture where it has a literal. Anything else takes the full match below.
        if let indices = literalRoutes[path], let index = indices.first(where: { routes[$0].method == method }) {
            return Resolution(route: routes[index].pattern.text, target: .handler(routes[index].handler, [:]))
        }
        let pathSegments = RoutePattern.split(path)
        let matches = routes.compactMap { route in route.pattern.match(pathSegments).map { (route, $0) } }
        guard !matches.isEmpty else { return Resolution(route: Self.unmatchedRoute, target: .notFound) }
        let candidates =
            matches.contains { $0.0.method == method }
            ? matches.filter { $0.0.method == method }
            : method == .head ? matches.filter { $0.0.method == .get } : []
        guard let (route, captures) = Self.mostSpecific(candidates) else {
            let (best, _) = Self.mostSpecific(matches)!
            return Resolution(
                route: best.pattern.text, target: .notAllowed(allow: Self.allowed(matches.map(\.0.method))))
        }
        return Resolution(route: route.pattern.text, target: .handler(route.handler, captures))
    }

    /// The route label a request for `path` with `method` would get, without calling a handler
    /// (``resolve(method:path:)``'s).
    /// - Parameters:
    ///   - method: the request method.
    ///   - path: the decoded path.
    /// - Returns: the most specific matching pattern for the method, else the best matching pattern, else
    ///   ``unmatchedRoute``.
    public func routeLabel(method: HTTPMethod, path: String) -> String {
        resolve(method: method, path: path).route
    }

    private static func mostSpecific(_ matches: [(Route, [String: String])]) -> (Route, [String: String])? {
        matches.reduce(nil) { best, next in
            guard let best else { return next }
            return next.0.pattern.isMoreSpecific(than: best.0.pattern) ? next : best
        }
    }

    /// The `Allow` value: the methods, with `HEAD` where `GET` is, sorted and unique.
    private static func allowed(_ methods: [HTTPMethod]) -> String {
        var names = Set(methods.map(\.rawValue))
        if names.contains("GET") { names.insert("HEAD") }
        return names.sorted().joined(separator: ", ")
    }
}
