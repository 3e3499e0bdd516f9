internal import COpenSSL

/// PEM text (RFC 7468) read and written by OpenSSL's `PEM_read_bio` / `PEM_write_bio`.
enum PEMBlocks {
    /// Largest PEM text accepted, in bytes: a chain or key file is a few kilobytes.
    static let maximumSize = 1024 * 1024

    /// The DER contents of every block labelled `label` (other labels are skipped), in order.
    /// - Throws: `inputTooLarge` over 1 MiB; `malformedPEM` when there is no such block or one is damaged.
    static func read(_ text: String, label: String) throws(X509Error) -> [[UInt8]] {
        try read(utf8: Array(text.utf8), label: label)
    }

    /// The DER contents of every block labelled `label` in PEM text given as bytes; see ``read(_:label:)``.
    /// - Parameter maximumSize: the largest text read, in bytes (a CRL's PEM may be far larger than a chain's).
    static func read(utf8: [UInt8], label: String, maximumSize: Int = maximumSize) throws(X509Error) -> [[UInt8]] {
        guard utf8.count <= maximumSize else {
            throw X509Error(.inputTooLarge, "\(utf8.count) bytes of PEM; at most \(maximumSize) are read")
        }
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        let bio = try MemoryBIO(copying: utf8)
        var blocks: [[UInt8]] = []
        while true {
            var name: UnsafeMutablePointer<CChar>?
            var header: UnsafeMutablePointer<CChar>?
            var data: UnsafeMutablePointer<UInt8>?
            var length = 0
            let ok = PEM_read_bio(bio.pointer, &name, &header, &data, &length)
            defer {
                shim_OPENSSL_free(name)
                shim_OPENSSL_free(header)
                shim_OPENSSL_free(data)
            }
            guard ok == 1 else {
                let error = ERR_peek_last_error()
                if ERR_GET_REASON(error) == PEM_R_NO_START_LINE, !blocks.isEmpty { break }
                let what = blocks.isEmpty ? "no readable \(label) block" : "block \(blocks.count + 1) is damaged"
                throw OpenSSLErrorQueue.error(.malformedPEM, what)
            }
            guard let name, String(cString: name) == label else { continue }
            blocks.append(data.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? [])
        }
        return blocks
    }

    /// `der` as one PEM block with the given label, lines of 64 characters, ending in a newline.
    static func write(_ der: [UInt8], label: String) -> String {
        guard let bio = try? MemoryBIO() else { return "" }
        _ = PEM_write_bio(bio.pointer, label, "", der, der.count)
        return bio.text
    }
}
