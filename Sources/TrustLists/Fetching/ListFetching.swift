/// Something that downloads a trust list or root: ``CurlFetcher`` in production, an in-memory fake in tests of
/// the refresh logic.
///
/// A call blocks the calling thread until the transfer ends; run it off any thread that must stay responsive.
public protocol ListFetching: Sendable {
    /// Downloads `request.url`.
    /// - Parameters:
    ///   - request: the URL and the validators of the last successful download.
    ///   - cancellation: a token another thread may cancel to abandon the transfer (within about one second),
    ///     or nil.
    /// - Returns: ``FetchResult/fetched(body:etag:lastModified:effectiveURL:)`` with the body, or
    ///   ``FetchResult/notModified`` when a conditional request was answered with 304.
    /// - Throws: ``TrustListError`` with code `.networkError` (refused URL, transport failure, truncated body,
    ///   redirect limit or refused redirect, cancellation), `.httpStatus` (any status but 200, or 304 on an
    ///   unconditional request), `.timeout`, `.tooLarge` or `.tlsError`.
    func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult
}

extension ListFetching {
    /// Downloads `request.url` without a way to cancel it other than its deadlines.
    /// - Parameter request: the URL and the validators of the last successful download.
    /// - Returns: as ``ListFetching/fetch(_:cancellation:)``.
    /// - Throws: as ``ListFetching/fetch(_:cancellation:)``.
    public func fetch(_ request: FetchRequest) throws(TrustListError) -> FetchResult {
        try fetch(request, cancellation: nil)
    }
}
