import X509

extension COSESign1 {
    /// Verifies the signature over the `Sig_structure` (RFC 9052 §4.4) with `key`. An ECDSA signature is checked
    /// against a digest of the `Sig_structure` taken over its head and then the payload where it lies (a list's
    /// payload is megabytes, and is not copied); an Ed25519 one against the `Sig_structure` itself.
    ///
    /// - Parameters:
    ///   - key: the signer's public key (for lists: the x5chain leaf's).
    ///   - externalAAD: associated data the application supplies; empty by default.
    ///   - detachedPayload: the payload when the message carries none.
    ///   - allowUnprotectedAlgorithm: accept an `alg` found only in the unprotected bucket.
    /// - Throws: `unsupported_alg` when `alg` is missing or unsupported, or does not fit the key (ES256 needs P-256,
    ///   ES384 P-384, ES512 P-521, EdDSA Ed25519; RFC 9053 §2); `detached_payload` when there is no payload at all;
    ///   `bad_signature` when the signature does not verify or is malformed for the key.
    public func verifySignature(
        with key: PublicKey, externalAAD: [UInt8] = [], detachedPayload: [UInt8]? = nil,
        allowUnprotectedAlgorithm: Bool = false
    ) throws(COSEError) {
        try verifySignature(
            with: key, externalAAD: externalAAD, detachedPayload: detachedPayload,
            allowUnprotectedAlgorithm: allowUnprotectedAlgorithm, knownSHA256: nil)
    }

    /// ``verifySignature(with:externalAAD:detachedPayload:allowUnprotectedAlgorithm:)`` of an attached payload with
    /// no external AAD and `alg` protected, for a caller that has hashed that `Sig_structure` already (the list
    /// pipeline, for a version's identity): an ES256 signature is checked against `toBeSignedSHA256`, which must be
    /// ``toBeSignedDigest(_:externalAAD:detachedPayload:)`` of this message with SHA-256. Other algorithms hash as
    /// they need.
    package func verifySignature(with key: PublicKey, toBeSignedSHA256: [UInt8]) throws(COSEError) {
        try verifySignature(
            with: key, externalAAD: [], detachedPayload: nil, allowUnprotectedAlgorithm: false,
            knownSHA256: toBeSignedSHA256)
    }

    private func verifySignature(
        with key: PublicKey, externalAAD: [UInt8], detachedPayload: [UInt8]?, allowUnprotectedAlgorithm: Bool,
        knownSHA256: [UInt8]?
    ) throws(COSEError) {
        let algorithm = try self.algorithm(allowUnprotected: allowUnprotectedAlgorithm)
        guard algorithm.keyAlgorithm == key.algorithm else {
            throw COSEError(
                .unsupportedAlgorithm,
                "alg \(algorithm.name) does not fit the signer's \(key.algorithm.rawValue) key (RFC 9053 §2)")
        }
        let valid: Bool
        if key.algorithm == .ed25519 {
            // PureEdDSA signs the message itself (RFC 8032 §5.1.6).
            let toBeSigned = try toBeSigned(externalAAD: externalAAD, detachedPayload: detachedPayload)
            valid = try Self.malformedIsBad(algorithm) { () throws(X509Error) in
                try key.verify(signature: signature, encoding: .raw, for: toBeSigned, digest: algorithm.digest)
            }
        } else {
            let digestValue: [UInt8]
            if algorithm.digest == .sha256, let knownSHA256 {
                digestValue = knownSHA256
            } else {
                digestValue = try toBeSignedDigest(
                    algorithm.digest, externalAAD: externalAAD, detachedPayload: detachedPayload)
            }
            valid = try Self.malformedIsBad(algorithm) { () throws(X509Error) in
                try key.verify(
                    signature: signature, encoding: .raw, forDigestValue: digestValue, digest: algorithm.digest)
            }
        }
        guard valid else {
            throw COSEError(.badSignature, "\(algorithm.name) signature does not verify over the Sig_structure")
        }
    }

    /// Runs a key's verification; a signature OpenSSL cannot use (malformed for the key) is a bad signature.
    private static func malformedIsBad(
        _ algorithm: COSEAlgorithm, _ verify: () throws(X509Error) -> Bool
    ) throws(COSEError) -> Bool {
        do {
            return try verify()
        } catch {
            throw COSEError(.badSignature, "signature is malformed for \(algorithm.name): \(error.reason)")
        }
    }

