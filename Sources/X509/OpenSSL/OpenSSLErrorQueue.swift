internal import COpenSSL

/// The calling thread's OpenSSL error queue (ERR_get_error(3)).
///
/// Clear it before an operation, drain it into the error message on failure, and clear it after an expected
/// failure too, so that one call's leftovers never end up in another call's message.
enum OpenSSLErrorQueue {
    /// Empties the queue.
    static func clear() {
        ERR_clear_error()
    }

    /// Empties the queue and returns its entries as one line of text, oldest first (empty when there were none).
    static func drain() -> String {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages.joined(separator: "; ")
    }

    /// An ``X509Error`` whose message is `context` followed by what the queue held.
    static func error(_ code: X509Error.Code, _ context: String, file: String = #fileID, line: Int = #line) -> X509Error
    {
        let details = drain()
        return X509Error(code, details.isEmpty ? context : "\(context) (OpenSSL: \(details))", file: file, line: line)
    }
}
