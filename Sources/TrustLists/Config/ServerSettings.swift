import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where and within which limits `trustlistd` serves its HTTP API; the `server` object of the configuration file.
/// Absent, the daemon serves nothing unless systemd passes it listening sockets (socket activation).
///
/// `{}` is valid: every key has a default. TLS is not configured here: put a reverse proxy in front
/// (docs/operations.md).
public struct ServerSettings: Hashable, Sendable {
    /// The default listen address: loopback only, port 8441.
    public static let defaultListen = ["127.0.0.1:8441"]

    /// Numeric addresses to listen on, `IPv4:port` or `[IPv6]:port` (host names are not resolved); default
    /// ``defaultListen``. Ignored when systemd passes sockets.
    public var listen: [String]
    /// Connections open at once per listener (default 1024); more wait in the kernel's backlog.
    public var maxConnections: Int
    /// Seconds a connection may stay without traffic, idle or mid-request, before it is closed (default 30): a
    /// client that trickles a request cannot hold a connection longer.
    public var connectionTimeoutSeconds: Int
    /// The largest request body accepted, in bytes (default 65536); larger ones are answered 413.
    public var maxRequestBytes: Int
    /// Threads per listener that read requests and run handlers (default ``defaultThreads``).
    public var threads: Int
    /// Connections open at once from one client address, per listener (default 256; 0: no limit): one address
    /// trickling bytes on many connections cannot take every connection. Behind a reverse proxy every connection
    /// comes from the proxy: raise it to the proxy's upstream connections, or set 0.
    public var maxConnectionsPerClient: Int
    /// Whether `POST /v1/decisions/request` fetches a `request_uri` (default false). Fetching makes this server
    /// request any URL a caller names (server-side request forgery toward internal hosts) and holds one of its
    /// threads for up to the `http` deadlines; callers fetch the request object themselves and post it as `request`.
    public var fetchRequestURIs: Bool
    /// Who may ask for a refresh now (`POST /v1/refresh`); nil (the default): nobody, the endpoint is off.
    public var admin: AdminSettings?
    /// The URL clients reach this server at (`https://trust.example`, no path, query or trailing slash), what AuthZEN
    /// discovery (`/.well-known/authzen-configuration`) names; nil (the default): `http://` and the request's `Host`.
    /// Set it behind a TLS reverse proxy.
    public var publicBaseURL: String?

    /// The default of ``threads``: one per core the process may run on, plus one (3 on 2 cores; at most 1024, the
    /// setting's own bound). Measured on 2 cores
    /// under `wrk` (README, Performance): 4 threads doubled the 99th-percentile latency at 64 connections against 3
    /// (a descheduled thread holds its connections' requests), for the same requests per second; 2 threads lost a
    /// tenth of them.
    public static var defaultThreads: Int { min(ProcessInfo.processInfo.activeProcessorCount + 1, 1024) }

    /// Settings with every value at its default.
    public init() {
        listen = Self.defaultListen
        maxConnections = 1024
        connectionTimeoutSeconds = 30
        maxRequestBytes = 65536
        threads = Self.defaultThreads
        maxConnectionsPerClient = 256
        fetchRequestURIs = false
        admin = nil
    }

    /// Reads the `server` object.
    /// - Parameters:
    ///   - reader: the object, or nil when the key is absent (then the result is nil: no server).
    ///   - folder: the configuration file's folder, for relative paths (`admin.tokenFile`).
    /// - Throws: ``ConfigurationError`` naming the key for an unknown key, a wrong type, a value out of range, a
    ///   listen address that is not a numeric `IPv4:port` / `[IPv6]:port`, or a wrong `admin` object.
    init?(_ reader: JSONObjectReader?, folder: URL) throws(ConfigurationError) {
        guard let reader else { return nil }
        self.init()
        try reader.requireOnly([
            "listen", "maxConnections", "connectionTimeoutSeconds", "maxRequestBytes", "threads",
            "maxConnectionsPerClient", "fetchRequestURIs", "admin", "publicBaseURL",
        ])
        if let entries = try reader.array("listen") {
            guard !entries.isEmpty else {
                throw reader.error(at: "listen", "must name at least one address, like \"127.0.0.1:8441\"")
            }
            var addresses: [String] = []
            for (entry, path) in entries {
                guard case .string(let text) = entry else {
                    throw ConfigurationError(
                        file: reader.file, path: path,
                        message: "expected a string like \"127.0.0.1:8441\", found \(entry.described)")
                }
                if let problem = Self.problem(withListenAddress: text) {
                    throw ConfigurationError(file: reader.file, path: path, message: problem)
                }
                guard !addresses.contains(text) else {
                    throw ConfigurationError(file: reader.file, path: path, message: "\"\(text)\" is given twice")
                }
                addresses.append(text)
            }
            listen = addresses
        }
        maxConnections = try reader.integer("maxConnections", in: 1...1_000_000) ?? maxConnections
        connectionTimeoutSeconds =
            try reader.integer("connectionTimeoutSeconds", in: 1...86_400) ?? connectionTimeoutSeconds
        maxRequestBytes = try reader.integer("maxRequestBytes", in: 0...(16 << 20)) ?? maxRequestBytes
        threads = try reader.integer("threads", in: 1...1024) ?? threads
        maxConnectionsPerClient =
            try reader.integer("maxConnectionsPerClient", in: 0...1_000_000) ?? maxConnectionsPerClient
        fetchRequestURIs = try reader.bool("fetchRequestURIs") ?? fetchRequestURIs
        admin = try AdminSettings(reader.object("admin"), folder: folder)
        if let base = try reader.string("publicBaseURL") {
            guard let url = URLComponents(string: base), url.scheme == "https" || url.scheme == "http",
                url.host?.isEmpty == false, url.path.isEmpty, url.query == nil, url.fragment == nil, url.user == nil,
                base.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
            else {
                throw reader.error(
                    at: "publicBaseURL",
                    "\"\(base)\": expected an http(s) URL without path, query or trailing slash, like "
                        + "\"https://trust.example\"")
            }
            publicBaseURL = base
        }
    }

    /// What is wrong with a listen address, or nil when it is a numeric `IPv4:port` or `[IPv6]:port`.
    static func problem(withListenAddress text: String) -> String? {
        let usage = "expected a numeric IPv4:port like \"127.0.0.1:8441\" or [IPv6]:port like \"[::1]:8441\""
        let host: Substring
        let port: Substring
        let ipv6 = text.hasPrefix("[")
        if ipv6 {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return "\"\(text)\": \(usage)"
            }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.firstIndex(of: ":"), text.lastIndex(of: ":") == colon else {
                return "\"\(text)\": \(usage)"
            }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !port.isEmpty, port.count <= 5, port.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(port),
            number <= 65535
        else {
            return "\"\(text)\": port \"\(port)\" is not a number 0…65535"
        }
        var buffer = in6_addr()
        guard inet_pton(ipv6 ? AF_INET6 : AF_INET, String(host), &buffer) == 1 else {
            return "\"\(text)\": \"\(host)\" is not a numeric \(ipv6 ? "IPv6" : "IPv4") address (host names are not "
                + "resolved)"
        }
        return nil
    }
}
