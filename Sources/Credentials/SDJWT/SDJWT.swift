import Foundation
import JOSE
import X509

/// An SD-JWT as presented (SD-JWT §4, SD-JWT VC §3): `issuer-JWT~disclosure~…~disclosure~[KB-JWT]`, decoded but not
/// verified. The issuer JWT is a JWS compact serialization whose payload is the claims set with `_sd` digests; each
/// disclosure is decoded (``Disclosure``); a Key Binding JWT follows the last `~` when there is one.
///
/// What a Key Binding JWT signs (its `sd_hash`) is the text up to and including the last `~`, kept as
/// ``keyBindingInput``; what the issuer signed is the JWS signing input, kept by ``JWS``.
public struct SDJWT: Sendable {
    /// The issuer-signed JWT.
    public let issuerJWT: JWS
    /// Its payload's claims.
    public let claims: JWTClaims
    /// The disclosures, in the order sent.
    public let disclosures: [Disclosure]
    /// The Key Binding JWT; nil when the SD-JWT ends with `~`.
    public let keyBinding: JWS?
    /// The ASCII of the issuer JWT and the disclosures, each followed by `~`: the `sd_hash` input (SD-JWT §4.3.1).
    public let keyBindingInput: [UInt8]

    /// `vct`, the credential type (SD-JWT VC §3.2.2.2); nil when absent (decided as `malformed_sd_jwt`).
    public var vct: String? { claims.string("vct") }
    /// `_sd_alg` (SD-JWT §4.1.1); nil when absent (SHA-256).
    public var digestAlgorithmName: String? { claims.string("_sd_alg") }

    /// The `typ` values of an SD-JWT VC: the current one (SD-JWT VC §3.2.1) and the drafts' one.
    public static let mediaType = "dc+sd-jwt"
    /// The media type of earlier SD-JWT VC drafts, accepted with a warning.
    public static let legacyMediaType = "vc+sd-jwt"

    /// Decodes an SD-JWT in the compact form, limits first.
    /// - Parameters:
    ///   - compact: the text.
    ///   - limits: the bounds (``SDJWTLimits``).
    /// - Throws: `malformed_sd_jwt` for text that is not `issuer-JWT~…~[KB-JWT]` (no `~`, an empty disclosure), an
    ///   issuer JWT or KB-JWT that is not a JWS compact serialization, a payload that is not a JSON object or has a
    ///   registered claim of the wrong type, a disclosure that does not decode; `unsupported_alg` (`none`, HMAC) and
    ///   `unknown_critical_header` from the JWS decoder; `limits_exceeded`.
    public init(compact: String, limits: SDJWTLimits = SDJWTLimits()) throws(CredentialError) {
        let size = compact.utf8.count
        guard size <= limits.maxBytes else {
            throw CredentialError(.limitsExceeded, "SD-JWT of \(size) bytes; the limit is \(limits.maxBytes)")
        }
        // Split on the bytes: a `~` is ASCII, and splitting a String by Characters costs more than the rest of the
        // decoding.
        let parts = compact.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false).map(
            Substring.init)
        guard parts.count >= 2 else {
            throw CredentialError(
                .malformedSDJWT,
                "expected issuer-JWT~disclosures~[KB-JWT] (SD-JWT §4): no '~' after the issuer JWT")
        }
        guard parts.count - 2 <= limits.maxDisclosures else {
            throw CredentialError(
                .limitsExceeded, "\(parts.count - 2) disclosures, over the limit of \(limits.maxDisclosures)")
        }
        issuerJWT = try Self.jws(parts[0], limits: limits.jws, what: "issuer JWT")
        let payload: JSONValue
        do {
            payload = try JSONValue(jsonEncoded: issuerJWT.payload, limits: limits.payload, label: "issuer JWT payload")
        } catch {
            throw CredentialError(error.code == .limitsExceeded ? .limitsExceeded : .malformedSDJWT, error.reason)
        }
        guard let object = payload.objectValue else {
            throw CredentialError(
                .malformedSDJWT, "issuer JWT payload: expected a JSON object (RFC 7519 §7.2), found \(payload.kindName)"
            )
        }
        do {
            claims = try JWTClaims(claims: object)
        } catch {
            throw CredentialError(.malformedSDJWT, "issuer JWT payload: \(error.reason)")
        }
        var disclosures: [Disclosure] = []
        disclosures.reserveCapacity(parts.count - 2)
        for (index, text) in parts.dropFirst().dropLast().enumerated() {
            guard !text.isEmpty else {
                throw CredentialError(
                    .malformedSDJWT, "disclosures[\(index)]: empty (two '~' in a row); SD-JWT §4 has none")
            }
            disclosures.append(try Disclosure(text: text, index: index, limits: limits.disclosure))
        }
        self.disclosures = disclosures
        let last = parts[parts.count - 1]
        keyBinding = last.isEmpty ? nil : try Self.jws(last, limits: limits.jws, what: "Key Binding JWT")
        keyBindingInput = Array(compact.utf8.prefix(size - last.utf8.count))
    }

    /// A JWS compact serialization, with the JOSE decoder's refusals mapped: `unsupported_alg`,
    /// `unknown_critical_header` and `limits_exceeded` kept, the rest `malformed_sd_jwt`.
    private static func jws(_ text: Substring, limits: JWS.Limits, what: String) throws(CredentialError) -> JWS {
        do {
            return try JWS(compactSerialization: String(text), limits: limits)
        } catch {
            switch error.code {
            case .unsupportedAlgorithm, .unknownCriticalHeader, .limitsExceeded:
                throw CredentialError(error.code, "\(what): \(error.reason)")
            default:
                throw CredentialError(.malformedSDJWT, "\(what): \(error.code.rawValue): \(error.reason)")
            }
        }
    }
}
