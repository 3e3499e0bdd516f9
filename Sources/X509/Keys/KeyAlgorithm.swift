internal import COpenSSL

/// The public-key algorithms this package signs and verifies with: the curves of RFC 9053 §2.1 and §2.2, and RSA
/// (`rsaEncryption`, RFC 8017), used for RSASSA-PSS only (RFC 7518 §3.5).
///
/// An RSA key whose SubjectPublicKeyInfo names `id-RSASSA-PSS` (RFC 4055 §3.1) is not one of them: its parameters
/// may bind another hash or salt length than the JWS algorithm names, so it is refused (`unsupported_key`) rather than
/// reconciled; RSA signer certificates commonly carry `rsaEncryption` keys, which PSS signs with as well.
public enum KeyAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// ECDSA over NIST P-256 (`prime256v1`).
    case ecP256 = "P-256"
    /// ECDSA over NIST P-384 (`secp384r1`).
    case ecP384 = "P-384"
    /// ECDSA over NIST P-521 (`secp521r1`).
    case ecP521 = "P-521"
    /// Ed25519 (RFC 8032).
    case ed25519 = "Ed25519"
    /// RSA (`rsaEncryption`, RFC 8017 §3.1) of any modulus size; signatures are RSASSA-PSS (RFC 8017 §8.1).
    case rsa = "RSA"

    /// Bytes of one coordinate or scalar: the length of `r` and of `s` in a raw ECDSA signature; 32 for Ed25519; nil
    /// for RSA, whose sizes are the key's (``PublicKey/signatureSize``).
    public var fieldSize: Int? {
        switch self {
        case .ecP256: 32
        case .ecP384: 48
        case .ecP521: 66
        case .ed25519: 32
        case .rsa: nil
        }
    }

    /// Length of a raw signature: `r‖s` for ECDSA (RFC 9053 §2.1), 64 bytes for Ed25519; nil for RSA, whose
    /// signatures are as long as the key's modulus (``PublicKey/signatureSize``).
    public var rawSignatureSize: Int? { fieldSize.map { 2 * $0 } }

    /// OpenSSL's group name for the EC curves.
    var groupName: String? {
        switch self {
        case .ecP256: "prime256v1"
        case .ecP384: "secp384r1"
        case .ecP521: "secp521r1"
        case .ed25519, .rsa: nil
        }
    }

    /// The digest a certificate or CRL signed with this key uses (`X509_sign`, `X509_CRL_sign`): SHA-256/384/512 for
    /// P-256/384/521, none for Ed25519 (PureEdDSA, RFC 8032), SHA-256 for RSA (OpenSSL then writes
    /// `sha256WithRSAEncryption`, PKCS#1 v1.5, RFC 4055 §5, as CAs commonly sign).
    var certificateSigningDigest: OpaquePointer? {
        switch self {
        case .ecP256: EVP_sha256()
        case .ecP384: EVP_sha384()
        case .ecP521: EVP_sha512()
        case .ed25519: nil
        case .rsa: EVP_sha256()
        }
    }

    /// The algorithm of an OpenSSL key.
    /// - Throws: `unsupportedKey` when it is none of ours, saying which key it is.
    init(openSSLKey key: OpaquePointer) throws(X509Error) {
        let accepted = "expected EC P-256, P-384, P-521, Ed25519 or RSA (rsaEncryption)"
        switch EVP_PKEY_get_base_id(key) {
        case NID_ED25519:
            self = .ed25519
        case NID_rsaEncryption:
            self = .rsa
        case NID_rsassaPss:
            throw X509Error(
                .unsupportedKey,
                "an id-RSASSA-PSS key (RFC 4055 §3.1) is not supported: its parameters may contradict the signature "
                    + "algorithm; \(accepted)")
        case NID_X9_62_id_ecPublicKey:
            var buffer = [CChar](repeating: 0, count: 64)
            var length = 0
            guard EVP_PKEY_get_group_name(key, &buffer, buffer.count, &length) == 1 else {
                throw X509Error(.unsupportedKey, "an EC key without a named curve; \(accepted)")
            }
            let name = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let match = KeyAlgorithm.allCases.first(where: { $0.groupName == name }) else {
                throw X509Error(.unsupportedKey, "an EC key on the curve \(name); \(accepted)")
            }
            self = match
        default:
            let name = OBJ_nid2sn(EVP_PKEY_get_base_id(key)).map { String(cString: $0) } ?? "unknown"
            throw X509Error(.unsupportedKey, "a key of type \(name); \(accepted)")
        }
    }
}

/// How an ECDSA signature is encoded: DER `ECDSA-Sig-Value` (RFC 3279 §2.2.3, X.509 and TLS) or raw `r‖s`,
/// each left-padded to the curve's field size (RFC 9053 §2.1, COSE). Ed25519 signatures are always raw.
public enum SignatureEncoding: Sendable, Hashable {
    /// DER `SEQUENCE { r INTEGER, s INTEGER }`.
    case der
    /// `r‖s`, each exactly ``KeyAlgorithm/fieldSize`` bytes.
    case raw
}
