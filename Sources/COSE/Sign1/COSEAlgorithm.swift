import X509

/// The COSE signature algorithms this implementation verifies and signs with (RFC 9053 §2.1 ECDSA, §2.2 EdDSA),
/// each bound to exactly one key type.
public enum COSEAlgorithm: Int64, Sendable, Hashable, CaseIterable {
    /// ES256: ECDSA with SHA-256 over P-256 (RFC 9053 §2.1), value -7.
    case es256 = -7
    /// ES384: ECDSA with SHA-384 over P-384 (RFC 9053 §2.1), value -35.
    case es384 = -35
    /// ES512: ECDSA with SHA-512 over P-521 (RFC 9053 §2.1), value -36.
    case es512 = -36
    /// EdDSA (RFC 9053 §2.2), value -8; here with Ed25519 keys only.
    case edDSA = -8

    /// The algorithm for a key: ES256 for P-256, ES384 for P-384, ES512 for P-521, EdDSA for Ed25519.
    public init(for key: KeyAlgorithm) {
        switch key {
        case .ecP256: self = .es256
        case .ecP384: self = .es384
        case .ecP521: self = .es512
        case .ed25519: self = .edDSA
        }
    }

    /// The only key algorithm this COSE algorithm may be used with.
    public var keyAlgorithm: KeyAlgorithm {
        switch self {
        case .es256: .ecP256
        case .es384: .ecP384
        case .es512: .ecP521
        case .edDSA: .ed25519
        }
    }

    /// The hash ECDSA signs with (unused by EdDSA).
    public var digest: Digest {
        switch self {
        case .es256, .edDSA: .sha256
        case .es384: .sha384
        case .es512: .sha512
        }
    }

    /// The IANA name: `ES256`, `ES384`, `ES512`, `EdDSA`.
    public var name: String {
        switch self {
        case .es256: "ES256"
        case .es384: "ES384"
        case .es512: "ES512"
        case .edDSA: "EdDSA"
        }
    }
}
