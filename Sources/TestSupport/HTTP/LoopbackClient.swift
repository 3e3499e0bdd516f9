internal import CCurl
import Foundation

/// A response as libcurl received it.
public struct ClientResponse: Sendable {
    /// The status code.
    public let status: Int
    /// The header fields of the final response, names as the server spelled them.
    public let headers: [(name: String, value: String)]
    /// The content as received (still gzip-coded unless the request asked libcurl to decode).
    public let body: [UInt8]

    /// The value of the first field called `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A transfer that failed in libcurl (connection refused, reset, timeout).
public struct ClientError: Error, CustomStringConvertible {
    /// libcurl's `CURLcode`.
    public let code: Int
    /// libcurl's message.
    public let message: String
    /// `libcurl error <code>: <message>`.
    public var description: String { "libcurl error \(code): \(message)" }
}

/// A small HTTP client on libcurl for the tests: an independent implementation of HTTP/1.1 to talk to the server
/// over loopback. One easy handle per call, so threads may call it at once.
public enum LoopbackClient {
    private static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Sends a `GET`.
    public static func get(
        _ url: String, headers: [String] = [], decodeGzip: Bool = false, timeoutSeconds: Int = 60
    ) throws -> ClientResponse {
        try send("GET", url, headers: headers, decodeGzip: decodeGzip, timeoutSeconds: timeoutSeconds)
    }

    /// Sends one request.
    /// - Parameters:
    ///   - method: the method; `HEAD` asks for no body.
    ///   - url: the URL.
    ///   - headers: extra header lines (`Name: value`; `Name:` removes one libcurl would send).
    ///   - body: content to send, or nil.
    ///   - chunked: send the body with chunked transfer coding and no `Content-Length`.
    ///   - decodeGzip: let libcurl ask for and decode gzip.
    ///   - timeoutSeconds: a bound on the whole transfer, so that a broken test fails instead of hanging.
    public static func send(
        _ method: String, _ url: String, headers: [String] = [], body: [UInt8]? = nil, chunked: Bool = false,
        decodeGzip: Bool = false, timeoutSeconds: Int = 60
    ) throws -> ClientResponse {
        precondition(initialised, "curl_global_init failed")
        guard let easy = curl_easy_init() else { throw ClientError(code: -1, message: "curl_easy_init failed") }
        defer { curl_easy_cleanup(easy) }
        let transfer = Transfer(upload: body ?? [])
        let context = Unmanaged.passRetained(transfer)
        defer { context.release() }
        var lines: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(lines) }
        for line in headers + (chunked ? ["Transfer-Encoding: chunked"] : []) {
            lines = curl_slist_append(lines, line)
        }

        _ = shim_curl_setopt_string(easy, CURLOPT_URL, url)
        _ = shim_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = shim_curl_setopt_long(easy, CURLOPT_TIMEOUT, timeoutSeconds)
        _ = shim_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, lines)
        _ = shim_curl_setopt_write_function(easy, Transfer.write)
        _ = shim_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, context.toOpaque())
        if decodeGzip {
            _ = shim_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "gzip")
        }
        switch method {
        case "GET": break
        case "HEAD": _ = shim_curl_setopt_long(easy, CURLOPT_NOBODY, 1)
        default: _ = shim_curl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method)
        }
        if let body {
            _ = shim_curl_setopt_long(easy, CURLOPT_UPLOAD, 0)
            _ = shim_curl_setopt_long(easy, CURLOPT_POST, 1)
            _ = shim_curl_setopt_read_function(easy, Transfer.read)
            _ = shim_curl_setopt_pointer(easy, CURLOPT_READDATA, context.toOpaque())
            _ = shim_curl_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, chunked ? -1 : curl_off_t(body.count))
        }

        let code = curl_easy_perform(easy)
        guard code == CURLE_OK else {
            throw ClientError(code: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
        }
        var status = 0
        _ = shim_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var fields: [(name: String, value: String)] = []
        var previous: UnsafeMutablePointer<curl_header>?
        while let next = curl_easy_nextheader(easy, UInt32(CURLH_HEADER), -1, previous) {
            fields.append((String(cString: next.pointee.name), String(cString: next.pointee.value)))
            previous = next
        }
        return ClientResponse(status: status, headers: fields, body: transfer.received)
    }

    /// The bytes to upload and the bytes received, reached from libcurl's callbacks.
    private final class Transfer {
        let upload: [UInt8]
        var uploaded = 0
        var received: [UInt8] = []

        init(upload: [UInt8]) { self.upload = upload }

        static let write: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
            data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
            transfer.received.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }

        static let read: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
            buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
            // At most 16 KiB per call, so that a chunked body arrives as several chunks.
            let length = min(size * count, transfer.upload.count - transfer.uploaded, 16 * 1024)
            transfer.upload.withUnsafeBytes { source in
                UnsafeMutableRawPointer(buffer).copyMemory(
                    from: source.baseAddress! + transfer.uploaded, byteCount: length)
            }
            transfer.uploaded += length
            return length
        }
    }
}
