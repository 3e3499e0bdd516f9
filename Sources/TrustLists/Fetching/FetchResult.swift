/// What a successful fetch produced: a new body, or the server's word that the last one is still current.
public enum FetchResult: Hashable, Sendable {
    /// The source answered 200 OK (or, for `file://`, the file was read).
    /// - body: the response body, exactly as received, at most ``HTTPSettings/maxBytes`` bytes.
    /// - etag: the final response's `ETag` header (after redirects), verbatim, or nil.
    /// - lastModified: the final response's `Last-Modified` header (after redirects), verbatim, or nil.
    /// - effectiveURL: the URL the body came from after following redirects.
    case fetched(body: [UInt8], etag: String?, lastModified: String?, effectiveURL: String)

    /// The server answered 304 Not Modified to a conditional request: the last successful download is current.
    case notModified
}
