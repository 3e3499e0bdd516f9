internal import CCurl

/// Which URL schemes a fetch may use, decided from the URL and the settings before any I/O, and the protocol
/// lists that make libcurl enforce the same decision on redirects.
struct URLPolicy: Sendable {
    /// The schemes this service can ever fetch from.
    enum Scheme: String, Sendable {
        case https, http, file
    }

    /// The scheme of the requested URL.
    let scheme: Scheme
    /// The value of `CURLOPT_PROTOCOLS_STR`: every protocol the transfer may use, redirects included. For an
    /// `https` URL this alone already keeps redirects on `https`; ``redirectProtocols`` says so a second time.
    let protocols: String
    /// The value of `CURLOPT_REDIR_PROTOCOLS_STR`: the protocols a redirect may lead to. From `https` only
    /// `https`, so that there is no downgrade even when insecure URLs are allowed.
    let redirectProtocols: String

    /// Parses `url` with libcurl's own URL parser (the one the transfer will use) and checks its scheme.
    /// - Parameters:
    ///   - url: the absolute URL to fetch.
    ///   - allowInsecureURLs: whether `http` and `file` are allowed besides `https`.
    /// - Throws: ``TrustListError`` `.networkError` when the URL cannot be parsed, has no scheme, or has a scheme
    ///   that is not allowed; the message says what is allowed and which setting changes it.
    init(url: String, allowInsecureURLs: Bool) throws(TrustListError) {
        guard let handle = curl_url() else {
            throw TrustListError(.networkError, "cannot parse URL \(url): libcurl is out of memory")
        }
        defer { curl_url_cleanup(handle) }
        let parsed = curl_url_set(handle, CURLUPART_URL, url, 0)
        guard parsed == CURLUE_OK else {
            throw TrustListError(
                .networkError,
                "not a valid absolute URL: \"\(url)\" (\(String(cString: curl_url_strerror(parsed)))); "
                    + "expected https://host/path")
        }
        var schemeText: UnsafeMutablePointer<CChar>?
        defer { curl_free(schemeText) }
        guard curl_url_get(handle, CURLUPART_SCHEME, &schemeText, 0) == CURLUE_OK, let schemeText else {
            throw TrustListError(.networkError, "URL \(url) has no scheme; expected https://host/path")
        }
        let schemeName = String(cString: schemeText).lowercased()

        switch (Scheme(rawValue: schemeName), allowInsecureURLs) {
        case (.https, _):
            scheme = .https
            protocols = "https"
            redirectProtocols = "https"
        case (.http, true):
            scheme = .http
            protocols = "http,https"
            redirectProtocols = "http,https"
        case (.file, true):
            scheme = .file
            protocols = "file"
            redirectProtocols = "file"  // libcurl follows no redirects for file://; listed to stay within `protocols`
        case (.http, false), (.file, false):
            throw TrustListError(
                .networkError,
                "refusing \(url): only https:// URLs are allowed; set allowInsecureURLs to true to allow "
                    + "\(schemeName):// (meant for tests, demos and local files)")
        case (nil, _):
            throw TrustListError(
                .networkError,
                "refusing \(url): the scheme \(schemeName):// is not supported; use https:// "
                    + "(or http:// or file:// with allowInsecureURLs)")
        }
    }
}
