internal import COpenSSL

/// A public key (EC P-256/P-384/P-521 or Ed25519) held by OpenSSL, that verifies signatures.
///
/// `@unchecked Sendable`: the `EVP_PKEY` is never mutated after init, and OpenSSL 3 allows concurrent verification
/// with one key.
public final class PublicKey: @unchecked Sendable, Hashable, CustomStringConvertible {
    let pointer: OpaquePointer
    /// The key's algorithm and curve.
    public let algorithm: KeyAlgorithm
    /// The DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7).
    public let subjectPublicKeyInfo: [UInt8]

    /// Decodes a DER SubjectPublicKeyInfo.
    /// - Throws: `unsupportedKey` when OpenSSL cannot decode it or the key is not one of ``KeyAlgorithm``.
    public init(subjectPublicKeyInfo der: [UInt8]) throws(X509Error) {
        OpenSSLErrorQueue.clear()
        let decoded: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let decoded else {
            throw OpenSSLErrorQueue.error(.unsupportedKey, "SubjectPublicKeyInfo does not decode")
        }
        guard let algorithm = KeyAlgorithm(openSSLKey: decoded) else {
            EVP_PKEY_free(decoded)
            throw X509Error(.unsupportedKey, "key is not EC P-256, P-384, P-521 or Ed25519")
        }
        self.pointer = decoded
        self.algorithm = algorithm
        self.subjectPublicKeyInfo = der
    }

    deinit { EVP_PKEY_free(pointer) }

    /// Verifies a signature over `message`.
    ///
    /// - Parameters:
    ///   - signature: for ECDSA, DER or raw `r‖s` as `encoding` says; for Ed25519, the 64 raw bytes.
    ///   - encoding: how an ECDSA signature is encoded; raw is converted to DER with OpenSSL's `ECDSA_SIG`.
    ///   - message: the signed bytes (not a digest).
    ///   - digest: the hash ECDSA signs with; ignored for Ed25519 (PureEdDSA, RFC 8032).
    /// - Returns: whether the signature is valid.
    /// - Throws: `malformedSignature` for a raw signature of the wrong length for the curve or an Ed25519 signature
    ///   that is not 64 bytes; `openSSLFailure` when OpenSSL fails for another reason than a bad signature.
    public func verify(
        signature: [UInt8], encoding: SignatureEncoding, for message: [UInt8], digest: Digest
    ) throws(X509Error) -> Bool {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        let derSignature: [UInt8]
        switch (algorithm, encoding) {
        case (.ed25519, _):
            guard signature.count == algorithm.rawSignatureSize else {
                throw X509Error(.malformedSignature, "Ed25519 signature of \(signature.count) bytes, expected 64")
            }
            derSignature = signature
        case (_, .raw):
            derSignature = try ECDSARawSignature.derEncoded(signature, algorithm: algorithm)
        case (_, .der):
            derSignature = signature
        }
        guard let context = EVP_MD_CTX_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        let md = algorithm == .ed25519 ? nil : digest.evp
        guard EVP_DigestVerifyInit(context, nil, md, nil, pointer) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_DigestVerifyInit failed for \(algorithm.rawValue)")
        }
        // 1: valid; 0: does not verify; negative: malformed (e.g. DER that does not parse), also not valid.
        return EVP_DigestVerify(context, derSignature, derSignature.count, message, message.count) == 1
    }

    /// Algorithm and SHA-256 of the SubjectPublicKeyInfo.
    public var description: String {
        "PublicKey(\(algorithm.rawValue), spki-sha256: \(hexString(Digest.sha256.hash(subjectPublicKeyInfo))))"
    }

    /// Keys are equal when their SubjectPublicKeyInfo bytes are.
    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.subjectPublicKeyInfo == rhs.subjectPublicKeyInfo
    }
    /// Hashes the SubjectPublicKeyInfo, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(subjectPublicKeyInfo) }
}
