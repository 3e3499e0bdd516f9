import Foundation
import HTTPServer
import Presentation
import TrustLists
import TrustListsService
import X509

extension TrustAPI {
    /// `POST /v1/decisions/reader` `{"x5c": [base64 DER, leaf first], "at"?: RFC 3339}`: the reader decision of
    /// `trustctl query reader --json` (``WireDecision``). 200 whether
    /// trusted or not (the answer is `trusted` in the body); 400 with the reason for a body that is not this request;
    /// 503 `snapshot_unavailable` before the first verified generation (``loadedService()``), as for every decision.
    func readerDecision(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIFailure) -> HTTPResponse in
            let body = try RequestBody(request, cache: bodies)
            try body.requireOnly(["x5c", "at"])
            // The cheap members first; certificates are decoded last.
            let time = try body.time("at") ?? now()
            let chain = try body.certificateChain("x5c", cache: chains)
            let queries = try loadedService().queries
            let decision = queries.readerDecision(chain: chain, at: time)
            decisionMetrics.record("reader", trusted: decision.isTrusted)
            return APIResponse.json {
                try renderedDecisions.body(
                    decision, query: "reader", docType: nil, leaf: chain[0], at: time, generation: queries.generation)
            }
        }
    }

    /// `POST /v1/decisions/issuer` `{"x5c": [base64 DER, leaf first], "docType": text, "at"?: RFC 3339}`: the issuer
    /// decision of `trustctl query issuer --json`. 200 whether trusted or not; 400 for a body that is not this
    /// request.
    func issuerDecision(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIFailure) -> HTTPResponse in
            let body = try RequestBody(request, cache: bodies)
            try body.requireOnly(["x5c", "docType", "at"])
            let docType = try body.requiredString("docType")
            let time = try body.time("at") ?? now()
            let chain = try body.certificateChain("x5c", cache: chains)
            let queries = try loadedService().queries
            let decision = queries.issuerDecision(chain: chain, docType: docType, at: time)
            decisionMetrics.record("issuer", trusted: decision.isTrusted)
            return APIResponse.json {
                try renderedDecisions.body(
                    decision, query: "issuer", docType: docType, leaf: chain[0], at: time,
                    generation: queries.generation)
            }
        }
    }

    /// `POST /v1/decisions/request` `{"url": text, "at"?}` (an OpenID4VP authorization request URL as the wallet
    /// received it) or `{"request": JWS compact, "clientID"?: text, "origin"?: text, "at"?}` (a request object received
    /// by value; `origin` says the platform delivered it through the Digital Credentials API from that web origin, and
    /// without it the URL rules apply): the decision of `trustctl query request --json`
    /// (``WirePresentationDecision``). A `request_uri` is fetched (with the `http` limits) only
    /// when `server.fetchRequestURIs` is set; otherwise the answer is `request_uri_not_fetched`. 200 whether trusted or
    /// not; 400 for a body that is not this request (also `origin` beside `url`: a URL never comes through that API).
    func requestDecision(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIFailure) -> HTTPResponse in
            let body = try RequestBody(request)
            try body.requireOnly(["url", "request", "clientID", "origin", "at"])
            let time = try body.time("at") ?? now()
            let url = try body.string("url")
            let requestObject = try body.string("request")
            let service = try loadedService()
            let decision: PresentationDecision
            switch (url, requestObject) {
            case (let url?, nil):
                guard try body.string("clientID") == nil else {
                    throw APIFailure.badBody("clientID: goes with request; a url carries its own client_id")
                }
                guard try body.string("origin") == nil else {
                    throw APIFailure.badBody(
                        "origin: goes with request; a url never comes through the Digital Credentials API")
                }
                decision = service.requestDecision(
                    url: url, at: time, fetchRequestURI: service.configuration.server?.fetchRequestURIs ?? false)
            case (nil, let requestObject?):
                decision = service.requestDecision(
                    requestObject: requestObject, clientID: try body.string("clientID"),
                    origin: try body.string("origin"), at: time)
            default:
                throw APIFailure.badBody("give either url or request (with an optional clientID)")
            }
            decisionMetrics.record("request", trusted: decision.trusted)
            return APIResponse.json(
                WirePresentationDecision(
                    decision, query: "request", at: time, generation: service.queries.generation))
        }
    }

    /// `POST /v1/decisions/device-request` `{"deviceRequest": base64 CBOR, "sessionTranscript": base64 CBOR, "at"?}`:
    /// the decision of `trustctl query device-request --json`. 200 whether trusted or not; 400 for a body that is not
    /// this request.
    func deviceRequestDecision(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIFailure) -> HTTPResponse in
            let body = try RequestBody(request)
            try body.requireOnly(["deviceRequest", "sessionTranscript", "at"])
            let time = try body.time("at") ?? now()
            let deviceRequest = try body.bytes("deviceRequest", limit: 1 << 20)
            let transcript = try body.bytes("sessionTranscript", limit: 1 << 20)
            let service = try loadedService()
            let decision = service.deviceRequestDecision(
                deviceRequest: deviceRequest, sessionTranscript: transcript, at: time)
            decisionMetrics.record("device-request", trusted: decision.trusted)
            return APIResponse.json(
                WirePresentationDecision(
                    decision, query: "device-request", at: time, generation: service.queries.generation))
        }
    }

    /// The service, once it has installed a verified generation: before that (the daemon verifying its cache, or
    /// waiting for the cache lock) no answer can name a generation, so decisions are 503 `snapshot_unavailable`, as
    /// `GET /v1/snapshot` and `/readyz` are.
    /// - Throws: ``APIFailure`` 503 `snapshot_unavailable`.
    func loadedService() throws(APIFailure) -> TrustService {
        let service = holder.service
        guard service.installedGeneration != nil else { throw .noGeneration }
        return service
    }

    /// Runs a handler body, turning a refusal into its error response.
    func answer(_ body: () throws(APIFailure) -> HTTPResponse) -> HTTPResponse {
        do {
            return try body()
        } catch {
            return error.response
        }
    }
}
