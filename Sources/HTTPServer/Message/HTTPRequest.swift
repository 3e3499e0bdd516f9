/// One HTTP request as a handler sees it: method, path, query, headers and the whole body.
///
/// The server builds it only once the body has been read completely and within the size cap, so a handler never
/// sees a partial body. Tests build it directly to call handlers without a socket.
public struct HTTPRequest: Sendable {
    /// One `name=value` pair of the query string.
    public struct QueryItem: Sendable, Equatable {
        /// The name, decoded.
        public var name: String
        /// The value, decoded; empty for `?name=`, nil for a bare `?name`.
        public var value: String?

        /// Creates a query item.
        /// - Parameters:
        ///   - name: the name, decoded.
        ///   - value: the value, decoded, or nil for none.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The request method.
    public var method: HTTPMethod
    /// The path of the request target without the query (RFC 9110 §4.2.1), percent-decoded by libmicrohttpd:
    /// `/v1/lists/aamva/vical`. A `%2F` becomes a `/` and so separates segments for routing; `+` stays `+`.
    public var path: String
    /// The query's items in order, decoded by libmicrohttpd as HTML forms encode them: `%XX` escapes and `+` for
    /// a space.
    public var queryItems: [QueryItem]
    /// The header fields.
    public var headers: HTTPHeaders
    /// The whole request content (bytes); empty when there is none.
    public var body: [UInt8]
    /// The client's IP address as text (`127.0.0.1`, `::1`), or nil when unknown (tests, non-IP sockets).
    public var remoteAddress: String?
    /// The client's TCP port, or nil when unknown.
    public var remotePort: UInt16?
    /// The values of the route pattern's `{name}` captures, set by ``HTTPRouter`` before it calls the handler.
    public var pathParameters: [String: String]

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method.
    ///   - path: the decoded path, starting with `/`.
    ///   - queryItems: the decoded query items.
    ///   - headers: the header fields.
    ///   - body: the content bytes.
    ///   - remoteAddress: the client's IP address, if known.
    ///   - remotePort: the client's TCP port, if known.
    public init(
        method: HTTPMethod, path: String, queryItems: [QueryItem] = [], headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [], remoteAddress: String? = nil, remotePort: UInt16? = nil
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
        self.pathParameters = [:]
    }

    /// The client as logs name it: `address:port` (`[address]:port` for IPv6, RFC 3986 §3.2.2), the address alone
    /// when the port is unknown, nil when neither is known.
    public var remoteEndpoint: String? {
        guard let address = remoteAddress else { return nil }
        guard let port = remotePort else { return address }
        return address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
    }

    /// The value of the first query item called `name`, or nil when there is none or it has no value.
    /// - Parameter name: the decoded name, compared exactly.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}
