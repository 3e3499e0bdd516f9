/// What the server reports about one finished request, for metrics: labels with few values and a duration.
public struct HTTPRequestMetrics: Sendable, Equatable {
    /// The route pattern that answered (`/v1/lists/{network}/{kind}`), or ``HTTPRouter/unmatchedRoute``.
    public var route: String
    /// The method's ``HTTPMethod/metricsLabel`` (`GET`, …, or `OTHER`).
    public var method: String
    /// The status sent, or nil when no response was sent: the client went away before the request was read,
    /// the body went past ``HTTPServerConfiguration/maxDiscardedBytes``, or the server stopped first.
    public var status: Int?
    /// Seconds from the request's header being read to the end of the exchange (response written, or the
    /// connection given up), on a monotonic clock.
    public var durationSeconds: Double

    /// Creates a report.
    /// - Parameters:
    ///   - route: the route label.
    ///   - method: the method label.
    ///   - status: the status sent, or nil.
    ///   - durationSeconds: the duration in seconds.
    public init(route: String, method: String, status: Int?, durationSeconds: Double) {
        self.route = route
        self.method = method
        self.status = status
        self.durationSeconds = durationSeconds
    }
}
