internal import CCurl
import TrustLists

/// How one libcurl transfer ended, and the ``TrustListError`` that ending means (docs/architecture.md, Reason codes).
struct CurlOutcome {
    /// What `curl_easy_perform` returned.
    let code: CURLcode
    /// The URL the caller asked for.
    let requestedURL: String
    /// The last URL libcurl used (after redirects).
    let effectiveURL: String
    /// The final HTTP status (0 when no response arrived); nil for `file://`, which has none.
    let status: Int?
    /// libcurl's detailed error text (`CURLOPT_ERRORBUFFER`); empty when it wrote none.
    let curlMessage: String
    /// Body bytes libcurl delivered before the transfer ended (a chunk refused for the cap included).
    let bodyBytesReceived: Int
    /// The body length the response announced (`Content-Length`), in bytes; nil when none was announced.
    let announcedBytes: Int?
    /// True when the write callback stopped the transfer because the body passed the cap.
    let capExceeded: Bool
    /// True when a callback stopped the transfer because the cancellation token was set.
    let cancelled: Bool
    /// The settings of the transfer, quoted in messages about limits.
    let settings: HTTPSettings
    /// The configuration setting of the body cap (``FetchRequest/maxBytesSetting``); nil for `http.maxBytes`.
    var capSetting: String? = nil

    /// The body cap as a person finds it in the configuration (`http.maxBytes = 8388608`), and the advice to raise it.
    private var capText: (value: String, advice: String) {
        let name = capSetting ?? "http.maxBytes"
        let what = capSetting == nil ? "the list" : "the body"
        return (
            "\(name) = \(settings.maxBytes)", "raise \(name) in the configuration if \(what) is legitimately that large"
        )
    }

    /// What the response announced of its length, for messages.
    private var announcedText: String {
        announcedBytes.map { "of \($0) announced" } ?? "no length announced"
    }

    /// The URL for messages: the requested one, and where redirects led if elsewhere.
    private var urlDescription: String {
        effectiveURL == requestedURL ? requestedURL : "\(requestedURL) (redirected to \(effectiveURL))"
    }

    /// libcurl's short text for `code`, then its detailed text where that adds something.
    private var curlText: String {
        let summary = String(cString: curl_easy_strerror(code))
        return curlMessage.isEmpty || curlMessage == summary ? summary : "\(summary) (\(curlMessage))"
    }

    /// The error this outcome means, or nil for a usable answer (200, a `file://` read, or 304 on a conditional
    /// request).
    /// - Parameter conditional: whether the request carried `If-None-Match` or `If-Modified-Since`.
    func error(conditional: Bool) -> TrustListError? {
        if cancelled || code == CURLE_ABORTED_BY_CALLBACK {
            return TrustListError(.networkError, "fetching \(urlDescription) cancelled by its caller")
        }
        if code == CURLE_OK {
            return statusError(conditional: conditional)
        }
        // An error status explains a failed body better than the failure itself (a huge or cut-off error page).
        if let status, status >= 400, !isTransportCode {
            return TrustListError(
                .httpStatus, "HTTP \(status) from \(urlDescription); reading its body then failed: \(curlText)")
        }
        if capExceeded {
            return TrustListError(
                .tooLarge,
                "\(urlDescription) sent more than \(capText.value) bytes (\(bodyBytesReceived) bytes had arrived, "
                    + "\(announcedText)); stopped without reading the rest (\(capText.advice))")
        }
        return codeError()
    }

    /// Codes that mean the connection itself failed, before any status could matter.
    private var isTransportCode: Bool {
        [CURLE_OPERATION_TIMEDOUT, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY]
            .contains(code) || Self.tlsCodes.contains(code)
    }

