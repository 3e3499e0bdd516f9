internal import CCurl
import Foundation

/// One GET with libcurl, for what the HTTP benchmark needs before it measures: that nginx is up, and the snapshot's
/// `ETag`. Not a load client (wrk is).
enum HTTPProbe {
    /// The status (0 when the request failed) and the `ETag` of a GET of `url`.
    static func get(_ url: String) -> (status: Int, etag: String?) {
        _ = curlReady
        guard let easy = curl_easy_init() else { return (0, nil) }
        defer { curl_easy_cleanup(easy) }
        let capture = Unmanaged.passRetained(HeaderCapture())
        defer { capture.release() }
        _ = shim_curl_setopt_string(easy, CURLOPT_URL, url)
        _ = shim_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = shim_curl_setopt_long(easy, CURLOPT_TIMEOUT, 10)
        _ = shim_curl_setopt_write_function(easy, discard)
        _ = shim_curl_setopt_header_function(easy, captureHeader)
        _ = shim_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, capture.toOpaque())
        guard curl_easy_perform(easy) == CURLE_OK else { return (0, nil) }
        var status = 0
        _ = shim_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return (status, capture.takeUnretainedValue().etag)
    }

    /// Keeps the `ETag` of the response header.
    private final class HeaderCapture {
        var etag: String?
    }

    private static let curlReady: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    private static let discard:
        @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int =
            { _, size, count, _ in size * count }

    private static let captureHeader:
        @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
            data, size, count, context in
            guard let data, let context else { return size * count }
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            if line.lowercased().hasPrefix("etag:") {
                Unmanaged<HeaderCapture>.fromOpaque(context).takeUnretainedValue().etag =
                    line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return size * count
        }
}
