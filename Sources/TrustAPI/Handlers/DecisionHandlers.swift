import Foundation
import HTTPServer
import TrustLists
import TrustListsService
import X509

extension TrustAPI {
    /// `POST /v1/decisions/reader` `{"x5c": [base64 DER, leaf first], "at"?: RFC 3339}`: the reader decision of
    /// `trustctl query reader --json` (``WireJSON/decision(_:query:docType:leaf:at:generation:)``). 200 whether
    /// trusted or not (the answer is `trusted` in the body); 400 with the reason for a body that is not this request.
    func readerDecision(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIFailure) -> HTTPResponse in
            let body = try RequestBody(request)
            try body.requireOnly(["x5c", "at"])
            // The cheap members first; certificates are decoded last.
            let time = try body.time("at") ?? now()
            let chain = try body.certificateChain("x5c", cache: certificates)
            let queries = holder.service.queries
            let decision = queries.readerDecision(chain: chain, at: time)
            return APIResponse.json(
                WireJSON.decision(
                    decision, query: "reader", docType: nil, leaf: chain[0], at: time, generation: queries.generation))
        }
    }

    /// `POST /v1/decisions/issuer` `{"x5c": [base64 DER, leaf first], "docType": text, "at"?: RFC 3339}`: the issuer
    /// decision of `trustctl query issuer --json`. 200 whether trusted or not; 400 for a body that is not this
    /// request.
    func issuerDecision(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIFailure) -> HTTPResponse in
            let body = try RequestBody(request)
            try body.requireOnly(["x5c", "docType", "at"])
            let docType = try body.requiredString("docType")
            let time = try body.time("at") ?? now()
            let chain = try body.certificateChain("x5c", cache: certificates)
            let queries = holder.service.queries
            let decision = queries.issuerDecision(chain: chain, docType: docType, at: time)
            return APIResponse.json(
                WireJSON.decision(
                    decision, query: "issuer", docType: docType, leaf: chain[0], at: time,
                    generation: queries.generation))
        }
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
