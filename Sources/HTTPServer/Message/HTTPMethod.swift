/// An HTTP request method (RFC 9110 §9). Methods are case-sensitive tokens: `get` is not `GET` (§9.1).
public struct HTTPMethod: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The method token as sent on the request line.
    public let rawValue: String

    /// Wraps a method token.
    /// - Parameter rawValue: the token, case preserved.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a method token.
    /// - Parameter rawValue: the token, case preserved.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The token.
    public var description: String { rawValue }

    /// `GET` (RFC 9110 §9.3.1).
    public static let get = HTTPMethod("GET")
    /// `HEAD` (RFC 9110 §9.3.2): a `GET` whose response carries no content.
    public static let head = HTTPMethod("HEAD")
    /// `POST` (RFC 9110 §9.3.3).
    public static let post = HTTPMethod("POST")
    /// `PUT` (RFC 9110 §9.3.4).
    public static let put = HTTPMethod("PUT")
    /// `DELETE` (RFC 9110 §9.3.5).
    public static let delete = HTTPMethod("DELETE")
    /// `OPTIONS` (RFC 9110 §9.3.7).
    public static let options = HTTPMethod("OPTIONS")
    /// `PATCH` (RFC 5789).
    public static let patch = HTTPMethod("PATCH")

    /// The methods of RFC 9110 §9.3 and `PATCH`: the values ``metricsLabel`` keeps as they are.
    static let registered: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ]

    /// The method for a metrics label: a registered method's token, or `OTHER`, so that clients cannot create
    /// labels at will.
    public var metricsLabel: String {
        switch rawValue {
        // The common ones without hashing: this runs for every request.
        case "GET", "POST", "HEAD": rawValue
        default: Self.registered.contains(rawValue) ? rawValue : "OTHER"
        }
    }
}
