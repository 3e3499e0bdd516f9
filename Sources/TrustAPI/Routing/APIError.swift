import HTTPServer
import TrustListsService
import X509

/// The reason codes the HTTP API raises itself. With the codes of the modules below (`malformed_json` and
/// `limits_exceeded` from JOSE for the body's JSON, `malformed_x5c` and `malformed_certificate` for chains, the list
/// states' `trust_list_unavailable` / `trust_list_expired`, the server's `not_found`, `method_not_allowed`,
/// `content_too_large`) they make the `reason` of every error body: one vocabulary.
extension ReasonCode {
    /// The body is JSON but not the request this endpoint takes: not an object, a member of the wrong type, a
    /// required member missing, an unknown member, a time that is not RFC 3339 (the message names the member).
    public static let malformedRequestBody = Self(rawValue: "malformed_request_body")
    /// The request's `Content-Type` is not JSON (415 Unsupported Media Type).
    public static let unsupportedMediaType = Self(rawValue: "unsupported_media_type")
    /// `/v1/lists/{network}/{kind}` names a list the configuration does not have (404).
    public static let unknownList = Self(rawValue: "unknown_list")
    /// `/v1/crls/{network}/{issuerSHA256}` names no CA of the network with a verified CRL (404).
    public static let unknownCRL = Self(rawValue: "unknown_crl")
    /// `/v1/status-lists/{uriSHA256}` names no status list this process keeps verified (404).
    public static let unknownStatusList = Self(rawValue: "unknown_status_list")
    /// `/readyz`: no verified generation is loaded, or a configured list is `no_trust` or `expired` (503).
    public static let notReady = Self(rawValue: "not_ready")
    /// No snapshot generation has been built and encoded yet: the service has not finished loading (503).
    public static let snapshotUnavailable = Self(rawValue: "snapshot_unavailable")
    /// `GET /.well-known/authzen-configuration` without a configured `server.publicBaseURL` and without a `Host` header
    /// that is `host[:port]`.
    public static let badHost = Self(rawValue: "bad_host")
    /// `POST /evaluation`: `action.name` is absent or names no role this server decides (decision false).
    public static let unsupportedAction = Self(rawValue: "unsupported_action")
    /// `POST /evaluation`: `resource.type` is absent (name resolution) or not `x5c` (decision false).
    public static let unsupportedResourceType = Self(rawValue: "unsupported_resource_type")
    /// `POST /evaluation`: the chain is trusted, but `subject.id` is not a name of its leaf (decision false).
    public static let subjectNotBound = Self(rawValue: "subject_not_bound")
    /// `POST /v1/refresh`: no refresh run ended within the wait (the cache lock is held elsewhere, or the daemon is
    /// stopping) (503).
    public static let refreshNowUnavailable = Self(rawValue: "refresh_now_unavailable")
    /// A query parameter that is not what the endpoint takes (`limit` of `GET /v1/events`) (400).
    public static let malformedQuery = Self(rawValue: "malformed_query")
    /// `GET /console/{asset}` names no file of the console (404).
    public static let unknownAsset = Self(rawValue: "unknown_asset")
    /// An answer that could not be written as JSON (a value JSON cannot hold): a fault of this build, never of the
    /// request (500).
    public static let internalError = Self(rawValue: "internal_error")
}

/// A request the API refuses before deciding anything: the status and the error body's reason and message.
struct APIFailure: Error {
    /// The HTTP status (400, 404, 415, 503).
    let status: Int
    /// The stable reason code.
    let reason: ReasonCode
    /// What was expected and what was found, naming the member (`x5c[1]: …`).
    let message: String

    init(_ status: Int, _ reason: ReasonCode, _ message: String) {
        self.status = status
        self.reason = reason
        self.message = message
    }

    /// A 400 for a body of the wrong shape.
    static func badBody(_ message: String) -> APIFailure { APIFailure(400, .malformedRequestBody, message) }

    /// The 503 before the first verified generation is installed (``TrustAPI/loadedService()``).
    static let noGeneration = APIFailure(
        503, .snapshotUnavailable, "no snapshot generation is loaded yet; try again shortly")

    /// The error response.
    var response: HTTPResponse { APIResponse.error(status, reason, message) }
}

/// The responses of the API: a typed wire value written by the wire's one JSON writer (``WireJSON/render(_:)``, the
/// bytes the CLI's `--json` prints), and error bodies `{"reason", "message"}` (``WireError``).
enum APIResponse {
    /// `application/json` content type.
    static let jsonType = "application/json"

    /// A JSON response that no cache may store (decisions, status: they change with every refresh and request); 500
    /// `internal_error` if the value cannot be written (the wire values hold nothing JSON cannot write).
    static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        json(status: status) { try WireJSON.renderedBytes(value) }
    }

    /// A JSON response of the text `write` returns, not cacheable; 500 `internal_error` if it throws.
    static func json(status: Int = 200, writing write: () throws -> [UInt8]) -> HTTPResponse {
        do {
            return json(body: try write(), status: status)
        } catch {
            return Self.error(500, .internalError, "the answer could not be written as JSON: \(error)")
        }
    }

    /// A JSON response of text already written, not cacheable.
    static func json(body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": jsonType, "Cache-Control": "no-store"], body: body)
    }

    /// A 304 Not Modified (RFC 9110 §15.4.5) with `headers`: the validator and cache fields a 200 would carry (`ETag`,
    /// `Cache-Control`, `Vary`), and no other representation metadata (no `Content-Type`, `Content-Encoding` or
    /// `Last-Modified`: the `ETag` is there), and no content.
    static func notModified(headers: HTTPHeaders) -> HTTPResponse {
        HTTPResponse(status: 304, headers: headers)
    }

    /// An error body: `{"reason": code, "message": text}`, not cacheable.
    static func error(_ status: Int, _ reason: ReasonCode, _ message: String) -> HTTPResponse {
        // A reason and a message are strings: writing them cannot fail, so this never recurses.
        json(body: (try? WireJSON.renderedBytes(WireError(reason, message))) ?? [], status: status)
    }
}
