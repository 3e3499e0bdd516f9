import HTTPServer

/// Where the API reports what the serving process logs (docs/operations.md, "Logs"): one record per admin action
/// (`POST /v1/refresh`, refused or not) and, while the access log is on, one per request a route answered.
/// ``TrustAPI`` formats nothing itself; the daemon writes the records in its log's format.
public struct APILog: Sendable {
    /// Receives each admin action: its outcome and the client's address, never the token.
    public let admin: @Sendable (AdminActionRecord) -> Void
    /// Whether requests are logged now; asked once per request, so that a reload can turn it on or off.
    public let accessEnabled: @Sendable () -> Bool
    /// Receives one record per request a route answered, while ``accessEnabled`` says so.
    public let access: @Sendable (AccessRecord) -> Void

    /// A log.
    /// - Parameters:
    ///   - admin: receives admin actions.
    ///   - accessEnabled: whether requests are logged now.
    ///   - access: receives requests.
    public init(
        admin: @escaping @Sendable (AdminActionRecord) -> Void,
        accessEnabled: @escaping @Sendable () -> Bool = { false },
        access: @escaping @Sendable (AccessRecord) -> Void = { _ in }
    ) {
        self.admin = admin
        self.accessEnabled = accessEnabled
        self.access = access
    }
}

/// One admin action over HTTP (the audit trail): refresh now, run, shared with another run, failed or refused.
public struct AdminActionRecord: Sendable, Equatable {
    /// What was asked: `refresh_now`.
    public let action: String
    /// What came of it: `refreshed` (a run), `coalesced` (answered with another run's report), `failed` (no run
    /// could finish: 503) or `refused` (not allowed: 401, 403, 400).
    public let outcome: String
    /// The reason code of a refusal or failure (`admin_token_missing`, `admin_token_invalid`,
    /// `refresh_now_disabled`, `malformed_request_body`, `cache_locked`, …); nil when refreshed or coalesced.
    public let reason: String?
    /// The HTTP status answered.
    public let status: Int
    /// The client's IP address and port as the server saw it (`127.0.0.1:50412`, `[::1]:50412`; behind a reverse
    /// proxy, the proxy's); nil when unknown.
    public let remote: String?
    /// The `X-Forwarded-For` field as sent (not trusted: any client can send it; logged for the operator to compare
    /// with the proxy's own log), or nil.
    public let forwardedFor: String?

    /// Whether the action was allowed and ran (or shared a run).
    public var succeeded: Bool { outcome == "refreshed" || outcome == "coalesced" }
}

/// One request answered by a route of the API (the access log).
public struct AccessRecord: Sendable, Equatable {
    /// The method (`GET`, `POST`, …).
    public let method: String
    /// The path as decoded by the server, without the query.
    public let path: String
    /// The status answered.
    public let status: Int
    /// The content bytes of the response (0 for `HEAD`, which sends none).
    public let bytes: Int
    /// How long the handler took, in seconds (reading the request and writing the response are not counted).
    public let durationSeconds: Double
    /// The client's IP address and port (`127.0.0.1:50412`), or nil when unknown.
    public let client: String?
}
