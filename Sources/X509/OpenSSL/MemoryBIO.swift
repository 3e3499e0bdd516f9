internal import COpenSSL

/// A memory BIO (BIO_s_mem(3)) owned by Swift: a sink for OpenSSL's writers (PEM, names) and a source for its
/// readers.
final class MemoryBIO {
    let pointer: OpaquePointer

    /// An empty, writable BIO.
    init() throws(X509Error) {
        guard let bio = BIO_new(BIO_s_mem()) else { throw OpenSSLErrorQueue.error(.openSSLFailure, "BIO_new failed") }
        pointer = bio
    }

    /// A BIO holding a copy of `bytes`, for OpenSSL's readers.
    init(copying bytes: some Collection<UInt8>) throws(X509Error) {
        guard let bio = BIO_new(BIO_s_mem()) else { throw OpenSSLErrorQueue.error(.openSSLFailure, "BIO_new failed") }
        pointer = bio
        let array = Array(bytes)
        if !array.isEmpty {
            let written = array.withUnsafeBytes { BIO_write(bio, $0.baseAddress, Int32($0.count)) }
            guard written == Int32(array.count) else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "BIO_write failed")
            }
        }
    }

    deinit { BIO_free(pointer) }

    /// Everything written so far.
    var contents: [UInt8] {
        var data: UnsafeMutablePointer<CChar>?
        let length = shim_BIO_get_mem_data(pointer, &data)
        guard let data, length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Everything written so far, as UTF-8 text.
    var text: String { String(decoding: contents, as: UTF8.self) }
}
