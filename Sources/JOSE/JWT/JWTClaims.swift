import Foundation
import X509

/// The claims set of a JWT (RFC 7519 §4): a JSON object whose registered claims, where present, have been checked
/// for their types, with raw access to every other claim.
///
/// Decoding a claims set does not verify anything: take it from the payload of a ``JWS`` after
/// ``JWS/verify(with:)`` succeeded. Time is checked separately, at a time the caller supplies
/// (``checkTime(at:skew:)``).
public struct JWTClaims: Sendable, Hashable {
    /// Every claim, registered or not, as received.
    public let claims: [String: JSONValue]
    /// `iss` (RFC 7519 §4.1.1), the issuer; nil when absent.
    public let iss: String?
    /// `sub` (RFC 7519 §4.1.2), the subject; nil when absent.
    public let sub: String?
    /// `aud` (RFC 7519 §4.1.3), the audiences: a single string is read as a one-element array; nil when absent.
    public let aud: [String]?
    /// `exp` (RFC 7519 §4.1.4), the expiration time (a NumericDate, UTC); nil when absent.
    public let exp: Date?
    /// `nbf` (RFC 7519 §4.1.5), the time before which the JWT must not be accepted (UTC); nil when absent.
    public let nbf: Date?
    /// `iat` (RFC 7519 §4.1.6), the time the JWT was issued (UTC); nil when absent.
    public let iat: Date?

    /// Reads a claims set from a JSON object, checking the registered claims' types.
    /// - Parameter claims: the claims set.
    /// - Throws: `malformed_json` when `iss` or `sub` is not a string, `aud` is neither a string nor an array of
    ///   strings, or `exp`, `nbf` or `iat` is not a number (RFC 7519 §2: NumericDate, seconds since the epoch,
    ///   possibly non-integer); the message names the claim.
    public init(claims: [String: JSONValue]) throws(JOSEError) {
        self.claims = claims
        self.iss = try Self.string(claims, "iss")
        self.sub = try Self.string(claims, "sub")
        if let audience = claims["aud"] {
            switch audience {
            case .string(let single):
                self.aud = [single]
            case .array(let elements):
                var audiences: [String] = []
                for (index, element) in elements.enumerated() {
                    guard let text = element.stringValue else {
                        throw JOSEError(
                            .malformedJSON,
                            "JWT claims.aud[\(index)]: expected a string (RFC 7519 §4.1.3), found \(element.kindName)")
                    }
                    audiences.append(text)
                }
                self.aud = audiences
            default:
                throw JOSEError(
                    .malformedJSON,
                    "JWT claims.aud: expected a string or an array of strings (RFC 7519 §4.1.3), "
                        + "found \(audience.kindName)")
            }
        } else {
            self.aud = nil
        }
        self.exp = try Self.numericDate(claims, "exp")
        self.nbf = try Self.numericDate(claims, "nbf")
        self.iat = try Self.numericDate(claims, "iat")
    }

    /// Decodes a claims set from JSON text (RFC 7519 §7.2 steps 9–10), limits first.
    /// - Parameters:
    ///   - payload: the JSON text, e.g. a verified JWS's payload.
    ///   - limits: size and depth bounds (``JSONLimits``).
    /// - Throws: `limits_exceeded` over a limit; `malformed_json` when the text is not well-formed JSON (including a
    ///   duplicate claim name), is not an object, or has a registered claim of the wrong type.
    public init(jsonEncoded payload: [UInt8], limits: JSONLimits = JSONLimits()) throws(JOSEError) {
        let value = try JSONValue(jsonEncoded: payload, limits: limits, label: "JWT claims")
        guard let object = value.objectValue else {
            throw JOSEError(
                .malformedJSON, "JWT claims: expected a JSON object (RFC 7519 §7.2), found \(value.kindName)")
        }
        try self.init(claims: object)
    }

    /// The claim `name` as it was received; nil when absent.
    /// - Parameter name: the claim name, e.g. `client_id`.
    public func value(_ name: String) -> JSONValue? { claims[name] }

    /// The claim `name` when it is a string; nil when absent or of another kind.
    /// - Parameter name: the claim name, e.g. `nonce`.
    public func string(_ name: String) -> String? { claims[name]?.stringValue }

    /// The claim `name` when it is an object; nil when absent or of another kind.
    /// - Parameter name: the claim name, e.g. `dcql_query`.
    public func object(_ name: String) -> [String: JSONValue]? { claims[name]?.objectValue }

    /// The claim `name` read as a NumericDate (RFC 7519 §2): seconds since 1970-01-01T00:00:00Z UTC, ignoring leap
    /// seconds, possibly non-integer.
    /// - Parameter name: the claim name, e.g. `auth_time`.
    /// - Returns: the time, or nil when the claim is absent.
    /// - Throws: `malformed_json` when the claim is present and not a number.
    public func numericDate(_ name: String) throws(JOSEError) -> Date? {
        try Self.numericDate(claims, name)
    }

    private static func string(_ claims: [String: JSONValue], _ name: String) throws(JOSEError) -> String? {
        guard let value = claims[name] else { return nil }
        guard let text = value.stringValue else {
            throw JOSEError(
                .malformedJSON, "JWT claims.\(name): expected a string (RFC 7519 §4.1), found \(value.kindName)")
        }
        return text
    }

    private static func numericDate(_ claims: [String: JSONValue], _ name: String) throws(JOSEError) -> Date? {
        guard let value = claims[name] else { return nil }
        guard let seconds = value.numberValue else {
            throw JOSEError(
                .malformedJSON,
                "JWT claims.\(name): expected a NumericDate, a number of seconds since the epoch (RFC 7519 §2), "
                    + "found \(value.kindName)")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
