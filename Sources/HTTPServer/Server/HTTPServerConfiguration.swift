/// Where and within which limits an ``HTTPServer`` serves.
public struct HTTPServerConfiguration: Sendable {
    /// One place to accept connections.
    public enum Listener: Hashable, Sendable, CustomStringConvertible {
        /// Bind and listen on this address.
        case address(ListenAddress)
        /// Accept on a socket that is already bound and listening, such as one systemd passes for socket
        /// activation (`sd_listen_fds`, fd 3 on). The server takes ownership and closes the descriptor on stop.
        case socket(Int32)

        /// The address, or `fd N`.
        public var description: String {
            switch self {
            case .address(let address): address.description
            case .socket(let descriptor): "fd \(descriptor)"
            }
        }
    }

    /// How libmicrohttpd's threads wait for sockets and share connections (docs/architecture.md, Serving, has the
    /// measurements that chose the default).
    public enum ThreadingMode: String, Hashable, Sendable, CaseIterable {
        /// ``HTTPServerConfiguration/threads`` threads, each with its own connections and its own `poll()` loop
        /// (`MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL` with a thread pool): the default.
        case pollPool = "poll"
        /// The same pool, each thread with its own `epoll` set (`MHD_USE_EPOLL_INTERNAL_THREAD`). libmicrohttpd
        /// 0.9.75's edge-triggered epoll can miss a client's close that arrives with its last bytes, holding that
        /// connection (and a drain) until the connection timeout.
        case epollPool = "epoll"
        /// One thread per connection (`MHD_USE_THREAD_PER_CONNECTION`) and one that accepts; ``threads`` is unused.
        case threadPerConnection = "thread-per-connection"
    }

    /// Where to accept connections; one libmicrohttpd daemon serves each, all sharing one handler.
    public var listeners: [Listener]
    /// Threads per listener that accept, read, call handlers and write (a libmicrohttpd thread pool); at least 1. A
    /// handler that blocks holds its thread and the connections that thread serves.
    public var threads: Int
    /// How the threads wait and share connections; default ``ThreadingMode/pollPool``.
    public var threadingMode: ThreadingMode = .pollPool
    /// `MHD_USE_TURBO`: read, write and accept before asking whether the socket is ready, and skip some of
    /// libmicrohttpd's socket settings; default false.
    public var turbo = false
    /// Connections open at once per listener (`MHD_OPTION_CONNECTION_LIMIT`); at the limit libmicrohttpd stops
    /// accepting, so further connections wait in the kernel's listen backlog until one closes. libmicrohttpd
    /// divides the limit between the listener's threads.
    public var maxConnections: Int
    /// Connections open at once from one client IP address per listener
    /// (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`); 0 for no limit. Behind a reverse proxy every connection comes
    /// from the proxy's address, so leave it 0 there.
    public var maxConnectionsPerClient: Int
    /// Seconds a connection may stay without any traffic before it is closed (`MHD_OPTION_CONNECTION_TIMEOUT`),
    /// whether it is idle between requests or stalls mid-request; at least 1.
    public var connectionTimeoutSeconds: Int
    /// The largest request body accepted, in bytes; a larger one is answered 413 Content Too Large
    /// (RFC 9110 §15.5.14) and never reaches a handler.
    public var maxRequestBytes: Int
    /// Bytes of a body without a declared length (chunked) read and dropped past ``maxRequestBytes`` so that the
    /// 413 can be sent once the body ends; a client that sends more is disconnected without an answer.
    public var maxDiscardedBytes: Int
    /// Memory per connection for reading the request line and header fields and writing the response header,
    /// in bytes (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`); larger request headers are refused by libmicrohttpd
    /// (431). The response body is copied outside this pool. libmicrohttpd 0.9.75 zeroes the whole pool for every
    /// request of a connection (`MHD_pool_reset`), so its size is paid per request: 16 KiB by default (header fields
    /// up to about 15 KiB in all), half of libmicrohttpd's own default (docs/architecture.md, Serving).
    public var connectionMemoryLimitBytes: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - listeners: where to accept connections; at least one.
    ///   - threads: threads per listener, ≥ 1.
    ///   - maxConnections: open connections per listener, ≥ 1.
    ///   - maxConnectionsPerClient: open connections per client address per listener, 0 for no limit.
    ///   - connectionTimeoutSeconds: seconds without traffic before a connection is closed, ≥ 1.
    ///   - maxRequestBytes: the largest request body in bytes, ≥ 0.
    ///   - maxDiscardedBytes: bytes of an over-size chunked body dropped before disconnecting, ≥ 0.
    ///   - connectionMemoryLimitBytes: the per-connection memory pool in bytes, ≥ 4096 (default 16 KiB).
    public init(
        listeners: [Listener], threads: Int = 4, maxConnections: Int = 1024, maxConnectionsPerClient: Int = 0,
        connectionTimeoutSeconds: Int = 30, maxRequestBytes: Int = 65536, maxDiscardedBytes: Int = 1_048_576,
        connectionMemoryLimitBytes: Int = 16384
    ) {
        self.listeners = listeners
        self.threads = threads
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.maxRequestBytes = maxRequestBytes
        self.maxDiscardedBytes = maxDiscardedBytes
        self.connectionMemoryLimitBytes = connectionMemoryLimitBytes
    }

    /// Creates a configuration that listens on addresses given as text (`127.0.0.1:8441`, `[::1]:8441`).
    /// - Parameter addresses: the listen addresses.
    /// - Throws: ``HTTPServerError`` `.invalidListenAddress` for the first address that does not parse.
    public init(listening addresses: [String]) throws(HTTPServerError) {
        var listeners: [Listener] = []
        for address in addresses {
            listeners.append(.address(try ListenAddress(address)))
        }
        self.init(listeners: listeners)
    }

    /// Checks every value's range.
    /// - Throws: ``HTTPServerError`` `.invalidConfiguration` naming the first value out of range.
    public func validate() throws(HTTPServerError) {
        func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(HTTPServerError) {
            if !condition { throw HTTPServerError(.invalidConfiguration, message()) }
        }
        try require(!listeners.isEmpty, "no listener: give at least one listen address or socket")
        try require(Set(listeners).count == listeners.count, "a listener is given twice: \(listeners)")
        try require((1...1024).contains(threads), "threads must be 1…1024, got \(threads)")
        try require(
            (1...Int(Int32.max)).contains(maxConnections), "maxConnections must be at least 1, got \(maxConnections)")
        try require(
            (0...Int(Int32.max)).contains(maxConnectionsPerClient),
            "maxConnectionsPerClient must be 0 (no limit) or more, got \(maxConnectionsPerClient)")
        try require(
            (1...86_400).contains(connectionTimeoutSeconds),
            "connectionTimeoutSeconds must be 1…86400, got \(connectionTimeoutSeconds)")
        try require(maxRequestBytes >= 0, "maxRequestBytes must not be negative, got \(maxRequestBytes)")
        try require(maxDiscardedBytes >= 0, "maxDiscardedBytes must not be negative, got \(maxDiscardedBytes)")
        try require(
            connectionMemoryLimitBytes >= 4096,
            "connectionMemoryLimitBytes must be at least 4096, got \(connectionMemoryLimitBytes)")
        for case .socket(let descriptor) in listeners {
            try require(descriptor >= 0, "listening socket descriptor must not be negative, got \(descriptor)")
        }
    }
}
