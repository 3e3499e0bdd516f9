internal import COpenSSL

/// Conversion between the two encodings of an ECDSA signature, done by OpenSSL's `ECDSA_SIG` (never by hand):
/// raw `r‖s` of COSE (RFC 9053 §2.1) and DER `ECDSA-Sig-Value` of X.509 (RFC 3279 §2.2.3).
enum ECDSARawSignature {
    /// DER from raw `r‖s`.
    /// - Throws: `malformedSignature` when `raw` is not exactly twice the curve's field size.
    static func derEncoded(_ raw: [UInt8], algorithm: KeyAlgorithm) throws(X509Error) -> [UInt8] {
        let size = try fieldSize(algorithm)
        guard raw.count == 2 * size else {
            throw X509Error(
                .malformedSignature,
                "raw ECDSA signature of \(raw.count) bytes; \(algorithm.rawValue) needs \(2 * size) (r‖s)")
        }
        guard let signature = ECDSA_SIG_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "ECDSA_SIG_new") }
        defer { ECDSA_SIG_free(signature) }
        let r = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(size), nil) }
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress.map { $0 + size }, Int32(size), nil) }
        // ECDSA_SIG_set0 takes ownership of r and s only when it succeeds.
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            throw OpenSSLErrorQueue.error(.openSSLFailure, "ECDSA_SIG_set0 failed")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &output)
        guard length > 0, let output else { throw OpenSSLErrorQueue.error(.openSSLFailure, "i2d_ECDSA_SIG failed") }
        defer { shim_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// Raw `r‖s` from DER.
    /// - Throws: `malformedSignature` when `der` is not an `ECDSA-Sig-Value` or `r`/`s` do not fit the curve.
    static func rawEncoded(_ der: [UInt8], algorithm: KeyAlgorithm) throws(X509Error) -> [UInt8] {
        let decoded: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let decoded else { throw OpenSSLErrorQueue.error(.malformedSignature, "ECDSA signature is not DER") }
        defer { ECDSA_SIG_free(decoded) }
        let size = try fieldSize(algorithm)
        var raw = [UInt8](repeating: 0, count: 2 * size)
        let written = raw.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return BN_bn2binpad(ECDSA_SIG_get0_r(decoded), base, Int32(size)) == Int32(size)
                && BN_bn2binpad(ECDSA_SIG_get0_s(decoded), base + size, Int32(size)) == Int32(size)
        }
        guard written else { throw X509Error(.malformedSignature, "r or s exceeds \(size) bytes") }
        return raw
    }

    /// The curve's field size.
    /// - Throws: `unsupportedKey` for a key that is not an EC key (Ed25519 and RSA signatures are not `ECDSA-Sig-Value`s).
    private static func fieldSize(_ algorithm: KeyAlgorithm) throws(X509Error) -> Int {
        guard algorithm.groupName != nil, let size = algorithm.fieldSize else {
            throw X509Error(.unsupportedKey, "\(algorithm.rawValue) signatures are not ECDSA signatures")
        }
        return size
    }
}