    /// The `Sig_structure` this message's signature covers (RFC 9052 §4.4): the protected header as received, or a
    /// zero-length bstr when it holds no parameters (RFC 9052 §3 lets senders write that empty map as `h'a0'`).
    /// - Throws: `detached_payload` when there is no payload at all.
    public func toBeSigned(externalAAD: [UInt8] = [], detachedPayload: [UInt8]? = nil) throws(COSEError) -> [UInt8] {
        let (bodyProtected, signed) = try signedParts(detachedPayload)
        return SigStructure.signature1(protectedBytes: bodyProtected, externalAAD: externalAAD, payload: signed)
    }

    /// The digest of the `Sig_structure` that ``toBeSigned(externalAAD:detachedPayload:)`` returns, computed over its
    /// head and then the payload where it lies, without building it.
    /// - Parameters:
    ///   - digest: the hash.
    ///   - externalAAD: associated data the application supplies; empty by default.
    ///   - detachedPayload: the payload when the message carries none.
    /// - Returns: the digest (32, 48 or 64 bytes).
    /// - Throws: `detached_payload` when there is no payload at all.
    public func toBeSignedDigest(
        _ digest: Digest, externalAAD: [UInt8] = [], detachedPayload: [UInt8]? = nil
    ) throws(COSEError) -> [UInt8] {
        let (bodyProtected, signed) = try signedParts(detachedPayload)
        let head = SigStructure.signature1Head(
            protectedBytes: bodyProtected, externalAAD: externalAAD, payloadCount: signed.count)
        return digest.hash(head, then: signed)
    }

    /// The protected header as the `Sig_structure` carries it (a zero-length bstr when it holds no parameters) and
    /// the payload.
    private func signedParts(_ detachedPayload: [UInt8]?) throws(COSEError) -> ([UInt8], ArraySlice<UInt8>) {
        guard let signed = payloadSlice ?? detachedPayload?[...] else {
            throw COSEError(.detachedPayload, "the payload is detached (nil) and none was supplied")
        }
        return (protectedHeader.entries.isEmpty ? [] : protectedBytes, signed)
    }

    /// Signs a payload into an encoded COSE_Sign1 message (RFC 9052 §4.4).
    ///
    /// `alg` is chosen from the key (``COSEAlgorithm/init(for:)``) and put first in the protected header.
    /// - Parameters:
    ///   - payload: the bytes to sign.
    ///   - key: the signing key.
    ///   - protectedHeader: further protected header entries (e.g. x5chain for a RICAL); must not contain `alg`.
    ///   - unprotectedHeader: unprotected header entries (e.g. x5chain for a VICAL).
    ///   - externalAAD: associated data covered but not sent.
    ///   - detached: whether to send the payload as nil.
    ///   - tagged: whether to wrap the message in tag 18.
    /// - Returns: the encoded message, deterministic CBOR (RFC 8949 §4.2.1).
    /// - Throws: ``COSEError`` `unsupported_alg` for an RSA key (COSE signs with ECDSA or EdDSA here); ``X509Error``
    ///   when OpenSSL cannot sign.
    public static func sign(
        payload: [UInt8], key: PrivateKey, protectedHeader: [CBOR.MapEntry] = [],
        unprotectedHeader: [CBOR.MapEntry] = [], externalAAD: [UInt8] = [], detached: Bool = false,
        tagged: Bool = false
    ) throws -> [UInt8] {
        guard let algorithm = COSEAlgorithm(for: key.algorithm) else {
            throw COSEError(
                .unsupportedAlgorithm,
                "a \(key.algorithm.rawValue) key cannot sign a COSE_Sign1 here: only ES256, ES384, ES512 and EdDSA "
                    + "are used (RFC 9053 §2)")
        }
        let protectedMap = CBOR.map(
            [CBOR.MapEntry(key: .int(COSEHeaderMap.Label.algorithm), value: .int(algorithm.rawValue))] + protectedHeader
        )
        let protectedBytes = protectedMap.encoded()
        let toBeSigned = SigStructure.signature1(
            protectedBytes: protectedBytes, externalAAD: externalAAD, payload: payload)
        let signature = try key.sign(toBeSigned, digest: algorithm.digest, encoding: .raw)
        let message = CBOR.array([
            .byteString(protectedBytes), .map(unprotectedHeader), detached ? .null : .byteString(payload),
            .byteString(signature),
        ])
        return (tagged ? CBOR.tagged(tag, message) : message).encoded()
    }
}
