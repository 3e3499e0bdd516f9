internal import CCurl
import Foundation
import TrustLists

/// Downloads trust lists and roots with libcurl, within the limits of ``HTTPSettings``.
///
/// Each call uses its own libcurl easy handle, so one fetcher may serve several threads at once. TLS verification
/// of the server (peer certificate and host name) is always on. Proxies come from the standard environment
/// variables (`https_proxy`, `http_proxy`, `no_proxy`, …), as libcurl reads them by default.
public struct CurlFetcher: ListFetching {
    /// The limits and permissions every fetch of this fetcher uses.
    public let settings: HTTPSettings

    /// The `Accept` header sent: signed lists are COSE (CBOR); roots may come as anything (PEM or DER).
    static let acceptHeader = "Accept: application/cose, application/cbor, */*;q=0.5"

    /// Creates a fetcher.
    /// - Parameter settings: the limits and permissions to fetch with; checked on every fetch.
    public init(settings: HTTPSettings = HTTPSettings()) {
        self.settings = settings
    }

    /// Downloads `request.url` with libcurl.
    ///
    /// Checks the settings and the URL's scheme before any I/O. Sends `User-Agent` (``ServiceIdentity/userAgent``)
    /// unless ``FetchRequest/identifiesSoftware`` is false (then none), `Accept`, and `If-None-Match` / `If-Modified-Since` from the request's validators; follows up to
    /// ``HTTPSettings/maxRedirects`` redirects, from `https` only to `https`.
    /// - Parameters:
    ///   - request: the URL and the validators of the last successful download.
    ///   - cancellation: a token another thread may cancel to abandon the transfer within about one second, or nil.
    /// - Returns: ``FetchResult/fetched(body:etag:lastModified:effectiveURL:)`` for 200 (or a `file://` read),
    ///   with the final response's `ETag` and `Last-Modified`; ``FetchResult/notModified`` for 304 on a
    ///   conditional request.
    /// - Throws: ``TrustListError`` with code
    ///   - `.urlRefused`: an invalid URL, or a scheme not allowed, refused before any request;
    ///   - `.networkError`: invalid settings, connection or DNS failure, a missing file, a truncated body, too many redirects, a redirect to a scheme not allowed, or
    ///     cancellation (the message then says "cancelled");
    ///   - `.httpStatus`: a status other than 200, or 304 on an unconditional request (the message starts
    ///     "HTTP <status> from <URL>");
    ///   - `.timeout`: connect timeout, total deadline or low-speed abort;
    ///   - `.tooLarge`: an announced `Content-Length` or the streamed body above ``HTTPSettings/maxBytes`` (or the
    ///     request's own ``FetchRequest/maxBytes``);
    ///   - `.tlsError`: TLS handshake or server certificate verification failed, or the CA file is unusable.
    public func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
        let response = try transfer(request, cancellation: cancellation)
        if response.status == 304 {
            return .notModified
        }
        return .fetched(
            body: response.body, etag: response.etag, lastModified: response.lastModified,
            effectiveURL: response.effectiveURL)
    }

    /// What one transfer brought back.
    struct Response {
        let status: Int?
        let body: [UInt8]
        let etag: String?
        let lastModified: String?
        let contentType: String?
        let effectiveURL: String
    }

    /// One transfer with libcurl: checks, options, perform, and the outcome judged (see ``fetch(_:cancellation:)``).
    func transfer(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> Response {
        if let cap = request.maxBytes, cap != settings.maxBytes {
            // The request's own cap (CRLs: revocation.maxBytes) governs this transfer, its messages included.
            var capped = settings
            capped.maxBytes = cap
            return try CurlFetcher(settings: capped).transfer(request, cancellation: cancellation)
        }
        try settings.validate()
        let policy = try URLPolicy.parsedByCurl(
            request.url, allowInsecureURLs: settings.allowInsecureURLs, allowsPlainHTTP: request.allowsPlainHTTP)
        if cancellation?.isCancelled == true {
            throw TrustListError(.networkError, "fetching \(request.url) cancelled before it started")
        }
        if policy.scheme == .file { try Self.checkRegularFile(request.url) }
        try CurlRuntime.ensureInitialized()

        // Everything the easy handle points to is created before the handle, so that its defer, which runs
        // first, frees the handle before them (defers run in reverse order): libcurl may still touch the error
        // buffer while it cleans up.
        let state = CurlTransferState(maxBytes: settings.maxBytes, cancellation: cancellation)
        // The callbacks get this pointer; the +1 keeps `state` alive until the handle is gone and is given back
        // by this release.
        let context = Unmanaged.passRetained(state)
        defer { context.release() }

        // libcurl writes its detailed error text here during curl_easy_perform.
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

        var headers: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headers) }
        for line in requestHeaderLines(request) {
            guard let extended = curl_slist_append(headers, line) else {
                throw TrustListError(.networkError, "fetching \(request.url): out of memory building headers")
            }
            headers = extended
        }

        guard let easy = curl_easy_init() else {
            throw TrustListError(.networkError, "fetching \(request.url): libcurl could not create a handle")
        }
        defer { curl_easy_cleanup(easy) }

        try configure(
            easy, url: request.url, policy: policy, headers: headers, errorBuffer: errorBuffer,
            context: context.toOpaque(), userAgent: request.identifiesSoftware ? ServiceIdentity.userAgent : nil)
        if let body = request.formBody {
            try setFormBody(easy, body, url: request.url)
        }

        let code = curl_easy_perform(easy)
        let outcome = CurlOutcome(
            code: code,
            requestedURL: request.url,
            effectiveURL: stringInfo(easy, CURLINFO_EFFECTIVE_URL) ?? request.url,
            status: policy.scheme == .file ? nil : longInfo(easy, CURLINFO_RESPONSE_CODE),
            curlMessage: String(cString: errorBuffer),
            bodyBytesReceived: state.bytesDelivered,
            announcedBytes: announcedLength(easy),
            capExceeded: state.capExceeded,
            cancelled: state.cancelled,
            settings: settings,
            capSetting: request.maxBytes == nil ? nil : request.maxBytesSetting)
        if let error = outcome.error(conditional: request.isConditional) {
            throw error
        }
        let isFile = policy.scheme == .file
        return Response(
            status: outcome.status, body: state.body, etag: isFile ? nil : lastResponseHeader(easy, "ETag"),
            lastModified: isFile ? nil : lastResponseHeader(easy, "Last-Modified"),
            contentType: isFile ? nil : stringInfo(easy, CURLINFO_CONTENT_TYPE), effectiveURL: outcome.effectiveURL)
    }

    /// Makes the transfer a POST of `body` as `application/x-www-form-urlencoded` (libcurl's default type for
    /// `CURLOPT_POSTFIELDS`), copied by libcurl.
    private func setFormBody(_ easy: UnsafeMutableRawPointer, _ body: [UInt8], url: String) throws(TrustListError) {
        var result = shim_curl_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        if result == CURLE_OK {
            result = body.withUnsafeBufferPointer { buffer in
                shim_curl_setopt_pointer(
                    easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
            }
        }
        guard result == CURLE_OK else {
            throw TrustListError(
                .networkError,
                "fetching \(url): libcurl rejected the form body: \(String(cString: curl_easy_strerror(result)))")
        }
    }

    /// The extra request header lines: `Accept`, and the validators that can be sent.
    private func requestHeaderLines(_ request: FetchRequest) -> [String] {
        let accept = request.accept.flatMap { value in
            value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? nil : "Accept: \(value)"
        }
        var lines = [accept ?? Self.acceptHeader]
        if let etag = request.sendableETag {
            lines.append("If-None-Match: \(etag)")
        }
        if let lastModified = request.sendableLastModified {
            lines.append("If-Modified-Since: \(lastModified)")
        }
        return lines
    }

    /// Sets every option of the transfer; libcurl copies the strings, so temporaries are fine.
    private func configure(
        _ easy: UnsafeMutableRawPointer, url: String, policy: URLPolicy, headers: UnsafeMutablePointer<curl_slist>?,
        errorBuffer: UnsafeMutablePointer<CChar>, context: UnsafeMutableRawPointer, userAgent: String?
    ) throws(TrustListError) {
        func check(_ code: CURLcode, _ option: String) throws(TrustListError) {
            guard code == CURLE_OK else {
                throw TrustListError(
                    .networkError,
                    "fetching \(url): libcurl rejected \(option): \(String(cString: curl_easy_strerror(code)))")
            }
        }
        func milliseconds(_ seconds: Double) -> Int {
            // validate() keeps seconds in (0, 86400], so this cannot overflow; at least 1 ms, since 0 means "none".
            max(1, Int((seconds * 1000).rounded(.up)))
        }
        // Set first, so that libcurl can explain a failure of any later option too.
        try check(shim_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "CURLOPT_ERRORBUFFER")
        try check(shim_curl_setopt_string(easy, CURLOPT_URL, url), "CURLOPT_URL")
        try check(shim_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, policy.protocols), "CURLOPT_PROTOCOLS_STR")
        try check(
            shim_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, policy.redirectProtocols),
            "CURLOPT_REDIR_PROTOCOLS_STR")
        // Threads: no SIGALRM-based DNS timeouts, no signal handlers touched.
        try check(shim_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "CURLOPT_NOSIGNAL")

        try check(shim_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1), "CURLOPT_FOLLOWLOCATION")
        try check(shim_curl_setopt_long(easy, CURLOPT_MAXREDIRS, settings.maxRedirects), "CURLOPT_MAXREDIRS")

        try check(
            shim_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(settings.connectTimeoutSeconds)),
            "CURLOPT_CONNECTTIMEOUT_MS")
        try check(
            shim_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds(settings.totalTimeoutSeconds)),
            "CURLOPT_TIMEOUT_MS")
        if settings.lowSpeedLimitBytesPerSecond > 0 {
            try check(
                shim_curl_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, settings.lowSpeedLimitBytesPerSecond),
                "CURLOPT_LOW_SPEED_LIMIT")
            try check(
                shim_curl_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, settings.lowSpeedTimeSeconds),
                "CURLOPT_LOW_SPEED_TIME")
        }
        // Rejects an announced Content-Length above the cap before the body is read; the write callback
        // enforces the cap on bodies without one.
        try check(
            shim_curl_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(settings.maxBytes)),
            "CURLOPT_MAXFILESIZE_LARGE")

        // TLS verification is not a setting: always verify the peer's chain and its host name, TLS 1.2 or later.
        try check(shim_curl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1), "CURLOPT_SSL_VERIFYPEER")
        try check(shim_curl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2), "CURLOPT_SSL_VERIFYHOST")
        try check(
            shim_curl_setopt_long(easy, CURLOPT_SSLVERSION, CURL_SSLVERSION_TLSv1_2),
            "CURLOPT_SSLVERSION")
        if let caFile = settings.caFile {
            try check(shim_curl_setopt_string(easy, CURLOPT_CAINFO, caFile), "CURLOPT_CAINFO")
        }

        // libcurl sends no User-Agent unless one is set.
        if let userAgent {
            try check(shim_curl_setopt_string(easy, CURLOPT_USERAGENT, userAgent), "CURLOPT_USERAGENT")
        }
        try check(shim_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headers), "CURLOPT_HTTPHEADER")

        try check(shim_curl_setopt_write_function(easy, CurlTransferState.writeCallback), "CURLOPT_WRITEFUNCTION")
        try check(shim_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, context), "CURLOPT_WRITEDATA")
        try check(
            shim_curl_setopt_xferinfo_function(easy, CurlTransferState.progressCallback), "CURLOPT_XFERINFOFUNCTION")
        try check(shim_curl_setopt_pointer(easy, CURLOPT_XFERINFODATA, context), "CURLOPT_XFERINFODATA")
        try check(shim_curl_setopt_long(easy, CURLOPT_NOPROGRESS, 0), "CURLOPT_NOPROGRESS")
    }

    /// A `long` the transfer reports, or nil when libcurl has none.
    private func longInfo(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> Int? {
        var value = 0
        return shim_curl_getinfo_long(easy, info, &value) == CURLE_OK ? value : nil
    }

    /// The body length the response announced, in bytes: libcurl's `CURLINFO_CONTENT_LENGTH_DOWNLOAD_T` (a file's
    /// size), else the last `Content-Length` header (libcurl has not set the former when `CURLOPT_MAXFILESIZE` stopped
    /// the transfer at the headers); nil when none was announced.
    private func announcedLength(_ easy: UnsafeMutableRawPointer) -> Int? {
        var value: curl_off_t = -1
        if shim_curl_getinfo_off_t(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &value) == CURLE_OK, value >= 0 {
            return Int(value)
        }
        return lastResponseHeader(easy, "Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A string the transfer reports, copied out of libcurl's memory, or nil when libcurl has none.
    private func stringInfo(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard shim_curl_getinfo_string(easy, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The value of response header `name` (case-insensitive) in the last response of the transfer, that is the
    /// one after all redirects, as parsed by libcurl's header API; the last instance if it occurs several times.
    private func lastResponseHeader(_ easy: UnsafeMutableRawPointer, _ name: String) -> String? {
        var header: UnsafeMutablePointer<curl_header>?
        let origin = UInt32(CURLH_HEADER)
        guard curl_easy_header(easy, name, 0, origin, -1, &header) == CURLHE_OK, let first = header else {
            return nil
        }
        let amount = first.pointee.amount
        if amount > 1 {
            guard curl_easy_header(easy, name, amount - 1, origin, -1, &header) == CURLHE_OK, let last = header else {
                return nil
            }
            return last.pointee.value.map { String(cString: $0) }
        }
        return first.pointee.value.map { String(cString: $0) }
    }

    /// A `file://` URL must name a regular file: reading a FIFO or a device would block past every deadline (libcurl
    /// cannot time out a blocking read of a local file), and a folder is no list.
    /// - Throws: ``TrustListError`` `.networkError` naming what the path is.
    static func checkRegularFile(_ url: String) throws(TrustListError) {
        guard let path = URL(string: url)?.path, !path.isEmpty else {
            throw TrustListError(.networkError, "\(url) names no file")
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let type = (try? FileManager.default.attributesOfItem(atPath: target))?[.type] as? FileAttributeType
        else {
            throw TrustListError(.networkError, "\(url): no such file, or it cannot be read")
        }
        guard type == .typeRegular else {
            let kind: String =
                switch type {
                case .typeDirectory: "a folder"
                case .typeCharacterSpecial, .typeBlockSpecial: "a device"
                case .typeSocket: "a socket"
                default: "a FIFO or other special file"
                }
            throw TrustListError(.networkError, "\(url) is not a regular file but \(kind); a list source must be one")
        }
    }
}
