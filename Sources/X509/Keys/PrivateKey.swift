internal import COpenSSL

/// A private key (EC P-256/P-384/P-521, Ed25519 or RSA) held by OpenSSL: for the certificate builder, the demo and
/// list publishing.
///
/// `@unchecked Sendable`: the `EVP_PKEY` is never mutated after init; OpenSSL 3 allows concurrent signing with
/// one key.
public final class PrivateKey: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The key's algorithm and curve.
    public let algorithm: KeyAlgorithm
    /// The matching public key.
    public let publicKey: PublicKey

    /// The size of the RSA keys ``generate(_:)`` makes: 2048 bits, the least RFC 7518 §3.5 allows.
    public static let defaultRSABits = 2048

    /// Generates a fresh key with OpenSSL's default random generator; an RSA key of ``defaultRSABits`` bits.
    /// - Throws: `openSSLFailure` when generation fails.
    public static func generate(_ algorithm: KeyAlgorithm) throws(X509Error) -> PrivateKey {
        if algorithm == .rsa { return try generateRSA(bits: defaultRSABits) }
        OpenSSLErrorQueue.clear()
        let key = algorithm.groupName.map { shim_EVP_EC_gen($0) } ?? shim_EVP_ED25519_gen()
        guard let key else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "key generation for \(algorithm.rawValue)")
        }
        return try PrivateKey(owning: key)
    }

    /// Generates a fresh RSA key (`rsaEncryption`, public exponent 65537) with OpenSSL's `EVP_RSA_gen`.
    /// - Parameter bits: the modulus size, 1024 to 16384 (keys under 2048 bits exist for tests of their refusal).
    /// - Throws: `unsupportedKey` for a size outside that range; `openSSLFailure` when generation fails.
    public static func generateRSA(bits: Int) throws(X509Error) -> PrivateKey {
        guard (1024...16384).contains(bits) else {
            throw X509Error(.unsupportedKey, "an RSA key of \(bits) bits; expected 1024 to 16384")
        }
        OpenSSLErrorQueue.clear()
        guard let key = shim_EVP_RSA_gen(UInt32(bits)) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "RSA key generation (\(bits) bits)")
        }
        return try PrivateKey(owning: key)
    }

    /// Reads an unencrypted PEM private key: PKCS#8 `PRIVATE KEY` (RFC 5958) or SEC1 `EC PRIVATE KEY` (RFC 5915).
    /// - Throws: `inputTooLarge` over 1 MiB; `unsupportedKey` when no key can be read or it is of another type.
    public convenience init(pemEncoded pem: String) throws(X509Error) {
        let utf8 = Array(pem.utf8)
        guard utf8.count <= PEMBlocks.maximumSize else { throw X509Error(.inputTooLarge, "\(utf8.count) bytes of PEM") }
        OpenSSLErrorQueue.clear()
        let bio = try MemoryBIO(copying: utf8)
        // A passphrase callback that supplies none: an encrypted key fails here instead of OpenSSL prompting on
        // the terminal.
        guard let key = PEM_read_bio_PrivateKey(bio.pointer, nil, { _, _, _, _ in 0 }, nil) else {
            throw OpenSSLErrorQueue.error(
                .unsupportedKey,
                "no unencrypted private key in the PEM text (an encrypted key must be decrypted first, e.g. with 'openssl pkey -in key.pem -out plain.pem')"
            )
        }
        try self.init(owning: key)
    }

    private init(owning key: OpaquePointer) throws(X509Error) {
        let algorithm: KeyAlgorithm
        do {
            algorithm = try KeyAlgorithm(openSSLKey: key)
        } catch {
            EVP_PKEY_free(key)
            throw error
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(key, &output)
        guard length > 0, let output else {
            EVP_PKEY_free(key)
            throw OpenSSLErrorQueue.error(.openSSLFailure, "i2d_PUBKEY failed")
        }
        let spki = Array(UnsafeBufferPointer(start: output, count: Int(length)))
        shim_OPENSSL_free(output)
        do {
            self.publicKey = try PublicKey(subjectPublicKeyInfo: spki)
        } catch {
            EVP_PKEY_free(key)
            throw error
        }
        self.pointer = key
        self.algorithm = algorithm
    }

    deinit { EVP_PKEY_free(pointer) }

    /// The key as unencrypted PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), with a trailing newline.
    public var pemEncoded: String {
        guard let bio = try? MemoryBIO(),
            PEM_write_bio_PKCS8PrivateKey(bio.pointer, pointer, nil, nil, 0, nil, nil) == 1
        else { return "" }
        return bio.text
    }

    /// Signs `message`.
    /// - Parameters:
    ///   - message: the bytes to sign (not a digest).
    ///   - digest: the hash ECDSA and RSASSA-PSS sign with (for PSS also MGF1's, with a salt as long as its output:
    ///     ``RSAPSS``); ignored for Ed25519.
    ///   - encoding: for ECDSA, DER or raw `r‖s` (COSE); Ed25519 signatures are always the 64 raw bytes, RSA ones the
    ///     RSASSA-PSS signature as long as the modulus (RFC 8017 §8.1.1).
    /// - Returns: the signature.
    /// - Throws: `openSSLFailure` when OpenSSL cannot sign.
    public func sign(_ message: [UInt8], digest: Digest, encoding: SignatureEncoding) throws(X509Error) -> [UInt8] {
        OpenSSLErrorQueue.clear()
        guard let context = EVP_MD_CTX_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        let md = algorithm == .ed25519 ? nil : digest.evp
        var keyContext: OpaquePointer?
        guard EVP_DigestSignInit(context, &keyContext, md, nil, pointer) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_DigestSignInit failed")
        }
        if algorithm == .rsa { try RSAPSS.configure(keyContext, digest: digest) }
        var length = 0
        guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_DigestSign (size) failed")
        }
        var signature = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_DigestSign failed")
        }
        signature.removeLast(signature.count - length)
        if algorithm == .ed25519 || algorithm == .rsa || encoding == .der { return signature }
        return try ECDSARawSignature.rawEncoded(signature, algorithm: algorithm)
    }
}