    /// The error for a transfer libcurl completed, judged by its status.
    private func statusError(conditional: Bool) -> TrustListError? {
        guard let status else { return nil }  // file://: the file was read
        switch status {
        case 200:
            return nil
        case 304 where conditional:
            return nil
        case 304:
            return TrustListError(
                .httpStatus, "HTTP 304 from \(urlDescription) although the request was not conditional")
        default:
            return TrustListError(.httpStatus, "HTTP \(status) from \(urlDescription); expected 200")
        }
    }

    /// Seconds for messages: "10" rather than "10.0", "2.5" as is.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// libcurl's TLS failures (CURLE_SSL_* and peer verification).
    private static let tlsCodes: [CURLcode] = [
        CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CERTPROBLEM,
        CURLE_SSL_CIPHER, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED,
        CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
        CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
    ]

    /// The error for a failed libcurl code.
    private func codeError() -> TrustListError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            let lowSpeed =
                settings.lowSpeedLimitBytesPerSecond > 0
                ? "low-speed abort below \(settings.lowSpeedLimitBytesPerSecond) bytes/s for "
                    + "\(settings.lowSpeedTimeSeconds) s" : "no low-speed abort"
            return TrustListError(
                .timeout,
                "fetching \(urlDescription) timed out (connect timeout \(Self.seconds(settings.connectTimeoutSeconds)) "
                    + "s, total deadline \(Self.seconds(settings.totalTimeoutSeconds)) s, \(lowSpeed)): \(curlText)")
        case CURLE_FILESIZE_EXCEEDED:
            return TrustListError(
                .tooLarge,
                "\(urlDescription) announces a body of \(announcedBytes.map { "\($0) bytes" } ?? "unknown size"), "
                    + "larger than \(capText.value) bytes; not read (\(capText.advice)): \(curlText)")
        case CURLE_PARTIAL_FILE:
            return TrustListError(
                .networkError,
                "\(urlDescription) sent a truncated body: the connection closed after \(bodyBytesReceived) bytes, "
                    + "before the announced length: \(curlText)")
        case CURLE_TOO_MANY_REDIRECTS:
            return TrustListError(
                .networkError,
                "fetching \(urlDescription) followed more than maxRedirects = \(settings.maxRedirects) redirects "
                    + "(a redirect loop?): \(curlText)")
        case CURLE_UNSUPPORTED_PROTOCOL where (status.map { (300..<400).contains($0) } ?? false):
            return TrustListError(
                .networkError,
                "fetching \(urlDescription) refused: a redirect (HTTP \(status ?? 0)) led to a scheme that is not "
                    + "allowed (redirects never lead to file://, nor from https:// to anything but https://; http:// "
                    + "needs allowInsecureURLs): \(curlText)")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY:
            return TrustListError(
                .networkError,
                "\(urlDescription) did not answer with HTTP/1.x or HTTP/2 (an HTTP/0.9 reply, or bytes that are not "
                    + "an HTTP response: is this the right host and port?): \(curlText)")
        case CURLE_OUT_OF_MEMORY where (status ?? 0) > 0:
            // A response had begun (its status line arrived): libcurl 7.x reports a header over its 100 KiB limit as
            // "Out of memory"; running out of memory for one small header block is not what happened.
            return TrustListError(
                .networkError,
                "\(urlDescription) sent a response header larger than libcurl accepts (about 100 KiB); not a "
                    + "list server's answer (libcurl: \(curlText))")
        case CURLE_SSL_CACERT_BADFILE:
            return TrustListError(
                .tlsError,
                "fetching \(urlDescription): the CA file \(settings.caFile ?? "(libcurl default)") cannot be used: "
                    + "\(curlText)")
        case _ where Self.tlsCodes.contains(code):
            return TrustListError(
                .tlsError,
                "TLS with the server of \(urlDescription) failed: \(curlText); the server's certificate must be "
                    + "valid for its host name and chain to a trusted CA (http.caFile adds a private CA)")
        default:
            return TrustListError(.networkError, "fetching \(urlDescription) failed: \(curlText)")
        }
    }
}
