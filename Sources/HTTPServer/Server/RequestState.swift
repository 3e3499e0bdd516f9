/// What the server keeps about one request between libmicrohttpd's calls for it: the body read so far and
/// what was answered. libmicrohttpd calls back for one connection on one thread at a time, so it needs no lock.
final class RequestState {
    /// When the request's header had been read.
    let started: ContinuousClock.Instant
    /// The request method.
    let method: HTTPMethod
    /// The decoded path.
    let path: String
    /// The header fields, read once with the header.
    var headers = HTTPHeaders()
    /// The body read so far (empty once the cap is passed).
    var body: [UInt8] = []
    /// True once the body is known to be larger than the cap; the rest is dropped and 413 answered.
    var overCap = false
    /// Bytes of the body received in all, counted past the cap too.
    var receivedBytes = 0
    /// The status queued, or nil while none is.
    var status: Int?
    /// The route label of the answer.
    var route = HTTPRouter.unmatchedRoute
    /// The route the method and path resolve to, found when the header is read and used to dispatch.
    var resolution: HTTPRouter.Resolution?

    init(method: HTTPMethod, path: String, started: ContinuousClock.Instant) {
        self.method = method
        self.path = path
        self.started = started
    }
}
