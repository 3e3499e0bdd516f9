/// One download of a trust list or root certificate: where from, and the validators of the last successful
/// download so that an unchanged source can answer 304 Not Modified (RFC 9110 §13.1).
public struct FetchRequest: Hashable, Sendable {
    /// The absolute URL to fetch (`https://…`; `http://…` and `file://…` only where
    /// ``HTTPSettings/allowInsecureURLs`` is true).
    public var url: String
    /// The `ETag` of the last successful download, sent back verbatim as `If-None-Match`; nil to send none.
    public var etag: String?
    /// The `Last-Modified` value of the last successful download, sent back verbatim as `If-Modified-Since`;
    /// nil to send none.
    public var lastModified: String?
    /// The `Accept` header value; nil sends the trust-list default (COSE, CBOR, then anything).
    public var accept: String?
    /// A body to POST as `application/x-www-form-urlencoded`; nil makes the request a GET. (OpenID4VP 1.0 §5.10:
    /// `request_uri_method=post`.)
    public var formBody: [UInt8]?
    /// Whether `http://` is allowed without ``HTTPSettings/allowInsecureURLs``: true for CRLs, which their
    /// signature makes authentic whatever the transport (``URLPolicy``). Default false.
    public var allowsPlainHTTP = false
    /// The body cap for this request in bytes, instead of ``HTTPSettings/maxBytes``; nil for that one. CRLs use
    /// the network's `revocation.maxBytes`.
    public var maxBytes: Int?
    /// The configuration setting ``maxBytes`` comes from (`revocation.maxBytes`), named in a `too_large` message so
    /// that a person raises the right one; nil names `http.maxBytes`.
    public var maxBytesSetting: String?
    /// Whether to send a `User-Agent` naming this software (true for lists, roots and CRLs, so that publishers see who
    /// fetches them); false for a fetch a wallet makes on the holder's behalf, which must not reveal the wallet's
    /// software (OpenID4VP 1.0 §15.8: `request_uri`), and then no `User-Agent` is sent.
    public var identifiesSoftware: Bool

    /// Creates a request.
    /// - Parameters:
    ///   - url: the absolute URL to fetch.
    ///   - etag: the `ETag` of the last success, or nil. A value containing control characters (CR, LF, NUL…)
    ///     is not sent, since it cannot be a header value; the request is then unconditional.
    ///   - lastModified: the `Last-Modified` of the last success, or nil; control characters as for `etag`.
    ///   - accept: the `Accept` header value, or nil for the trust-list default.
    ///   - formBody: a form body to POST, or nil for a GET.
    ///   - identifiesSoftware: whether to send a `User-Agent` naming this software.
    public init(
        url: String, etag: String? = nil, lastModified: String? = nil, accept: String? = nil, formBody: [UInt8]? = nil,
        identifiesSoftware: Bool = true
    ) {
        self.identifiesSoftware = identifiesSoftware
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.accept = accept
        self.formBody = formBody
    }

    /// True when the request carries a validator that can be sent, so that a 304 answer is meaningful.
    public var isConditional: Bool { sendableETag != nil || sendableLastModified != nil }

    /// The `ETag` to send as `If-None-Match`, or nil when absent, empty or not a valid header value.
    public var sendableETag: String? { Self.headerValue(etag) }

    /// The `Last-Modified` to send as `If-Modified-Since`, or nil when absent, empty or not a valid header value.
    public var sendableLastModified: String? { Self.headerValue(lastModified) }

    /// A stored validator usable as a header value: not empty, no control characters (which would let a damaged
    /// state file inject headers).
    private static func headerValue(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        let hasControl = value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        return hasControl ? nil : value
    }
}
