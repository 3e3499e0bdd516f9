/// The public-key signature algorithms this package verifies and signs with, each bound to exactly one key type:
/// ECDSA with P-256/SHA-256, P-384/SHA-384, P-521/SHA-512, EdDSA with Ed25519, and RSASSA-PSS with SHA-256/384/512
/// over RSA keys. JOSE names them all (RFC 7518 §3.4 `ES256`, `ES384`, `ES512`; RFC 8037 §3.1 `EdDSA`; RFC 7518 §3.5
/// `PS256`, `PS384`, `PS512`); COSE (RFC 9053 §2.1, §2.2) the first four, which are all it accepts here. Each encoding
/// maps its identifiers onto these, so the key-to-algorithm rule is written once.
///
/// One key type may fit several algorithms (an RSA key any of PS256/384/512), but each algorithm fits one key type.
/// RSASSA-PKCS1-v1_5 (`RS256`, RFC 7518 §3.3) is not one of them.
public enum SignatureAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// ECDSA over P-256 with SHA-256.
    case es256 = "ES256"
    /// ECDSA over P-384 with SHA-384.
    case es384 = "ES384"
    /// ECDSA over P-521 with SHA-512.
    case es512 = "ES512"
    /// EdDSA, here with Ed25519 keys only.
    case edDSA = "EdDSA"
    /// RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-byte salt (RFC 7518 §3.5).
    case ps256 = "PS256"
    /// RSASSA-PSS with SHA-384, MGF1 with SHA-384 and a 48-byte salt (RFC 7518 §3.5).
    case ps384 = "PS384"
    /// RSASSA-PSS with SHA-512, MGF1 with SHA-512 and a 64-byte salt (RFC 7518 §3.5).
    case ps512 = "PS512"

    /// The algorithm a key signs with when the caller names none: ES256 for P-256, ES384 for P-384, ES512 for P-521,
    /// EdDSA for Ed25519, PS256 for RSA (PS384 and PS512 fit an RSA key too).
    public init(for key: KeyAlgorithm) {
        switch key {
        case .ecP256: self = .es256
        case .ecP384: self = .es384
        case .ecP521: self = .es512
        case .ed25519: self = .edDSA
        case .rsa: self = .ps256
        }
    }

    /// The only key algorithm this signature algorithm may be used with.
    public var keyAlgorithm: KeyAlgorithm {
        switch self {
        case .es256: .ecP256
        case .es384: .ecP384
        case .es512: .ecP521
        case .edDSA: .ed25519
        case .ps256, .ps384, .ps512: .rsa
        }
    }

    /// The hash ECDSA and RSASSA-PSS sign with (for PSS also MGF1's hash, and the salt is as long as its output);
    /// unused by EdDSA, which hashes internally.
    public var digest: Digest {
        switch self {
        case .es256, .edDSA, .ps256: .sha256
        case .es384, .ps384: .sha384
        case .es512, .ps512: .sha512
        }
    }

    /// The smallest key, in bits, the algorithm may be used with: 2048 for RSASSA-PSS (RFC 7518 §3.5: "A key of size
    /// 2048 bits or larger MUST be used"); nil for the others, whose curve fixes the size.
    public var minimumKeyBits: Int? {
        switch self {
        case .ps256, .ps384, .ps512: 2048
        case .es256, .es384, .es512, .edDSA: nil
        }
    }
}
