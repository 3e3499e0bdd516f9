import X509

/// The JWS signature algorithms this implementation verifies and signs with (RFC 7518 §3.4 ECDSA, RFC 7518 §3.5
/// RSASSA-PSS, RFC 8037 §3.1 EdDSA), each bound to exactly one key type, so that the algorithm a header names can only
/// be checked against the key the caller trusts, never used to choose one.
///
/// `none` (RFC 7518 §3.6), the HMAC algorithms HS256/HS384/HS512 (RFC 7518 §3.2; a verifier that accepts them can be
/// fooled with the public key as the HMAC secret), RSASSA-PKCS1-v1_5 RS256/RS384/RS512 (RFC 7518 §3.3; JAdES and the
/// EU profiles sign RSA keys with PSS) and every other name are refused.
public typealias JWSAlgorithm = SignatureAlgorithm

extension SignatureAlgorithm {
    /// The algorithm a header's `alg` names (RFC 7515 §4.1.1: case-sensitive).
    /// - Parameter name: the `alg` value.
    /// - Throws: `unsupported_alg` for `none`, the HMAC algorithms, RS256/RS384/RS512 and any other name, with a
    ///   message that says which ones are accepted.
    public init(headerValue name: String) throws(JOSEError) {
        guard let algorithm = SignatureAlgorithm(rawValue: name) else {
            let accepted = "accepted: " + SignatureAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
            switch name {
            case "none":
                throw JOSEError(
                    .unsupportedAlgorithm, "alg none: an unsecured JWS (RFC 7518 §3.6) is refused; \(accepted)")
            case "HS256", "HS384", "HS512":
                throw JOSEError(
                    .unsupportedAlgorithm,
                    "alg \(name): HMAC (RFC 7518 §3.2) is refused, only public-key signatures are; \(accepted)")
            case "RS256", "RS384", "RS512":
                throw JOSEError(
                    .unsupportedAlgorithm,
                    "alg \(name): RSASSA-PKCS1-v1_5 (RFC 7518 §3.3) is refused; an RSA key must sign with RSASSA-PSS "
                        + "(PS\(name.dropFirst(2)), RFC 7518 §3.5), as JAdES and the EU profiles do; \(accepted)")
            default:
                throw JOSEError(.unsupportedAlgorithm, "alg \(name) is not supported; \(accepted)")
            }
        }
        self = algorithm
    }

    /// Checks that this algorithm may be used with `key`: the key type it is bound to (ES256 needs P-256, ES384 P-384,
    /// ES512 P-521, EdDSA Ed25519, PS256/384/512 RSA; RFC 7518 §3.4, §3.5, RFC 8037 §3.1) and, for RSASSA-PSS, a key
    /// of 2048 bits or more (RFC 7518 §3.5).
    /// - Parameters:
    ///   - key: the verifying key, or the signing key's public key.
    ///   - role: how messages name the key: `trusted` when verifying, `signing` when signing.
    /// - Throws: `unsupported_alg` when the key is of another type; `weak_key` when it is too small.
    func checkFits(_ key: PublicKey, role: String) throws(JOSEError) {
        guard keyAlgorithm == key.algorithm else {
            throw JOSEError(
                .unsupportedAlgorithm,
                "header.alg \(rawValue) does not fit the \(role) \(key.algorithm.rawValue) key; \(rawValue) needs "
                    + "\(keyAlgorithm.rawValue) (RFC 7518 §3.4, §3.5, RFC 8037 §3.1)")
        }
        if let minimum = minimumKeyBits, key.sizeInBits < minimum {
            throw JOSEError(
                .weakKey,
                "the \(role) \(key.algorithm.rawValue) key has \(key.sizeInBits) bits; \(rawValue) needs \(minimum) "
                    + "or more (RFC 7518 §3.5): the signer must be re-keyed")
        }
    }
}
