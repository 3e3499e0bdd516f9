internal import COpenSSL

extension PublicKey {
    /// A public key from the raw form COSE_Key (RFC 9053 §7.1.1 EC2, §7.2 OKP) and JWK (RFC 7518 §6.2.1, RFC 8037 §2)
    /// carry: an EC point's affine coordinates, or the 32 bytes of an Ed25519 key. OpenSSL builds the key
    /// (`EVP_PKEY_fromdata` over the uncompressed point `04‖x‖y`, SEC 1 §2.3.3, which it checks lies on the curve;
    /// `EVP_PKEY_new_raw_public_key` for Ed25519) and writes its SubjectPublicKeyInfo, so the key is then exactly one
    /// read by ``init(subjectPublicKeyInfo:)``.
    /// - Parameters:
    ///   - algorithm: the curve: P-256, P-384, P-521 or Ed25519 (RSA keys have no such form here).
    ///   - x: the x coordinate (EC: exactly the curve's field size in bytes, leading zeros kept, RFC 7518 §6.2.1.2), or
    ///     the Ed25519 key.
    ///   - y: the y coordinate for EC, of the same length; nil for Ed25519.
    /// - Throws: `unsupportedKey` for RSA, coordinates of the wrong length, a missing or extra `y`, or a point that is
    ///   not on the curve (OpenSSL's text in the message).
    public convenience init(algorithm: KeyAlgorithm, x: [UInt8], y: [UInt8]?) throws(X509Error) {
        guard let size = algorithm.fieldSize, algorithm != .rsa else {
            throw X509Error(.unsupportedKey, "an RSA key has no raw coordinate form here; expected EC or Ed25519")
        }
        guard x.count == size else {
            throw X509Error(
                .unsupportedKey, "\(algorithm.rawValue) x is \(x.count) bytes; expected exactly \(size)")
        }
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        let key: OpaquePointer?
        if let group = algorithm.groupName {
            guard let y else {
                throw X509Error(.unsupportedKey, "\(algorithm.rawValue) key without y; expected both coordinates")
            }
            guard y.count == size else {
                throw X509Error(
                    .unsupportedKey, "\(algorithm.rawValue) y is \(y.count) bytes; expected exactly \(size)")
            }
            key = Self.ellipticCurveKey(group: group, point: [0x04] + x + y)
        } else {
            guard y == nil else {
                throw X509Error(.unsupportedKey, "an Ed25519 key has no y coordinate (RFC 8037 §2)")
            }
            key = EVP_PKEY_new_raw_public_key(NID_ED25519, nil, x, x.count)
        }
        guard let key else {
            throw OpenSSLErrorQueue.error(
                .unsupportedKey, "the coordinates are not a valid \(algorithm.rawValue) public key")
        }
        defer { EVP_PKEY_free(key) }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(key, &output)
        guard length > 0, let output else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "i2d_PUBKEY failed")
        }
        let spki = Array(UnsafeBufferPointer(start: output, count: Int(length)))
        shim_OPENSSL_free(output)
        try self.init(subjectPublicKeyInfo: spki)
    }

    /// The key's raw form, for writing it as a COSE_Key or a JWK (the inverse of ``init(algorithm:x:y:)``): an EC
    /// key's affine coordinates, each the curve's field size in bytes, from OpenSSL's uncompressed encoding of the
    /// point (`EVP_PKEY_get_octet_string_param` "encoded-pub-key", SEC 1 §2.3.3); an Ed25519 key's 32 bytes
    /// (`EVP_PKEY_get_raw_public_key`) with no y.
    /// - Throws: `unsupportedKey` for an RSA key; `openSSLFailure` when OpenSSL cannot write the key.
    public func rawCoordinates() throws(X509Error) -> (x: [UInt8], y: [UInt8]?) {
        guard let size = algorithm.fieldSize, algorithm != .rsa else {
            throw X509Error(.unsupportedKey, "an RSA key has no raw coordinate form here")
        }
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        if algorithm == .ed25519 {
            var length = 32
            var raw = [UInt8](repeating: 0, count: length)
            guard EVP_PKEY_get_raw_public_key(pointer, &raw, &length) == 1, length == 32 else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "EVP_PKEY_get_raw_public_key")
            }
            return (raw, nil)
        }
        var length = 0
        var point = [UInt8](repeating: 0, count: 1 + 2 * size)
        guard EVP_PKEY_get_octet_string_param(pointer, "encoded-pub-key", &point, point.count, &length) == 1,
            length == point.count, point[0] == 0x04
        else {
            throw OpenSSLErrorQueue.error(
                .openSSLFailure, "the \(algorithm.rawValue) point is not in uncompressed form")
        }
        return (Array(point[1...size]), Array(point[(size + 1)...]))
    }

    /// An EC key from a named group and an encoded point, through OpenSSL 3's `EVP_PKEY_fromdata` (provider key
    /// management, which decodes the point with `EC_POINT_oct2point` and refuses one off the curve). The parameter
    /// names are static strings: an `OSSL_PARAM` keeps the pointer to its key, not a copy.
    static func ellipticCurveKey(group: String, point: [UInt8]) -> OpaquePointer? {
        let groupKey: StaticString = "group"
        let publicKey: StaticString = "pub"
        // EVP_PKEY_PUBLIC_KEY: the domain and other parameters plus the public key (openssl/evp.h).
        let selection = Int32(
            OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS | OSSL_KEYMGMT_SELECT_OTHER_PARAMETERS
                | OSSL_KEYMGMT_SELECT_PUBLIC_KEY)
        var point = point
        var groupName = Array(group.utf8CString)
        return groupName.withUnsafeMutableBufferPointer { name in
            point.withUnsafeMutableBytes { octets in
                guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { return nil }
                defer { EVP_PKEY_CTX_free(context) }
                var parameters = [
                    OSSL_PARAM_construct_utf8_string(
                        UnsafeRawPointer(groupKey.utf8Start).assumingMemoryBound(to: CChar.self), name.baseAddress, 0),
                    OSSL_PARAM_construct_octet_string(
                        UnsafeRawPointer(publicKey.utf8Start).assumingMemoryBound(to: CChar.self), octets.baseAddress,
                        octets.count),
                    OSSL_PARAM_construct_end(),
                ]
                guard EVP_PKEY_fromdata_init(context) == 1 else { return nil }
                var key: OpaquePointer?
                guard EVP_PKEY_fromdata(context, &key, selection, &parameters) == 1 else { return nil }
                return key
            }
        }
    }
}
