import HTTPServer

/// Starts a server for a test on `127.0.0.1` with an ephemeral port.
/// - Parameters:
///   - router: the routes.
///   - configure: changes to the default configuration.
///   - observer: the metrics observer, if any.
///   - logger: the logger, if any.
func startServer(
    _ router: HTTPRouter, configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    observer: (@Sendable (HTTPRequestMetrics) -> Void)? = nil, logger: (@Sendable (String) -> Void)? = nil
) throws -> HTTPServer {
    var configuration = try HTTPServerConfiguration(listening: ["127.0.0.1:0"])
    configure(&configuration)
    return try HTTPServer(configuration: configuration, router: router, observer: observer, logger: logger)
}

extension HTTPServer {
    /// `http://127.0.0.1:<port>` of the first listener, followed by `path`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(ports[0])\(path)" }
}
