internal import CMicroHTTPD
import Foundation
internal import Glibc

/// An HTTP/1.1 server on libmicrohttpd: it owns one daemon per listener, all answering through one
/// ``HTTPRouter``, on libmicrohttpd's own threads.
///
/// The server starts in `init` and serves until ``stop(drainTimeout:)``. Bodies are read whole, within
/// ``HTTPServerConfiguration/maxRequestBytes``, before a handler sees the request; larger ones get 413.
/// libmicrohttpd parses HTTP, enforces the connection limits and timeouts, and writes `Date`, `Content-Length`
/// and the status line.
///
/// Call ``stop(drainTimeout:)`` before letting go of the server; `deinit` stops it without a drain as a fallback.
/// The running daemons keep the router, and so its handlers, alive: a server that a handler captures lives until
/// it is stopped. Do not stop the server from inside a handler: stopping waits for the handlers' threads.
public final class HTTPServer: @unchecked Sendable {
    // @unchecked Sendable: the lets never change after init; `daemons` and `stopResult` change only in stop(),
    // under `stopLock`.

    /// One libmicrohttpd daemon and its listener.
    private struct Daemon {
        let handle: OpaquePointer
        let listener: HTTPServerConfiguration.Listener
        let port: Int
    }

    /// The configuration the server runs with.
    public let configuration: HTTPServerConfiguration
    /// The TCP port each listener is bound to, in the order of ``HTTPServerConfiguration/listeners``: the
    /// system's choice where the address asked for port 0.
    public let ports: [Int]

    private let core: ServerCore
    /// The +1 on `core` that the daemons' callbacks rely on; given back once every daemon has stopped.
    private let context: Unmanaged<ServerCore>
    private let daemons: [Daemon]
    private let stopLock = NSLock()
    private var stopResult: Bool?

    /// Starts serving.
    /// - Parameters:
    ///   - configuration: listeners and limits; validated first.
    ///   - router: answers every request; its handlers run on the server's threads, several at once.
    ///   - observer: called once per request that reached the server (header read), when the exchange ends,
    ///     with the route label, method, status and duration; on the server's threads. Nil for none.
    ///   - logger: receives libmicrohttpd's messages and the server's own (one line each, no newline); nil
    ///     drops them. Nothing goes to stderr.
    /// - Throws: ``HTTPServerError`` with code
    ///   - `.invalidConfiguration`: a value out of range (``HTTPServerConfiguration/validate()``);
    ///   - `.bindFailed`: an address could not be bound (in use, not local, privileged port); the message says
    ///     which and what to do;
    ///   - `.startFailed`: libmicrohttpd refused to start otherwise (a socket passed in that is not listening).
    ///   Daemons already started are stopped again before the error is thrown.
    public init(
        configuration: HTTPServerConfiguration, router: HTTPRouter,
        observer: (@Sendable (HTTPRequestMetrics) -> Void)? = nil, logger: (@Sendable (String) -> Void)? = nil
    ) throws(HTTPServerError) {
        try configuration.validate()
        let core = ServerCore(router: router, configuration: configuration, observer: observer, logger: logger)
        let context = Unmanaged.passRetained(core)
        var daemons: [Daemon] = []
        for listener in configuration.listeners {
            do {
                daemons.append(try Self.startDaemon(listener, configuration, core: core, context: context))
            } catch {
                for daemon in daemons { MHD_stop_daemon(daemon.handle) }
                context.release()
                throw error
            }
        }
        self.configuration = configuration
        self.core = core
        self.context = context
        self.daemons = daemons
        self.ports = daemons.map(\.port)
    }

    deinit {
        stop(drainTimeout: .zero)
    }

