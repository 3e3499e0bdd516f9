import ReasonCodes

/// An error from the HTTP server: a stable ``Code`` and a message a person can act on (which address, what the
/// system said, what to try). Equality compares the code only, so tests write
/// `#expect(throws: HTTPServerError(.bindFailed))`.
public typealias HTTPServerError = CodedError<HTTPServerErrorDomain>

/// The family of ``HTTPServerError``; its codes (below) join the one ``ReasonCode`` vocabulary.
public enum HTTPServerErrorDomain {}

extension ReasonCode {
    /// A listen address that is not `IPv4:port` or `[IPv6]:port` with a numeric address and a port in 0…65535.
    public static let invalidListenAddress = Self(rawValue: "invalid_listen_address")
    /// The daemon could not listen on an address: the port is in use, the address is not on this host, or the
    /// port needs privileges; the message names the address and what the system said.
    public static let bindFailed = Self(rawValue: "bind_failed")
    /// A configuration value out of range (no listener, zero threads, a negative timeout, …).
    public static let invalidConfiguration = Self(rawValue: "invalid_configuration")
    /// libmicrohttpd refused to start for another reason than binding (an unusable socket passed in, options it
    /// rejects, no threads); the message carries what libmicrohttpd logged.
    public static let startFailed = Self(rawValue: "start_failed")
    /// A route pattern that is not `/`-separated literal segments and `{name}` captures, or a duplicate route.
    public static let invalidRoute = Self(rawValue: "invalid_route")
}

/// The codes of the responses the router and the server make themselves (``HTTPRouter/ErrorResponder``).
extension ReasonCode {
    /// No route matches the request's path (404 Not Found, RFC 9110 §15.5.5).
    public static let notFound = Self(rawValue: "not_found")
    /// A route matches the path but not the method (405 Method Not Allowed with `Allow`, RFC 9110 §15.5.6).
    public static let methodNotAllowed = Self(rawValue: "method_not_allowed")
    /// The request body is over the configured cap (413 Content Too Large, RFC 9110 §15.5.14).
    public static let contentTooLarge = Self(rawValue: "content_too_large")
    /// The request's length is ambiguous: `Content-Length` beside `Transfer-Encoding`, or several `Content-Length`
    /// values (400 Bad Request and the connection closed, RFC 9112 §6.3): what a proxy and this server could read
    /// as different requests.
    public static let ambiguousRequestLength = Self(rawValue: "ambiguous_request_length")
    /// A `Transfer-Encoding` other than `chunked` (501 Not Implemented, RFC 9112 §6.1).
    public static let unsupportedTransferCoding = Self(rawValue: "unsupported_transfer_coding")
}
