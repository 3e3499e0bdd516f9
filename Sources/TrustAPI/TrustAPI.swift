import Foundation
import HTTPServer
import JOSE
import TrustLists
import TrustListsService
import X509

/// The HTTP API of `trustlistd` (docs/operations.md, "HTTP API"): plain handler functions over the
/// ``TrustService`` currently in a ``ServiceHolder``, routed by ``routes``.
///
/// Every handler takes the holder's service once, at its start, and answers from it: a reload that swaps the
/// service lets requests in flight finish on the old one. Handlers read only what the service publishes (immutable
/// generations behind locks held to copy a reference), so no request waits for a refresh and no refresh waits for a
/// request. The API keeps only derived, per-generation data of its own (the snapshot's ETag and gzip form), the
/// request metrics, and request bodies and certificate chains it has read (parsed bytes, the same in every
/// generation; never a decision).
///
/// Tested in-process with ``makeRouter()`` and ``HTTPRouter/respond(to:)``; served by ``APIServer``.
public final class TrustAPI: Sendable {
    /// Where the current service is.
    public let holder: ServiceHolder
    /// "Now" for decisions without `at`, list states and cache lifetimes; the wall clock outside tests.
    let now: @Sendable () -> Date
    /// Request counts and latencies, by route, method and status.
    let requestMetrics = RequestMetrics()
    /// Decisions answered, by endpoint and result.
    let decisionMetrics = DecisionMetrics()
    /// The current generation's representations, built once per generation.
    let snapshotCache = SnapshotCache()
    /// Request bodies read before (their members, and the chains read from them), by the body's bytes: a verifier
    /// posts the same body again and again. Bodies up to 16 KiB, 1,024 of them.
    let bodies = DecodeCache<ParsedBody>(capacity: 1_024, maxBytes: 16 << 20, maxItemBytes: 16 << 10)
    /// Certificate chains of recent request bodies, decoded once (over the process's certificate cache, shared with
    /// presentation decisions).
    let chains = ChainCache()
    /// The JSON of reader and issuer decisions answered before, written once per distinct answer.
    let renderedDecisions = RenderedDecisions()
    /// The admin token and the refresh-now requests; nil: `POST /v1/refresh` is off.
    let refreshNowAccess: RefreshNowAccess?
    /// Where admin actions and (when on) requests are reported; nil: nowhere.
    let log: APILog?

    /// Creates the API.
    /// - Parameters:
    ///   - holder: the current service; handlers read it once per request.
    ///   - now: the clock (UTC); tests pass a fixed time.
    ///   - refreshNow: who may ask for a refresh now and who runs it; nil (the default) leaves `POST /v1/refresh` off.
    ///   - log: where admin actions and requests are reported; nil (the default): nowhere.
    public init(
        holder: ServiceHolder, now: @escaping @Sendable () -> Date = { Date() }, refreshNow: RefreshNowAccess? = nil,
        log: APILog? = nil
    ) {
        self.holder = holder
        self.now = now
        self.refreshNowAccess = refreshNow
        self.log = log
    }

    /// A router with every route of ``routes``, whose 404, 405 and 413 bodies are the API's JSON error bodies.
    ///
    /// The router's handlers keep this API alive; an ``HTTPServer`` built on it keeps it until stopped.
    public func makeRouter() -> HTTPRouter {
        var router = HTTPRouter()
        router.errorResponder = { status, reason, message in APIResponse.error(status, reason, message) }
        for route in Self.routes {
            let handler = route.handler
            do {
                try router.add(route.method, route.pattern) { request in self.answer(request, with: handler) }
            } catch {
                // The table is a constant of this file; a bad pattern is a programming error found by every test.
                preconditionFailure("invalid route \(route.method) \(route.pattern): \(error)")
            }
        }
        return router
    }

    /// The handler's answer to `request`, reported to the access log when it is on.
    private func answer(
        _ request: HTTPRequest, with handler: @Sendable (TrustAPI, HTTPRequest) -> HTTPResponse
    ) -> HTTPResponse {
        guard let log, log.accessEnabled() else { return handler(self, request) }
        let started = ContinuousClock.now
        let response = handler(self, request)
        let elapsed = (ContinuousClock.now - started).components
        log.access(
            AccessRecord(
                method: request.method.rawValue, path: request.path, status: response.status,
                bytes: request.method == .head ? 0 : response.body.count,
                durationSeconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18,
                client: request.remoteEndpoint))
        return response
    }

    /// Records one finished request for `GET /metrics`; pass it to ``HTTPServer`` as its observer.
    public var observer: @Sendable (HTTPRequestMetrics) -> Void {
        { [requestMetrics] report in requestMetrics.record(report) }
    }
}