    /// Stops serving, letting requests in flight finish first.
    ///
    /// New connections are refused at once: each daemon stops accepting (`MHD_quiesce_daemon`) and a socket the
    /// server bound itself stops listening, so clients get "connection refused". (A socket passed in, from
    /// systemd, is only no longer accepted on: systemd holds it and queues connections for the next instance.)
    /// Requests whose header has been read run to their end for up to `drainTimeout`, their responses closing
    /// the connection; then every daemon stops (`MHD_stop_daemon`), closing the connections left. A handler
    /// still running then is waited for: libmicrohttpd joins its threads.
    /// - Parameter drainTimeout: how long to wait for requests in flight; `.zero` stops at once.
    /// - Returns: true when no request was in flight any more when the daemons stopped. A later call returns the
    ///   first call's result, once that call has finished.
    @discardableResult
    public func stop(drainTimeout: Duration) -> Bool {
        stopLock.lock()
        defer { stopLock.unlock() }
        if let stopResult { return stopResult }
        core.beginDrain()
        var quiescedSockets: [Int32] = []
        for daemon in daemons {
            let socket = MHD_quiesce_daemon(daemon.handle)
            guard socket != MHD_INVALID_SOCKET else { continue }
            quiescedSockets.append(socket)
            if case .address = daemon.listener {
                // The descriptor stays open (a polling thread may still hold it) but the socket leaves the
                // LISTEN state, so new connections are refused instead of waiting in the backlog.
                _ = shutdown(socket, Int32(SHUT_RDWR))
            }
        }
        let drained = core.waitForInFlightRequests(timeout: drainTimeout)
        for daemon in daemons {
            MHD_stop_daemon(daemon.handle)
        }
        // After MHD_quiesce_daemon the listening socket is ours to close, once its daemon has stopped.
        for socket in quiescedSockets {
            _ = close(socket)
        }
        context.release()
        stopResult = drained
        return drained
    }

    // MARK: Starting a daemon

