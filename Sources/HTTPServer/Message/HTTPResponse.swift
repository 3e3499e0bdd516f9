/// One HTTP response as a handler returns it: status, header fields and the whole content.
///
/// The server adds `Content-Length` and `Date` itself; a `Content-Length` or `Transfer-Encoding` set here is
/// ignored. For `HEAD` the server sends the header fields, with the `Content-Length` of this body, and no content
/// (RFC 9110 §9.3.2). A 304 has no content either (§15.4.5); give it none: libmicrohttpd 0.9.75 writes
/// `Content-Length: 0` on it (docs/architecture.md, Serving).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code (RFC 9110 §15), 100…999.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The content (bytes).
    public var body: [UInt8]

    /// Creates a response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the header fields.
    ///   - body: the content bytes.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a UTF-8 `text/plain` body.
    /// - Parameters:
    ///   - status: the status code.
    ///   - text: the body, sent as UTF-8.
    /// - Returns: the response with `Content-Type: text/plain; charset=utf-8`.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// The body as UTF-8 text (invalid sequences replaced), for tests and logs.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
