import Foundation
import JOSE

/// The parameters of an OpenID4VP 1.0 authorization request that a wallet's decision and consent screen use (§5),
/// read either from a request object's claims or from the URL of an unsigned request. Each is type-checked; every
/// parameter, known or not, is kept in ``all``.
///
/// Only one source counts: for a request object, the wallet uses its claims alone, never the URL's parameters
/// (OpenID4VP 1.0 §5.10.1, RFC 9101 §6.3).
public struct AuthorizationRequestParameters: Sendable, Hashable {
    /// `client_id` (§5.2), prefix included.
    public let clientID: String?
    /// `client_id_scheme`, sent by verifiers of drafts before 1.0 beside a bare `client_id`.
    public let clientIDScheme: String?
    /// `response_type` (§5.4), e.g. `vp_token`.
    public let responseType: String?
    /// `response_mode` (§5.2), e.g. `direct_post.jwt`.
    public let responseMode: String?
    /// `response_uri` (§8.2), where `direct_post` sends the response.
    public let responseURI: String?
    /// `redirect_uri` (RFC 6749 §3.1.2).
    public let redirectURI: String?
    /// `nonce` (§5.2).
    public let nonce: String?
    /// `state` (§5.2).
    public let state: String?
    /// `wallet_nonce` (§5.10), echoed from the wallet's POST to `request_uri`.
    public let walletNonce: String?
    /// `dcql_query` (§5.1, §6) as received.
    public let dcqlQuery: JSONValue?
    /// `presentation_definition` (DIF Presentation Exchange, drafts before 1.0 and ISO/IEC 18013-7) as received.
    public let presentationDefinition: JSONValue?
    /// `transaction_data` (§5.1) as received (an array; decoded by ``TransactionDataEntry/decode(_:credentialQueryIDs:limits:)``).
    public let transactionData: JSONValue?
    /// `client_metadata` (§5.1) as received: the verifier's metadata, including the keys a `direct_post.jwt` response
    /// is encrypted to.
    public let clientMetadata: JSONValue?
    /// `verifier_info` (§5.1) as received: attestations about the verifier for the consent screen.
    public let verifierInfo: JSONValue?
    /// `expected_origins` (Appendix A.2): the web origins a signed request for the Digital Credentials API may come
    /// from; nil when absent.
    public let expectedOrigins: [String]?
    /// Every parameter, as JSON values (a URL's parameters as strings, except the JSON-valued ones parsed).
    public let all: [String: JSONValue]

    /// The parameters whose value is JSON: in a URL they are JSON text (§5.1: "transferred as JSON-serialized
    /// strings").
    static let jsonValued: Set<String> = [
        "dcql_query", "presentation_definition", "client_metadata", "transaction_data", "verifier_info",
        "expected_origins",
    ]

    /// Reads the parameters of a request object's claims.
    /// - Parameters:
    ///   - claims: the claims set.
    ///   - path: where they come from, for messages (`request.claims`).
    /// - Throws: ``PresentationError`` `malformed_request` naming a parameter of the wrong type.
    public init(claims: [String: JSONValue], path: String = "request.claims") throws(PresentationError) {
        func string(_ name: String) throws(PresentationError) -> String? {
            guard let value = claims[name] else { return nil }
            guard let text = value.stringValue else {
                throw PresentationError(
                    .malformedRequest, "\(path).\(name): expected a string, found \(value.kindName)")
            }
            return text
        }
        func object(_ name: String) throws(PresentationError) -> JSONValue? {
            guard let value = claims[name] else { return nil }
            guard value.objectValue != nil else {
                throw PresentationError(
                    .malformedRequest, "\(path).\(name): expected a JSON object, found \(value.kindName)")
            }
            return value
        }
        clientID = try string("client_id")
        clientIDScheme = try string("client_id_scheme")
        responseType = try string("response_type")
        responseMode = try string("response_mode")
        responseURI = try string("response_uri")
        redirectURI = try string("redirect_uri")
        nonce = try string("nonce")
        state = try string("state")
        walletNonce = try string("wallet_nonce")
        dcqlQuery = try object("dcql_query")
        presentationDefinition = try object("presentation_definition")
        if let data = claims["transaction_data"], data.arrayValue == nil {
            throw PresentationError(
                .malformedRequest, "\(path).transaction_data: expected an array (§5.1), found \(data.kindName)")
        }
        transactionData = claims["transaction_data"]
        clientMetadata = try object("client_metadata")
        if let info = claims["verifier_info"], info.arrayValue == nil {
            throw PresentationError(
                .malformedRequest, "\(path).verifier_info: expected an array (§5.1), found \(info.kindName)")
        }
        verifierInfo = claims["verifier_info"]
        if let origins = claims["expected_origins"] {
            let texts = origins.arrayValue?.compactMap(\.stringValue)
            guard let texts, texts.count == origins.arrayValue?.count, !texts.isEmpty else {
                throw PresentationError(
                    .malformedRequest,
                    "\(path).expected_origins: expected a non-empty array of strings (Appendix A.2), found "
                        + origins.kindName)
            }
            expectedOrigins = texts
        } else {
            expectedOrigins = nil
        }
        all = claims
    }

    /// Reads the parameters of an unsigned request from its URL's query, parsing the JSON-valued ones.
    /// - Parameters:
    ///   - query: the decoded query parameters.
    ///   - limits: bounds on each JSON-valued parameter.
    /// - Throws: ``PresentationError`` `limits_exceeded` for a JSON parameter over the limits, `malformed_request`
    ///   for one that is not well-formed JSON of the right kind.
    public init(query: [String: String], limits: JSONLimits = JSONLimits()) throws(PresentationError) {
        var values: [String: JSONValue] = [:]
        for (name, text) in query {
            guard Self.jsonValued.contains(name) else {
                values[name] = .string(text)
                continue
            }
            do {
                values[name] = try JSONValue(jsonEncoded: Array(text.utf8), limits: limits, label: name)
            } catch {
                let code: PresentationError.Code = error.code == .limitsExceeded ? .limitsExceeded : .malformedRequest
                throw PresentationError(code, "\(name): expected JSON text (§5.1): \(error.reason)")
            }
        }
        try self.init(claims: values, path: "query")
    }

    /// The URI the response goes to, by the response mode (OpenID4VP 1.0 §8): `response_uri` for `direct_post` and
    /// `direct_post.jwt` (§8.2), `redirect_uri` for `fragment` and `query` (RFC 6749 §4.1.2, OAuth 2.0 Multiple
    /// Response Types), none over the Digital Credentials API (the platform returns it) and none for a missing or
    /// unknown mode (which a decision refuses). A URI the mode does not use is not where the response goes, so it
    /// binds nothing and is never shown as a destination.
    public var responseDestination: String? {
        if usesDirectPost { return responseURI }
        if responseMode == "fragment" || responseMode == "query" { return redirectURI }
        return nil
    }

    /// Whether the response mode is one of the Digital Credentials API's (`dc_api`, `dc_api.jwt`, OpenID4VP 1.0
    /// Appendix A.2), where the platform binds the request to the origin.
    public var usesDigitalCredentialsAPI: Bool { responseMode == "dc_api" || responseMode == "dc_api.jwt" }

    /// Whether the response mode posts to `response_uri` (`direct_post`, `direct_post.jwt`, §8.2, §8.3.1).
    public var usesDirectPost: Bool { responseMode == "direct_post" || responseMode == "direct_post.jwt" }
}