    private static func startDaemon(
        _ listener: HTTPServerConfiguration.Listener, _ configuration: HTTPServerConfiguration, core: ServerCore,
        context: Unmanaged<ServerCore>
    ) throws(HTTPServerError) -> Daemon {
        // Own threads (docs/architecture.md, Serving): by default an internal poll() loop per thread of a pool. Not
        // epoll by default: libmicrohttpd 0.9.75's edge-triggered epoll mode missed a client's close that arrived
        // together with its last bytes, so the connection (and its request, holding up a drain) stayed until the
        // connection timeout. ITC (an eventfd) lets MHD_quiesce_daemon wake the threads. ERROR_LOG sends
        // libmicrohttpd's messages to the logger below, never to stderr.
        var flags = MHD_USE_ITC.rawValue | MHD_USE_ERROR_LOG.rawValue
        switch configuration.threadingMode {
        case .pollPool: flags |= MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
        case .epollPool: flags |= MHD_USE_EPOLL_INTERNAL_THREAD.rawValue
        case .threadPerConnection:
            flags |=
                MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
                | MHD_USE_POLL.rawValue
        }
        if configuration.turbo { flags |= MHD_USE_TURBO.rawValue }
        let cls = context.toOpaque()
        // The logger first, so that libmicrohttpd's messages about the later options reach it too.
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(
                option: .EXTERNAL_LOGGER, value: functionAddress(logCallback), ptr_value: cls),
            MHD_OptionItem(
                option: .NOTIFY_COMPLETED, value: functionAddress(requestCompletedCallback),
                ptr_value: cls),
            MHD_OptionItem(option: .UNESCAPE_CALLBACK, value: functionAddress(unescapeCallback), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: configuration.maxConnections, ptr_value: nil),
            MHD_OptionItem(
                option: .CONNECTION_TIMEOUT, value: configuration.connectionTimeoutSeconds, ptr_value: nil),
            MHD_OptionItem(
                option: .CONNECTION_MEMORY_LIMIT, value: configuration.connectionMemoryLimitBytes,
                ptr_value: nil),
        ]
        if configuration.threads > 1 && configuration.threadingMode != .threadPerConnection {
            options.append(
                MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threads, ptr_value: nil))
        }
        if configuration.maxConnectionsPerClient > 0 {
            options.append(
                MHD_OptionItem(
                    option: .PER_IP_CONNECTION_LIMIT, value: configuration.maxConnectionsPerClient,
                    ptr_value: nil))
        }
        let end = MHD_OptionItem(option: .END, value: 0, ptr_value: nil)

        core.captureStartMessages()
        let handle: OpaquePointer?
        var systemError: Int32 = 0
        switch listener {
        case .socket(let descriptor):
            // libmicrohttpd takes any descriptor here, even a closed one or a terminal, and fails later.
            try checkListening(descriptor)
            options.append(MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(descriptor), ptr_value: nil))
            options.append(end)
            handle = shim_MHD_start_daemon(flags, 0, accessHandlerCallback, cls, &options)
            systemError = errno
        case .address(let address):
            if address.family == .ipv6 { flags |= MHD_USE_IPv6.rawValue }
            handle = address.withSocketAddress { socketAddress, _ in
                // libmicrohttpd binds during MHD_start_daemon, so the address need only live through the call.
                options.append(
                    MHD_OptionItem(
                        option: .SOCK_ADDR, value: 0,
                        ptr_value: UnsafeMutableRawPointer(mutating: socketAddress)))
                options.append(end)
                let started = shim_MHD_start_daemon(
                    flags, UInt16(address.port), accessHandlerCallback, cls, &options)
                systemError = errno
                return started
            }
        }
        let messages = core.takeStartMessages()
        guard let handle else {
            throw startError(listener, messages: messages, systemError: systemError)
        }
        var port = Int(shim_MHD_daemon_bound_port(handle))
        if port == 0, case .address(let address) = listener { port = address.port }
        return Daemon(handle: handle, listener: listener, port: port)
    }

    /// Checks that a descriptor passed in is a TCP-style socket in the LISTEN state.
    private static func checkListening(_ descriptor: Int32) throws(HTTPServerError) {
        var accepting: Int32 = 0
        var type: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0 else {
            throw HTTPServerError(
                .startFailed,
                "cannot serve on fd \(descriptor): \(String(cString: strerror(errno))); expected a listening socket "
                    + "(for systemd socket activation, the first is fd 3)")
        }
        length = socklen_t(MemoryLayout<Int32>.size)
        guard accepting == 1, getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &length) == 0,
            type == Int32(SOCK_STREAM.rawValue)
        else {
            throw HTTPServerError(
                .startFailed,
                "cannot serve on fd \(descriptor): it is a socket, but not a stream socket in the listening state "
                    + "(call listen() on it, or check the systemd socket unit's ListenStream=)")
        }
    }

    /// The error for a daemon that did not start, from what libmicrohttpd logged and errno.
    private static func startError(
        _ listener: HTTPServerConfiguration.Listener, messages: [String], systemError: Int32
    ) -> HTTPServerError {
        let said = messages.isEmpty ? "" : " (libmicrohttpd: \(messages.joined(separator: "; ")))"
        guard case .address(let address) = listener else {
            return HTTPServerError(
                .startFailed,
                "cannot serve on the listening socket \(listener): it must be a bound, listening TCP socket"
                    + said)
        }
        let causes: [(Int32, String)] = [
            (
                EADDRINUSE,
                "the port is already in use, by another process or another listener; stop that or choose "
                    + "another port"
            ),
            (
                EACCES,
                "ports below 1024 need privileges (CAP_NET_BIND_SERVICE or systemd socket activation); "
                    + "choose a port of 1024 or above"
            ),
            (EADDRNOTAVAIL, "the address is not assigned to any interface of this host"),
            (EAFNOSUPPORT, "this host has no \(address.family == .ipv6 ? "IPv6" : "IPv4") support"),
        ]
        let logged = messages.joined(separator: " ")
        for (code, advice) in causes
        where logged.contains(String(cString: strerror(code))) || (messages.isEmpty && systemError == code) {
            return HTTPServerError(
                .bindFailed, "cannot listen on \(address): \(String(cString: strerror(code))): \(advice)\(said)")
        }
        if logged.lowercased().contains("bind") {
            return HTTPServerError(.bindFailed, "cannot listen on \(address)\(said)")
        }
        return HTTPServerError(.startFailed, "cannot start serving on \(address)\(said)")
    }

    /// A C function's address as the `intptr_t` an `MHD_OptionItem` carries for options with two pointers.
    private static func functionAddress<Function>(_ function: Function) -> Int {
        Int(bitPattern: unsafeBitCast(function, to: UnsafeRawPointer.self))
    }
}
