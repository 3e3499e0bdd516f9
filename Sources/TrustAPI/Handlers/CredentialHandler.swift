import Credentials
import Foundation
import HTTPServer
import JOSE
import TrustListsService

extension TrustAPI {
    /// `POST /v1/decisions/credential` `{"mdoc": base64url CBOR, "sessionTranscript"?: base64url CBOR, "at"?}` or
    /// `{"sdJwt": compact text, "nonce"?: text, "audience"?: text, "at"?}`: the decision of `trustctl query credential
    /// --json` (``CredentialAnswer``; docs/architecture.md, Credentials). An mdoc is a DeviceResponse, a Document or an
    /// IssuerSigned, base64url without padding as wallets pass it (OpenID4VP's `vp_token`); its SessionTranscript
    /// (bare or tag-24 wrapped) lets the device signature be checked. 200 whether trusted or not (a credential that does
    /// not decode is a not-trusted answer: `malformed_mdoc`, `malformed_sd_jwt`); 400 for a body that is not this
    /// request (both or neither of `mdoc` and `sdJwt`, a member of the other form, text that is not base64url).
    func credentialDecision(_ request: HTTPRequest) -> HTTPResponse {
        answer { () throws(APIFailure) -> HTTPResponse in
            let body = try RequestBody(request)
            try body.requireOnly(["mdoc", "sdJwt", "sessionTranscript", "nonce", "audience", "at"])
            let time = try body.time("at") ?? now()
            let service = try loadedService()
            let decision: CredentialDecision
            switch (try body.string("mdoc"), try body.string("sdJwt")) {
            case (.some, nil):
                for key in ["nonce", "audience"] where try body.string(key) != nil {
                    throw APIFailure.badBody(
                        "\(key): goes with sdJwt (a Key Binding JWT); an mdoc has sessionTranscript")
                }
                let transcript =
                    try body.string("sessionTranscript") == nil
                    ? nil : try Self.base64URL(body, "sessionTranscript", limit: 1 << 20)
                decision = service.mdocDecision(
                    try Self.base64URL(body, "mdoc", limit: CredentialVerifier.maxBytes), sessionTranscript: transcript,
                    at: time)
            case (nil, let sdJWT?):
                guard try body.string("sessionTranscript") == nil else {
                    throw APIFailure.badBody("sessionTranscript: goes with mdoc; an SD-JWT VC has nonce and audience")
                }
                decision = service.sdJWTDecision(
                    sdJWT, nonce: try body.string("nonce"), audience: try body.string("audience"), at: time)
            default:
                throw APIFailure.badBody("give either mdoc (base64url CBOR) or sdJwt (the compact SD-JWT VC)")
            }
            decisionMetrics.record("credential", trusted: decision.trusted)
            return APIResponse.json(CredentialAnswer(decision))
        }
    }

    /// A base64url member (RFC 4648 §5, no padding, canonical), at most `limit` bytes once decoded.
    /// - Throws: 400 `malformed_request_body` for text that is not canonical base64url or is too long.
    static func base64URL(_ body: RequestBody, _ key: String, limit: Int) throws(APIFailure) -> [UInt8] {
        let text = try body.requiredString(key)
        guard text.utf8.count <= limit / 3 * 4 + 4 else {
            throw APIFailure.badBody("\(body.child(key)): more than \(limit) bytes once decoded")
        }
        do {
            return try Base64URL.decode(text, path: body.child(key), code: .malformedRequestBody)
        } catch {
            throw APIFailure(400, error.code, error.reason)
        }
    }
}
