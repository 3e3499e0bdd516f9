import HTTPServer

/// One route of the API: a method, a path pattern and the ``TrustAPI`` method that answers.
public struct Route: Sendable {
    /// The method it answers (`GET` routes answer `HEAD` too).
    public let method: HTTPMethod
    /// The path pattern (`/v1/lists/{network}/{kind}`), also the route's metrics label.
    public let pattern: String
    /// The handler: a plain function of the API and the whole request.
    public let handler: @Sendable (TrustAPI, HTTPRequest) -> HTTPResponse

    /// Creates a route.
    /// - Parameters:
    ///   - method: the method.
    ///   - pattern: literal segments and `{name}` captures.
    ///   - handler: answers the request.
    public init(
        _ method: HTTPMethod, _ pattern: String, _ handler: @escaping @Sendable (TrustAPI, HTTPRequest) -> HTTPResponse
    ) {
        self.method = method
        self.pattern = pattern
        self.handler = handler
    }
}

extension TrustAPI {
    /// Every route of the API, one line each; adding an endpoint is adding a line here and its handler.
    public static let routes: [Route] = [
        Route(.get, "/") { $0.consolePage($1) },
        Route(.get, "/console/{asset}") { $0.consoleAsset($1) },
        Route(.get, "/healthz") { $0.health($1) },
        Route(.get, "/readyz") { $0.readiness($1) },
        Route(.get, "/metrics") { $0.metrics($1) },
        Route(.get, "/v1/status") { $0.status($1) },
        Route(.get, "/v1/snapshot") { $0.snapshot($1) },
        Route(.get, "/v1/lists/{network}/{kind}") { $0.signedList($1) },
        Route(.get, "/v1/crls/{network}/{issuerSHA256}") { $0.signedCRL($1) },
        Route(.get, "/v1/status-lists/{uriSHA256}") { $0.signedStatusList($1) },
        Route(.get, "/v1/events") { $0.events($1) },
        Route(.post, "/v1/refresh") { $0.refreshNow($1) },
        Route(.post, "/v1/decisions/reader") { $0.readerDecision($1) },
        Route(.post, "/v1/decisions/issuer") { $0.issuerDecision($1) },
        Route(.post, "/v1/decisions/request") { $0.requestDecision($1) },
        Route(.post, "/v1/decisions/device-request") { $0.deviceRequestDecision($1) },
        Route(.post, "/v1/decisions/credential") { $0.credentialDecision($1) },
        Route(.post, "/evaluation") { $0.evaluation($1) },
        Route(.post, "/access/v1/evaluation") { $0.evaluation($1) },
        Route(.post, "/access/v1/evaluations") { $0.evaluations($1) },
        Route(.get, "/.well-known/authzen-configuration") { $0.authZENConfiguration($1) },
    ]
}
