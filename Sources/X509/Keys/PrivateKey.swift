internal import COpenSSL

/// A private key (EC P-256/P-384/P-521 or Ed25519) held by OpenSSL: for the certificate builder, the demo and
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

    /// Generates a fresh key with OpenSSL's default random generator.
    /// - Throws: `openSSLFailure` when generation fails.
    public static func generate(_ algorithm: KeyAlgorithm) throws(X509Error) -> PrivateKey {
        OpenSSLErrorQueue.clear()
        let key = algorithm.groupName.map { shim_EVP_EC_gen($0) } ?? shim_EVP_ED25519_gen()
        guard let key else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "key generation for \(algorithm.rawValue)")
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
        guard let algorithm = KeyAlgorithm(openSSLKey: key) else {
            EVP_PKEY_free(key)
            throw X509Error(.unsupportedKey, "key is not EC P-256, P-384, P-521 or Ed25519")
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
    ///   - digest: the hash ECDSA signs with; ignored for Ed25519.
    ///   - encoding: for ECDSA, DER or raw `r‖s` (COSE); Ed25519 signatures are always the 64 raw bytes.
    /// - Returns: the signature.
    /// - Throws: `openSSLFailure` when OpenSSL cannot sign.
    public func sign(_ message: [UInt8], digest: Digest, encoding: SignatureEncoding) throws(X509Error) -> [UInt8] {
        OpenSSLErrorQueue.clear()
        guard let context = EVP_MD_CTX_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        let md = algorithm == .ed25519 ? nil : digest.evp
        guard EVP_DigestSignInit(context, nil, md, nil, pointer) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_DigestSignInit failed")
        }
        var length = 0
        guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_DigestSign (size) failed")
        }
        var signature = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_DigestSign failed")
        }
        signature.removeLast(signature.count - length)
        if algorithm == .ed25519 || encoding == .der { return signature }
        return try ECDSARawSignature.rawEncoded(signature, algorithm: algorithm)
    }
}
