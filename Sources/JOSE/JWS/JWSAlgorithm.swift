import X509

/// The JWS signature algorithms this implementation verifies and signs with (RFC 7518 §3.4 ECDSA, RFC 8037 §3.1
/// EdDSA), each bound to exactly one key type, so that the algorithm a header names can only be checked against the
/// key the caller trusts, never used to choose one.
///
/// `none` (RFC 7518 §3.6), the HMAC algorithms HS256/HS384/HS512 (RFC 7518 §3.2; a verifier that accepts them can be
/// fooled with the public key as the HMAC secret), RSA and every other name are refused.
public enum JWSAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// ECDSA using P-256 and SHA-256 (RFC 7518 §3.4); signature `r‖s`, 64 bytes.
    case es256 = "ES256"
    /// ECDSA using P-384 and SHA-384 (RFC 7518 §3.4); signature `r‖s`, 96 bytes.
    case es384 = "ES384"
    /// ECDSA using P-521 and SHA-512 (RFC 7518 §3.4); signature `r‖s`, 132 bytes.
    case es512 = "ES512"
    /// EdDSA (RFC 8037 §3.1), here with Ed25519 keys only; signature 64 bytes (RFC 8032 §5.1.6).
    case edDSA = "EdDSA"

    /// The algorithm a header's `alg` names (RFC 7515 §4.1.1: case-sensitive).
    /// - Parameter name: the `alg` value.
    /// - Throws: `unsupported_alg` for `none`, the HMAC algorithms and any other name, with a message that says
    ///   which ones are accepted.
    public init(headerValue name: String) throws(JOSEError) {
        guard let algorithm = JWSAlgorithm(rawValue: name) else {
            let accepted = "accepted: ES256, ES384, ES512, EdDSA"
            switch name {
            case "none":
                throw JOSEError(
                    .unsupportedAlgorithm, "alg none: an unsecured JWS (RFC 7518 §3.6) is refused; \(accepted)")
            case "HS256", "HS384", "HS512":
                throw JOSEError(
                    .unsupportedAlgorithm,
                    "alg \(name): HMAC (RFC 7518 §3.2) is refused, only public-key signatures are; \(accepted)")
            default:
                throw JOSEError(.unsupportedAlgorithm, "alg \(name) is not supported; \(accepted)")
            }
        }
        self = algorithm
    }

    /// The algorithm for a key: ES256 for P-256, ES384 for P-384, ES512 for P-521, EdDSA for Ed25519.
    /// - Parameter key: the key's algorithm and curve.
    public init(for key: KeyAlgorithm) {
        switch key {
        case .ecP256: self = .es256
        case .ecP384: self = .es384
        case .ecP521: self = .es512
        case .ed25519: self = .edDSA
        }
    }

    /// The only key algorithm this JWS algorithm may be used with (RFC 7518 §3.4: "ES256 … P-256", …).
    public var keyAlgorithm: KeyAlgorithm {
        switch self {
        case .es256: .ecP256
        case .es384: .ecP384
        case .es512: .ecP521
        case .edDSA: .ed25519
        }
    }

    /// The hash ECDSA signs with (unused by EdDSA, which hashes internally).
    public var digest: Digest {
        switch self {
        case .es256, .edDSA: .sha256
        case .es384: .sha384
        case .es512: .sha512
        }
    }

    /// The length of a signature in bytes: `r‖s` for ECDSA (RFC 7518 §3.4), 64 for Ed25519 (RFC 8032 §5.1.6).
    public var signatureSize: Int { keyAlgorithm.rawSignatureSize }
}
