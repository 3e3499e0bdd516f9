import Foundation

/// Which URL schemes a fetch may use, decided from the scheme and the settings before any I/O, and the protocol
/// lists that make libcurl enforce the same decision on redirects. One rule for the configuration check and the
/// fetcher: each parses the URL with its own library (Foundation here, libcurl in the fetcher) and asks this rule.
public struct URLPolicy: Sendable {
    /// The schemes this service can ever fetch from.
    public enum Scheme: String, Sendable {
        case https, http, file
    }

    /// The scheme of the requested URL.
    public let scheme: Scheme
    /// The value of `CURLOPT_PROTOCOLS_STR`: every protocol the transfer may use, redirects included. For an
    /// `https` URL this alone already keeps redirects on `https`; ``redirectProtocols`` says so a second time.
    public let protocols: String
    /// The value of `CURLOPT_REDIR_PROTOCOLS_STR`: the protocols a redirect may lead to. From `https` only
    /// `https`, so that there is no downgrade even when insecure URLs are allowed.
    public let redirectProtocols: String

    /// Checks a scheme already parsed out of `url`.
    /// - Parameters:
    ///   - schemeName: the URL's scheme, any case.
    ///   - url: the whole URL, for messages.
    ///   - allowInsecureURLs: whether `http` and `file` are allowed besides `https`.
    ///   - allowsPlainHTTP: whether `http` is allowed even without `allowInsecureURLs`: for signed objects whose
    ///     signature, not the transport, makes them authentic (CRLs, as in RFC 5280 §4.2.1.13 practice). `file`
    ///     still needs `allowInsecureURLs`.
    /// - Throws: ``TrustListError`` `network_error` for a scheme that is not allowed; the message says what is
    ///   allowed and which setting changes it.
    public init(
        scheme schemeName: String, of url: String, allowInsecureURLs: Bool, allowsPlainHTTP: Bool = false
    ) throws(TrustListError) {
        let schemeName = schemeName.lowercased()
        switch (Scheme(rawValue: schemeName), allowInsecureURLs) {
        case (.https, _):
            scheme = .https
            protocols = "https"
            redirectProtocols = "https"
        case (.http, true),
            (.http, false) where allowsPlainHTTP:
            scheme = .http
            protocols = "http,https"
            redirectProtocols = "http,https"
        case (.file, true):
            scheme = .file
            protocols = "file"
            redirectProtocols = "file"  // libcurl follows no redirects for file://; listed to stay within `protocols`
        case (.http, false), (.file, false):
            throw TrustListError(
                .urlRefused,
                "refusing \(url): only \(allowsPlainHTTP ? "https:// and http://" : "https://") URLs are allowed; "
                    + "set allowInsecureURLs to true to allow \(schemeName):// (meant for tests, demos and local files)"
            )
        case (nil, _):
            throw TrustListError(
                .urlRefused,
                "refusing \(url): the scheme \(schemeName):// is not supported; use https:// "
                    + "(or http:// or file:// with allowInsecureURLs)")
        }
    }

    /// Parses `url` with Foundation (RFC 3986) and checks its scheme: the configuration's early check. The fetcher
    /// parses again with libcurl's own parser before a transfer.
    /// - Parameters:
    ///   - url: the URL.
    ///   - allowInsecureURLs: whether `http` and `file` are allowed besides `https`.
    ///   - allowsPlainHTTP: whether `http` is allowed without `allowInsecureURLs` (signed CRLs).
    /// - Throws: ``TrustListError`` `url_refused` when the URL is not absolute, has no host (http, https), or has a
    ///   scheme that is not allowed.
    public init(url: String, allowInsecureURLs: Bool, allowsPlainHTTP: Bool = false) throws(TrustListError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme, !scheme.isEmpty else {
            throw TrustListError(.urlRefused, "not a valid absolute URL: \"\(url)\"; expected https://host/path")
        }
        try self.init(
            scheme: scheme, of: url, allowInsecureURLs: allowInsecureURLs, allowsPlainHTTP: allowsPlainHTTP)
        if self.scheme != .file, (components.host ?? "").isEmpty {
            throw TrustListError(.urlRefused, "not a valid absolute URL: \"\(url)\" has no host")
        }
    }
}
