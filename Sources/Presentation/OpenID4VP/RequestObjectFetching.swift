/// How a request object is fetched from `request_uri` (RFC 9101 §5.2; OpenID4VP 1.0 §5.10).
public enum RequestObjectFetchMethod: Sendable, Hashable {
    /// HTTP GET.
    case get
    /// HTTP POST with this `application/x-www-form-urlencoded` body (`wallet_nonce=…&wallet_metadata=…`).
    case post(formBody: [UInt8])
}

/// Fetches a request object from a `request_uri`: the one piece of I/O of an OpenID4VP decision, behind a protocol so
/// that the Presentation target never links libcurl; the service fulfils it with its libcurl fetcher.
///
/// An implementation enforces the transport policy: `https` only (refusing others with ``PresentationError``
/// `insecure_request_uri`, OpenID4VP 1.0 §5.10), its timeouts, redirect rules and byte cap (a body over it is
/// `limits_exceeded` or `request_fetch_failed`), and an HTTP error status as `request_fetch_failed` (§5.10 "Request
/// URI Error Response": the wallet terminates). For POST it sends the body as
/// `Content-Type: application/x-www-form-urlencoded`. Errors other than a ``PresentationError`` are reported as
/// `request_fetch_failed` with their description.
public protocol RequestObjectFetching: Sendable {
    /// Fetches `url` and returns the response body and its `Content-Type`.
    /// - Parameters:
    ///   - url: the `request_uri`, as received.
    ///   - method: GET, or POST with a form body.
    ///   - accept: the `Accept` header to send: ``RequestObject/mediaType``.
    /// - Returns: the body bytes and the `Content-Type` header value (nil when absent).
    /// - Throws: ``PresentationError`` (`insecure_request_uri`, `request_fetch_failed`, `limits_exceeded`), or any
    ///   other error, reported as `request_fetch_failed`.
    func fetchRequestObject(
        url: String, method: RequestObjectFetchMethod, accept: String
    ) throws -> (body: [UInt8], contentType: String?)
}
