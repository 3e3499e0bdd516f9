internal import COpenSSL

/// Owns one OpenSSL `X509` object, made from a certificate's DER with `d2i_X509` and freed in `deinit`.
///
/// `@unchecked Sendable`: the object is never mutated after init; OpenSSL 3 guards the caches it fills lazily
/// (extension flags) with its own locks, so sharing it across threads is safe.
final class OpenSSLCertificate: @unchecked Sendable {
    let pointer: OpaquePointer

    init(derEncoded der: [UInt8]) throws(X509Error) {
        OpenSSLErrorQueue.clear()
        let decoded: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            let object = d2i_X509(nil, &cursor, buffer.count)
            guard let object, cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
                X509_free(object)
                return nil
            }
            return object
        }
        guard let decoded else {
            throw OpenSSLErrorQueue.error(.malformedCertificate, "d2i_X509 rejected the certificate")
        }
        pointer = decoded
    }

    /// Takes ownership of an `X509` object (one reference).
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { X509_free(pointer) }

    /// The DER encoding (`i2d_X509`).
    func derEncoded() throws(X509Error) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_X509(pointer, &output)
        guard length > 0, let output else { throw OpenSSLErrorQueue.error(.openSSLFailure, "i2d_X509 failed") }
        defer { shim_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }
}
