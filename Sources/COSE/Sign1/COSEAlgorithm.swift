import X509

/// The COSE signature algorithms this implementation verifies and signs with (RFC 9053 §2.1 ECDSA, §2.2 EdDSA),
/// each bound to exactly one key type.
///
/// RSASSA-PSS (RFC 8230 §2: PS256 -37, PS384 -38, PS512 -39) is not one of them, although the X509 module has RSA
/// keys for JOSE: the COSE_Sign1 messages read here (VICALs and RICALs, ISO/IEC 18013-5 and 18013-7 reader and issuer
/// authentication) are ECDSA or EdDSA only, so an RSA `alg` or an RSA signer key is `unsupported_alg`.
public enum COSEAlgorithm: Int64, Sendable, Hashable, CaseIterable {
    /// ES256: ECDSA with SHA-256 over P-256 (RFC 9053 §2.1), value -7.
    case es256 = -7
    /// ES384: ECDSA with SHA-384 over P-384 (RFC 9053 §2.1), value -35.
    case es384 = -35
    /// ES512: ECDSA with SHA-512 over P-521 (RFC 9053 §2.1), value -36.
    case es512 = -36
    /// EdDSA (RFC 9053 §2.2), value -8; here with Ed25519 keys only.
    case edDSA = -8

    /// The COSE identifier of a signature algorithm; nil for PS256/PS384/PS512, which COSE does not use here.
    public init?(_ algorithm: SignatureAlgorithm) {
        switch algorithm {
        case .es256: self = .es256
        case .es384: self = .es384
        case .es512: self = .es512
        case .edDSA: self = .edDSA
        case .ps256, .ps384, .ps512: return nil
        }
    }

    /// The algorithm for a key: ES256 for P-256, ES384 for P-384, ES512 for P-521, EdDSA for Ed25519; nil for RSA.
    public init?(for key: KeyAlgorithm) { self.init(SignatureAlgorithm(for: key)) }

    /// The signature algorithm it identifies.
    public var signatureAlgorithm: SignatureAlgorithm {
        switch self {
        case .es256: .es256
        case .es384: .es384
        case .es512: .es512
        case .edDSA: .edDSA
        }
    }

    /// The only key algorithm this COSE algorithm may be used with.
    public var keyAlgorithm: KeyAlgorithm { signatureAlgorithm.keyAlgorithm }

    /// The hash ECDSA signs with (unused by EdDSA).
    public var digest: Digest { signatureAlgorithm.digest }

    /// The IANA name: `ES256`, `ES384`, `ES512`, `EdDSA`.
    public var name: String { signatureAlgorithm.rawValue }
}
