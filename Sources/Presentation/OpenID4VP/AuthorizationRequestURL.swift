import Foundation
import X509

/// An OpenID4VP 1.0 authorization request as a wallet receives it in a link or QR code (OpenID4VP 1.0 §5, RFC 9101
/// §5): `openid4vp://`, `haip-vp://` (HAIP 1.0 §5.1), `mdoc-openid4vp://` (ISO/IEC 18013-7), `eudi-openid4vp://` or
/// an `https` link, whose query carries `client_id` and either a request object by value (`request`), by reference
/// (`request_uri`, optionally `request_uri_method`), or the plain unsigned parameters.
///
/// The query is split and percent-decoded by Foundation's `URLComponents` (`+` read as a space, as form encoding
/// has it); nothing else of the URL is interpreted. Decoding checks the size first (``defaultMaxBytes``), then the
/// shape; it never fetches anything.
public struct AuthorizationRequestURL: Sendable, Hashable {
    /// The URL schemes a wallet is invoked with.
    public enum Scheme: String, Sendable, Hashable, CaseIterable {
        /// `openid4vp://` (OpenID4VP 1.0 §13.1.2).
        case openID4VP = "openid4vp"
        /// `haip-vp://` (HAIP 1.0 §5.1).
        case haipVP = "haip-vp"
        /// `mdoc-openid4vp://` (ISO/IEC 18013-7 Annex B).
        case mdocOpenID4VP = "mdoc-openid4vp"
        /// `eudi-openid4vp://` (EUDI wallet reference implementation).
        case eudiOpenID4VP = "eudi-openid4vp"
        /// A claimed `https` link (OpenID4VP 1.0 §13.1).
        case https
    }

    /// Where the authorization request's parameters are.
    public enum Request: Sendable, Hashable {
        /// `request`: a request object by value (RFC 9101 §5.1), a JWS compact serialization.
        case byValue(String)
        /// `request_uri`: a request object by reference (RFC 9101 §5.2), fetched with `method` (OpenID4VP 1.0 §5.1).
        case byReference(uri: String, method: RequestURIMethod)
        /// Neither: the parameters are the URL's own query parameters, unsigned (OpenID4VP 1.0 §5.2).
        case parameters
    }

    /// The most bytes of URL accepted (64 KiB), checked before the URL is parsed.
    public static let defaultMaxBytes = 64 * 1024

    /// The URL's scheme.
    public let scheme: Scheme
    /// `client_id` as received, prefix included (OpenID4VP 1.0 §5.9).
    public let clientID: String
    /// Where the request's parameters are.
    public let request: Request
    /// Every query parameter, decoded, by name (`client_id`, `response_type`, `dcql_query`, ...).
    public let parameters: [String: String]

    /// Parses an authorization request URL, size first.
    /// - Parameters:
    ///   - string: the URL as received (link or QR code text).
    ///   - maxBytes: the most bytes accepted (default ``defaultMaxBytes``).
    /// - Throws: ``PresentationError`` `limits_exceeded` over `maxBytes`; `malformed_request` naming the problem: not
    ///   a URL, another scheme, no query, a malformed percent escape, a parameter given twice (RFC 6749 §3.1), no
    ///   `client_id` (OpenID4VP 1.0 §5.2, RFC 9101 §5), both `request` and `request_uri` (RFC 9101 §5), an empty
    ///   `request` or `request_uri`, a `request_uri_method` that is not `get`/`post` or comes without `request_uri`
    ///   (OpenID4VP 1.0 §5.1).
    public init(string: String, maxBytes: Int = AuthorizationRequestURL.defaultMaxBytes) throws(PresentationError) {
        let size = string.utf8.count
        guard size <= maxBytes else {
            throw PresentationError(
                .limitsExceeded, "authorization request URL of \(size) bytes; the limit is \(maxBytes)")
        }
        guard let components = URLComponents(string: string), let schemeText = components.scheme else {
            throw PresentationError(.malformedRequest, "not an absolute URL (RFC 3986 §4.3)")
        }
        guard let scheme = Scheme(rawValue: schemeText.lowercased()) else {
            let accepted = Scheme.allCases.map { "\($0.rawValue)://" }.joined(separator: ", ")
            throw PresentationError(
                .malformedRequest, "scheme \(schemeText):// is not an OpenID4VP request; accepted: \(accepted)")
        }
        guard let items = components.percentEncodedQueryItems, !items.isEmpty else {
            throw PresentationError(
                .malformedRequest, "the URL has no query: expected client_id and request, request_uri or parameters")
        }
        var parameters: [String: String] = [:]
        for item in items {
            guard let name = FormEncoding.decode(item.name), let value = FormEncoding.decode(item.value ?? "") else {
                throw PresentationError(
                    .malformedRequest, "query parameter \(item.name): malformed percent-encoding or invalid UTF-8")
            }
            guard parameters[name] == nil else {
                throw PresentationError(
                    .malformedRequest, "\(name): given more than once (RFC 6749 §3.1 allows each parameter once)")
            }
            parameters[name] = value
        }
        guard let clientID = parameters["client_id"], !clientID.isEmpty else {
            throw PresentationError(.malformedRequest, "client_id: missing (OpenID4VP 1.0 §5.2, RFC 9101 §5)")
        }
        self.scheme = scheme
        self.clientID = clientID
        self.parameters = parameters
        self.request = try Self.request(parameters)
    }

    /// The request's form from `request`, `request_uri` and `request_uri_method`.
    private static func request(_ parameters: [String: String]) throws(PresentationError) -> Request {
        let method = parameters["request_uri_method"]
        switch (parameters["request"], parameters["request_uri"]) {
        case (.some, .some):
            throw PresentationError(
                .malformedRequest, "request and request_uri: both given; RFC 9101 §5 allows one of them")
        case (.some(let value), nil):
            guard method == nil else {
                throw PresentationError(
                    .malformedRequest, "request_uri_method: given without request_uri (OpenID4VP 1.0 §5.1)")
            }
            guard !value.isEmpty else { throw PresentationError(.malformedRequest, "request: empty") }
            return .byValue(value)
        case (nil, .some(let uri)):
            guard !uri.isEmpty else { throw PresentationError(.malformedRequest, "request_uri: empty") }
            guard let method else { return .byReference(uri: uri, method: .get) }
            guard let known = RequestURIMethod(rawValue: method) else {
                throw PresentationError(
                    .malformedRequest,
                    "request_uri_method: expected get or post (case-sensitive, OpenID4VP 1.0 §5.1), found \"\(method)\""
                )
            }
            return .byReference(uri: uri, method: known)
        case (nil, nil):
            guard method == nil else {
                throw PresentationError(
                    .malformedRequest, "request_uri_method: given without request_uri (OpenID4VP 1.0 §5.1)")
            }
            return .parameters
        }
    }
}
