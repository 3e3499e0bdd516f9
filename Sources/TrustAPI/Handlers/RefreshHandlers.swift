import Foundation
import HTTPServer
import TrustLists
import TrustListsService
import X509

extension TrustAPI {
    /// `GET /v1/events?limit=N`: the recent refresh runs, newest first (``WireEvents``): at most
    /// `limit` (1 to the log's capacity, default all it keeps). 400 `malformed_query` for another `limit`.
    func events(_ request: HTTPRequest) -> HTTPResponse {
        let log = holder.service.refreshLog
        var limit = log.capacity
        if let text = request.queryValue("limit") {
            guard let value = Int(text), (1...log.capacity).contains(value) else {
                return APIFailure(
                    400, .malformedQuery, "limit must be a whole number 1…\(log.capacity), is \"\(text)\""
                )
                .response
            }
            limit = value
        }
        return APIResponse.json(WireEvents(log.recent, limit: limit))
    }

    /// `POST /v1/refresh` (no body): refreshes every list now, through the service in use, and answers 200 with the
    /// run's report (``WireRefreshReport``) plus `coalesced`: true when the request shared a run already in flight
    /// or one that ended less than `server.admin.minIntervalSeconds` ago (requests are coalesced, never refused).
    ///
    /// Refusals, each before anything is refreshed: 403 `refresh_now_disabled` without `server.admin`; 401
    /// `admin_token_missing` without a bearer token; 403 `admin_token_invalid` with another token; 400
    /// `malformed_request_body` with a body. 503 with the run's reason (`cache_locked`, …) when the run could not
    /// start, or `refresh_now_unavailable` when none ended within the wait.
    func refreshNow(_ request: HTTPRequest) -> HTTPResponse {
        guard let access = refreshNowAccess else {
            return audited(
                request, "refused",
                APIFailure(
                    403, .refreshNowDisabled,
                    "refresh now is off: configure server.admin with a tokenFile or tokenSHA256 (docs/configuration.md)"
                ))
        }
        if let refusal = access.token.refusal(of: request) {
            var response = audited(request, "refused", refusal)
            if refusal.status == 401 { response.headers["WWW-Authenticate"] = "Bearer realm=\"trustlistd\"" }
            return response
        }
        guard request.body.isEmpty else {
            return audited(
                request, "refused",
                APIFailure.badBody("POST /v1/refresh takes no body (\(request.body.count) bytes sent)"))
        }
        guard let answer = access.requests.request(timeout: access.waitTimeout) else {
            return audited(
                request, "failed",
                APIFailure(
                    503, .refreshNowUnavailable,
                    "no refresh finished within \(Int(access.waitTimeout)) s (the cache lock is held elsewhere, or the "
                        + "daemon is stopping); try again later"
                ))
        }
        switch answer.outcome {
        case .success(let report):
            var body = WireRefreshReport(report)
            body.coalesced = answer.coalesced
            audit(request, answer.coalesced ? "coalesced" : "refreshed", reason: nil, status: 200)
            return APIResponse.json(body)
        case .failure(let error):
            return audited(request, "failed", APIFailure(503, error.code, "the refresh could not run: \(error.reason)"))
        }
    }

    /// Reports an admin action (``APILog/admin``): the outcome, the reason, the status and the client, never the
    /// token.
    private func audit(_ request: HTTPRequest, _ outcome: String, reason: ReasonCode?, status: Int) {
        log?.admin(
            AdminActionRecord(
                action: "refresh_now", outcome: outcome, reason: reason?.rawValue, status: status,
                remote: request.remoteEndpoint, forwardedFor: request.headers["X-Forwarded-For"]))
    }

    /// `failure`'s response, after reporting it as an admin action with `outcome`.
    private func audited(_ request: HTTPRequest, _ outcome: String, _ failure: APIFailure) -> HTTPResponse {
        audit(request, outcome, reason: failure.reason, status: failure.status)
        return failure.response
    }
}
