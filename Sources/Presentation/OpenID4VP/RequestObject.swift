import JOSE
import X509

/// An OpenID4VP request object (OpenID4VP 1.0 §5, RFC 9101 §4): a JWS compact serialization whose payload is a JWT
/// claims set holding the authorization request's parameters, decoded with the JOSE module's limits but neither
/// verified nor checked: the ``OpenID4VPVerifier``'s request policies do that (`typ`, signature with the `x5c` leaf,
/// client identifier binding, `aud`, times, `wallet_nonce`).
///
/// The claims are decoded before the signature is verified, because the `client_id` claim names the prefix that says
/// which key must have signed; decoding them is bounded by ``JSONLimits`` and decides nothing.
public struct RequestObject: Sendable, Hashable {
    /// The `typ` a request object must carry (OpenID4VP 1.0 §5, RFC 9101 §10.8).
    public static let typ = "oauth-authz-req+jwt"
    /// The media type of a request object fetched from `request_uri` (RFC 9101 §10.8, OpenID4VP 1.0 §5.10.1), sent as
    /// `Accept` and expected as `Content-Type`.
    public static let mediaType = "application/oauth-authz-req+jwt"

    /// The decoded JWS: header (`alg`, `typ`, `x5c`), payload, signature.
    public let jws: JWS
    /// The claims set, registered claims type-checked (RFC 7519 §4.1).
    public let claims: JWTClaims

    /// Decodes a request object, limits first.
    /// - Parameters:
    ///   - compactSerialization: the JWS compact serialization (`request`, or the body fetched from `request_uri`).
    ///   - limits: bounds on the JWS (size, header, `x5c` entries).
    ///   - claimsLimits: bounds on the claims set's JSON (size, nesting depth).
    /// - Throws: ``PresentationError`` with the JOSE module's code and message: `limits_exceeded`, `malformed_jws`
    ///   (also for a five-segment JWE: encrypted request objects are not supported), `malformed_json`,
    ///   `unsupported_alg` (`none`, HMAC, any name but ES256/384/512 and EdDSA), `unknown_critical_header`,
    ///   `malformed_x5c` (base64url or otherwise malformed `x5c`).
    public init(
        compactSerialization: String, limits: JWS.Limits = JWS.Limits(), claimsLimits: JSONLimits = JSONLimits()
    ) throws(PresentationError) {
        do {
            jws = try JWS(compactSerialization: compactSerialization, limits: limits)
            claims = try JWTClaims(jsonEncoded: jws.payload, limits: claimsLimits)
        } catch {
            throw PresentationError(error.code, "request: \(error.reason)")
        }
    }

    /// Whether `typ` is `oauth-authz-req+jwt`, compared as RFC 7515 §4.1.9 allows: case-insensitively, with or
    /// without the `application/` prefix.
    public var hasRequestObjectType: Bool {
        guard let typ = jws.typ?.lowercased() else { return false }
        return typ == Self.typ || typ == Self.mediaType
    }
}
