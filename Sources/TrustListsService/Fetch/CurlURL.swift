internal import CCurl
import TrustLists

extension URLPolicy {
    /// Parses `url` with libcurl's own URL parser (the one the transfer will use) and checks its scheme with the
    /// shared rule.
    /// - Throws: ``TrustListError`` `url_refused` when the URL cannot be parsed, has no scheme, or has a scheme
    ///   that is not allowed; `network_error` when libcurl is out of memory.
    static func parsedByCurl(
        _ url: String, allowInsecureURLs: Bool, allowsPlainHTTP: Bool = false
    ) throws(TrustListError) -> URLPolicy {
        guard let handle = curl_url() else {
            throw TrustListError(.networkError, "cannot parse URL \(url): libcurl is out of memory")
        }
        defer { curl_url_cleanup(handle) }
        let parsed = curl_url_set(handle, CURLUPART_URL, url, 0)
        guard parsed == CURLUE_OK else {
            throw TrustListError(
                .urlRefused,
                "not a valid absolute URL: \"\(url)\" (\(String(cString: curl_url_strerror(parsed)))); "
                    + "expected https://host/path")
        }
        var schemeText: UnsafeMutablePointer<CChar>?
        defer { curl_free(schemeText) }
        guard curl_url_get(handle, CURLUPART_SCHEME, &schemeText, 0) == CURLUE_OK, let schemeText else {
            throw TrustListError(.urlRefused, "URL \(url) has no scheme; expected https://host/path")
        }
        return try URLPolicy(
            scheme: String(cString: schemeText), of: url, allowInsecureURLs: allowInsecureURLs,
            allowsPlainHTTP: allowsPlainHTTP)
    }
}
