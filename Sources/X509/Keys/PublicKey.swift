internal import COpenSSL

/// A public key (EC P-256/P-384/P-521, Ed25519 or RSA) held by OpenSSL, that verifies signatures.
///
/// `@unchecked Sendable`: the `EVP_PKEY` is never mutated after init, and OpenSSL 3 allows concurrent verification
/// with one key.
public final class PublicKey: @unchecked Sendable, Hashable, CustomStringConvertible {
    let pointer: OpaquePointer
    /// The key's algorithm and curve.
    public let algorithm: KeyAlgorithm
    /// The DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7).
    public let subjectPublicKeyInfo: [UInt8]
    /// The key's size in bits (OpenSSL's `EVP_PKEY_get_bits`): the modulus's for RSA, the curve's order's for EC (256,
    /// 384, 521).
    public let sizeInBits: Int

    /// Decodes a DER SubjectPublicKeyInfo.
    /// - Throws: `unsupportedKey` when OpenSSL cannot decode it or the key is not one of ``KeyAlgorithm`` (an
    ///   `id-RSASSA-PSS` key included), with a message naming the key found.
    public init(subjectPublicKeyInfo der: [UInt8]) throws(X509Error) {
        OpenSSLErrorQueue.clear()
        let decoded: OpaquePointer? =
            Self.namedCurveKey(subjectPublicKeyInfo: der)
            ?? der.withUnsafeBufferPointer { buffer in
                var cursor = buffer.baseAddress
                return d2i_PUBKEY(nil, &cursor, buffer.count)
            }
        guard let decoded else {
            throw OpenSSLErrorQueue.error(.unsupportedKey, "SubjectPublicKeyInfo does not decode")
        }
        do {
            self.algorithm = try KeyAlgorithm(openSSLKey: decoded)
        } catch {
            EVP_PKEY_free(decoded)
            throw error
        }
        self.pointer = decoded
        self.subjectPublicKeyInfo = der
        self.sizeInBits = Int(EVP_PKEY_get_bits(decoded))
    }

    /// The length of every signature this key makes, in bytes, as JOSE and COSE carry it: raw `r‖s` for ECDSA
    /// (RFC 7518 §3.4), 64 for Ed25519 (RFC 8032 §5.1.6), the modulus's length for RSA (RFC 8017 §8.1.1).
    public var signatureSize: Int { algorithm.rawSignatureSize ?? (sizeInBits + 7) / 8 }

    deinit { EVP_PKEY_free(pointer) }

    /// Verifies a signature over `message`.
    ///
    /// - Parameters:
    ///   - signature: for ECDSA, DER or raw `r‖s` as `encoding` says; for Ed25519, the 64 raw bytes; for RSA, the
    ///   RSASSA-PSS signature (RFC 8017 §8.1.2), as long as the modulus.
    ///   - encoding: how an ECDSA signature is encoded; raw is converted to DER with OpenSSL's `ECDSA_SIG`. Ignored for
    ///     Ed25519 and RSA, whose signatures have one encoding.
    ///   - message: the signed bytes (not a digest).
    ///   - digest: the hash ECDSA and RSASSA-PSS sign with (for PSS also MGF1's, and the salt must be as long as its
    ///     output: ``RSAPSS``); ignored for Ed25519 (PureEdDSA, RFC 8032).
    /// - Returns: whether the signature is valid.
    /// - Throws: `malformedSignature` for a raw signature of the wrong length for the curve, an Ed25519 signature
    ///   that is not 64 bytes or an RSA signature not as long as the modulus; `openSSLFailure` when OpenSSL fails for
    ///   another reason than a bad signature.
    public func verify(
        signature: [UInt8], encoding: SignatureEncoding, for message: [UInt8], digest: Digest
    ) throws(X509Error) -> Bool {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        let derSignature = try openSSLSignature(signature, encoding: encoding)
        guard let context = EVP_MD_CTX_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        let md = algorithm == .ed25519 ? nil : digest.evp
        var keyContext: OpaquePointer?
        guard EVP_DigestVerifyInit(context, &keyContext, md, nil, pointer) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_DigestVerifyInit failed for \(algorithm.rawValue)")
        }
        if algorithm == .rsa { try RSAPSS.configure(keyContext, digest: digest) }
        // 1: valid; 0: does not verify; negative: malformed (e.g. DER that does not parse), also not valid.
        return EVP_DigestVerify(context, derSignature, derSignature.count, message, message.count) == 1
    }

    /// Verifies an ECDSA or RSASSA-PSS signature given the digest of the signed message instead of the message: the
    /// same check as ``verify(signature:encoding:for:digest:)`` (`EVP_PKEY_verify` with the signature's hash set), for
    /// a message the caller has hashed already or never holds in one piece.
    ///
    /// - Parameters:
    ///   - signature: as for ``verify(signature:encoding:for:digest:)``.
    ///   - encoding: as for ``verify(signature:encoding:for:digest:)``.
    ///   - digestValue: `digest` of the signed message (32, 48 or 64 bytes).
    ///   - digest: the hash the signature was made with.
    /// - Returns: whether the signature is valid.
    /// - Throws: `unsupportedAlgorithm` for an Ed25519 key (PureEdDSA signs the message itself, RFC 8032 §5.1.6);
    ///   `malformedSignature` as ``verify(signature:encoding:for:digest:)`` throws it; `openSSLFailure` when OpenSSL
    ///   fails for another reason than a bad signature.
    public func verify(
        signature: [UInt8], encoding: SignatureEncoding, forDigestValue digestValue: [UInt8], digest: Digest
    ) throws(X509Error) -> Bool {
        guard algorithm != .ed25519 else {
            throw X509Error(.unsupportedAlgorithm, "an Ed25519 signature is verified over the message, not a digest")
        }
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        let derSignature = try openSSLSignature(signature, encoding: encoding)
        guard let context = EVP_PKEY_CTX_new(pointer, nil) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_PKEY_CTX_new")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_verify_init(context) == 1, EVP_PKEY_CTX_set_signature_md(context, digest.evp) > 0 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_PKEY_verify_init failed for \(algorithm.rawValue)")
        }
        if algorithm == .rsa { try RSAPSS.configure(context, digest: digest) }
        // 1: valid; 0: does not verify; negative: malformed (or a digest of the wrong length), also not valid.
        return EVP_PKEY_verify(context, derSignature, derSignature.count, digestValue, digestValue.count) == 1
    }

    /// The signature as OpenSSL verifies it: ECDSA's in DER, Ed25519's and RSA's as they are, once their length is
    /// checked.
    private func openSSLSignature(_ signature: [UInt8], encoding: SignatureEncoding) throws(X509Error) -> [UInt8] {
        switch (algorithm, encoding) {
        case (.ed25519, _):
            guard signature.count == signatureSize else {
                throw X509Error(.malformedSignature, "Ed25519 signature of \(signature.count) bytes, expected 64")
            }
            return signature
        case (.rsa, _):
            guard signature.count == signatureSize else {
                throw X509Error(
                    .malformedSignature,
                    "RSA signature of \(signature.count) bytes; a \(sizeInBits)-bit key's are \(signatureSize) "
                        + "(RFC 8017 §8.1.2)")
            }
            return signature
        case (_, .raw):
            return try ECDSARawSignature.derEncoded(signature, algorithm: algorithm)
        case (_, .der):
            return signature
        }
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
