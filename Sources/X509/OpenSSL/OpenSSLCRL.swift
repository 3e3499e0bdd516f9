internal import COpenSSL

/// Owns one OpenSSL `X509_CRL` object, made from a CRL's DER with `d2i_X509_CRL` and freed in `deinit`.
///
/// `@unchecked Sendable`: the object is never mutated after init (nothing here calls `X509_CRL_get0_by_serial`, which
/// sorts the entries in place); `X509_CRL_verify` only reads it.
final class OpenSSLCRL: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Decodes exactly one DER `CertificateList` (RFC 5280 §5.1).
    /// - Throws: `malformedCRL` when `d2i_X509_CRL` rejects the bytes or does not consume all of them.
    init(derEncoded der: [UInt8]) throws(X509Error) {
        OpenSSLErrorQueue.clear()
        var trailing = 0
        let decoded: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            guard let base = buffer.baseAddress, let object = d2i_X509_CRL(nil, &cursor, buffer.count) else {
                return nil
            }
            trailing = buffer.count - (cursor.map { $0 - base } ?? 0)
            guard trailing == 0 else {
                X509_CRL_free(object)
                return nil
            }
            return object
        }
        guard let decoded else {
            if trailing > 0 { throw X509Error(.malformedCRL, "\(trailing) bytes after the CRL") }
            throw OpenSSLErrorQueue.error(.malformedCRL, "d2i_X509_CRL rejected the CRL (\(der.count) bytes)")
        }
        pointer = decoded
    }

    deinit { X509_CRL_free(pointer) }
}
