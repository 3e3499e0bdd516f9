import Foundation
import JOSE
import X509

/// The holder's Key Binding JWT (SD-JWT §4.3, §7.3): a JWS with `typ` `kb+jwt`, signed with the key the issuer bound
/// in `cnf.jwk` (RFC 7800 §3.2), whose claims are `iat`, `aud`, `nonce` and `sd_hash`, the base64url hash (per
/// `_sd_alg`) of the presentation up to and including its last `~`.
///
/// Without a nonce or an audience from the caller, a Key Binding JWT that verifies proves possession of the key but
/// not freshness: it is `not_checkable` (with the warning `device_auth_not_checkable`), never `verified`.
public enum KeyBinding {
    /// The `typ` of a Key Binding JWT (SD-JWT §4.3).
    public static let mediaType = "kb+jwt"

    /// What the Key Binding JWT showed, and why.
    public struct Result: Sendable {
        /// The outcome reported.
        public let outcome: DeviceAuthOutcome
        /// For a refusal: `key_binding_invalid` or `key_binding_missing`; nil otherwise.
        public let failure: CredentialError?
        /// `device_auth_not_checkable` when it could not be bound to the caller's nonce or audience.
        public let warning: ReasonCode?
    }

    /// Checks an SD-JWT's Key Binding JWT.
    /// - Parameters:
    ///   - sdJWT: the SD-JWT.
    ///   - algorithm: the digest algorithm of `sd_hash` (`_sd_alg`); nil when it is not supported (`not_checkable`).
    ///   - nonce: the nonce the caller expects; nil when none.
    ///   - audience: the audience the caller expects (its client identifier); nil when none.
    ///   - time: the decision time; `iat` must not lie after it plus `skew`.
    ///   - skew: allowed clock difference, seconds.
    static func check(
        _ sdJWT: SDJWT, algorithm: Digest?, nonce: String?, audience: String?, at time: Date, skew: TimeInterval
    ) -> Result {
        let bound = nonce != nil || audience != nil
        guard let keyBinding = sdJWT.keyBinding else {
            guard bound else { return Result(outcome: .absent, failure: nil, warning: nil) }
            return Result(
                outcome: .absent,
                failure: CredentialError(
                    .keyBindingMissing,
                    "a nonce or an audience was given to bind to, and the SD-JWT has no Key Binding JWT (SD-JWT §7.3)"),
                warning: nil)
        }
        guard let algorithm else {
            return Result(outcome: .notCheckable, failure: nil, warning: .deviceAuthNotCheckable)
        }
        do throws(CredentialError) {
            try verify(
                keyBinding, of: sdJWT, algorithm: algorithm, nonce: nonce, audience: audience, at: time, skew: skew)
        } catch {
            return Result(outcome: .invalid, failure: error, warning: nil)
        }
        return bound
            ? Result(outcome: .verified, failure: nil, warning: nil)
            : Result(outcome: .notCheckable, failure: nil, warning: .deviceAuthNotCheckable)
    }

    private static func verify(
        _ jws: JWS, of sdJWT: SDJWT, algorithm: Digest, nonce: String?, audience: String?, at time: Date,
        skew: TimeInterval
    ) throws(CredentialError) {
        func invalid(_ message: String) -> CredentialError {
            CredentialError(.keyBindingInvalid, "Key Binding JWT: \(message)")
        }
        guard jws.typ == mediaType else {
            throw invalid("typ is \(jws.typ.map { "\"\($0)\"" } ?? "absent"); SD-JWT §4.3 requires \"\(mediaType)\"")
        }
        guard let jwk = sdJWT.claims.object("cnf")?["jwk"] else {
            throw invalid("the credential binds no key (cnf.jwk, RFC 7800 §3.2) to verify it with")
        }
        let key: PublicKey
        do {
            key = try PublicJWK.publicKey(jwk, path: "cnf.jwk")
            try jws.verify(with: key)
        } catch {
            throw invalid("\(error.code.rawValue): \(error.reason)")
        }
        let claims: JWTClaims
        do {
            claims = try JWTClaims(jsonEncoded: jws.payload)
        } catch {
            throw invalid(error.reason)
        }
        guard let iat = claims.iat else { throw invalid("iat: required (SD-JWT §4.3)") }
        guard iat <= time.addingTimeInterval(max(skew, 0)) else {
            throw invalid("iat \(RFC3339.string(from: iat) ?? "?") is after the decision time")
        }
        guard let sdHash = claims.string("sd_hash") else { throw invalid("sd_hash: required (SD-JWT §4.3)") }
        let expected = Base64URL.encode(algorithm.hash(sdJWT.keyBindingInput))
        guard sdHash == expected else {
            throw invalid("sd_hash is not the hash of the issuer JWT and the disclosures presented (SD-JWT §4.3.1)")
        }
        guard let presentedNonce = claims.string("nonce") else { throw invalid("nonce: required (SD-JWT §4.3)") }
        guard let audiences = claims.aud, !audiences.isEmpty else { throw invalid("aud: required (SD-JWT §4.3)") }
        if let nonce, presentedNonce != nonce {
            throw invalid("nonce is not the one expected")
        }
        if let audience, !audiences.contains(audience) {
            throw invalid("aud \(audiences) does not name \(audience)")
        }
    }
}
