import Foundation
import HTTPServer
import TrustLists
import TrustListsService

/// The HTTP API served with libmicrohttpd: a ``TrustAPI``'s router on an ``HTTPServer`` configured from the
/// configuration's `server` object, listening on its addresses or on sockets passed by systemd.
///
/// The server runs its own threads; starting it and stopping it are the only calls a daemon makes. TLS is not
/// served here: a reverse proxy terminates it (docs/operations.md).
public final class APIServer: Sendable {
    /// The API answering requests.
    public let api: TrustAPI
    /// The running server.
    public let server: HTTPServer

    /// Starts serving.
    /// - Parameters:
    ///   - api: the API.
    ///   - settings: limits and listen addresses (the `server` object; defaults when absent).
    ///   - passedSockets: listening sockets passed by systemd (`sd_listen_fds`, fd 3 on); when any, they replace
    ///     ``ServerSettings/listen``.
    ///   - logger: receives the server's and libmicrohttpd's messages, one line each.
    /// - Throws: ``HTTPServerError`` `.invalidListenAddress`, `.invalidConfiguration`, `.bindFailed` (the message
    ///   names the address and what to do) or `.startFailed`.
    public init(
        api: TrustAPI, settings: ServerSettings, passedSockets: [Int32] = [],
        logger: (@Sendable (String) -> Void)? = nil
    ) throws(HTTPServerError) {
        self.api = api
        server = try HTTPServer(
            configuration: try Self.configuration(settings, passedSockets: passedSockets), router: api.makeRouter(),
            observer: api.observer, logger: logger)
    }

    /// The server configuration for `settings`.
    /// - Parameters:
    ///   - settings: the `server` object.
    ///   - passedSockets: sockets from systemd; when any, they are the listeners.
    /// - Throws: ``HTTPServerError`` `.invalidListenAddress` for an address that does not parse.
    public static func configuration(
        _ settings: ServerSettings, passedSockets: [Int32]
    ) throws(HTTPServerError) -> HTTPServerConfiguration {
        var listeners: [HTTPServerConfiguration.Listener] = passedSockets.map { .socket($0) }
        if listeners.isEmpty {
            for address in settings.listen { listeners.append(.address(try ListenAddress(address))) }
        }
        return HTTPServerConfiguration(
            listeners: listeners, threads: settings.threads, maxConnections: settings.maxConnections,
            maxConnectionsPerClient: settings.maxConnectionsPerClient,
            connectionTimeoutSeconds: settings.connectionTimeoutSeconds, maxRequestBytes: settings.maxRequestBytes)
    }

    /// The bound ports, in listener order (the system's choice for port 0).
    public var ports: [Int] { server.ports }

    /// Stops accepting, lets requests in flight finish for up to `drainTimeout`, then stops.
    /// - Returns: true when every request in flight finished.
    @discardableResult
    public func stop(drainTimeout: Duration) -> Bool { server.stop(drainTimeout: drainTimeout) }
}
