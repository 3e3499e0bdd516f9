/// The public-key signature algorithms this package verifies and signs with, each bound to exactly one key type:
/// ECDSA with P-256/SHA-256, P-384/SHA-384, P-521/SHA-512, and EdDSA with Ed25519. COSE (RFC 9053 §2.1, §2.2) and
/// JOSE (RFC 7518 §3.4, RFC 8037 §3.1) name the same four `ES256`, `ES384`, `ES512` and `EdDSA`; each encoding maps
/// its identifiers onto these, so the key-to-algorithm rule is written once.
public enum SignatureAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// ECDSA over P-256 with SHA-256.
    case es256 = "ES256"
    /// ECDSA over P-384 with SHA-384.
    case es384 = "ES384"
    /// ECDSA over P-521 with SHA-512.
    case es512 = "ES512"
    /// EdDSA, here with Ed25519 keys only.
    case edDSA = "EdDSA"

    /// The algorithm for a key: ES256 for P-256, ES384 for P-384, ES512 for P-521, EdDSA for Ed25519.
    public init(for key: KeyAlgorithm) {
        switch key {
        case .ecP256: self = .es256
        case .ecP384: self = .es384
        case .ecP521: self = .es512
        case .ed25519: self = .edDSA
        }
    }

    /// The only key algorithm this signature algorithm may be used with.
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

    /// The length of a signature in bytes: raw `r‖s` for ECDSA, 64 for Ed25519 (RFC 8032 §5.1.6).
    public var signatureSize: Int { keyAlgorithm.rawSignatureSize }
}
