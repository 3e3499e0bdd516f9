import Foundation

/// How a network's credentials are checked against their issuers' status lists (the `statusLists` object of a
/// network; docs/configuration.md, "statusLists"; docs/architecture.md, Status lists): what a decision does when no
/// verified list is at hand, which lists every refresh fetches, and from which hosts a credential's list may be fetched
/// on demand.
public struct StatusListSettings: Sendable, Hashable {
    /// What a credential decision does when the credential names a status list and no verified, unexpired list whose
    /// signer chains to the issuer's anchor is at hand. A listed status (revoked, suspended, other) and an index past
    /// the list's end refuse the credential in every mode but ``off``.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Status lists are neither fetched for decisions nor consulted.
        case off
        /// Trusted, with the warning `status_unchecked` (the default).
        case warn
        /// Not trusted: `status_unavailable`.
        case require
    }

    /// The default on-demand fetch bound: 2 seconds.
    public static let defaultFetchTimeoutSeconds: Double = 2

    /// The mode (default ``Mode/warn``).
    public var mode: Mode = .warn
    /// Status list URIs every refresh fetches, in file order (`https://`; `http://` and `file://` only with
    /// `allowInsecureURLs`).
    public var prefetch: [String] = []
    /// The hosts a credential's status list may be fetched from on demand: host names or IP literals, compared exactly
    /// (ASCII case aside) with the URI's host, the port ignored. Empty (the default): nothing is fetched on demand.
    public var allowedHosts: [String] = []
    /// How long a decision waits for a status list fetched on demand, in seconds (default 2); concurrent decisions
    /// asking for the same URI share the one fetch.
    public var fetchTimeoutSeconds: Double = StatusListSettings.defaultFetchTimeoutSeconds
    /// The base URL of another `trustlistd` (`https://primary.example:8441`, no trailing slash) whose mirror
    /// `GET /v1/status-lists/{sha256 of the URI}` this network's status lists are fetched from instead of their URI (a
    /// replica); nil (the default): from the URI. The token must still verify for the URI (its `sub`); which URIs are
    /// fetched at all is still decided by ``allowedHosts`` and ``prefetch``.
    public var mirror: String?

    /// The defaults: `warn`, no prefetch, no allowed host, 2 seconds, no mirror.
    public init() {}

    /// Whether a URI's host is one of ``allowedHosts``: exact comparison (ASCII case aside, IPv6 brackets removed),
    /// the port ignored.
    /// - Parameter uri: the status list URI.
    /// - Returns: false for a URI without a host.
    public func allows(uri: String) -> Bool {
        guard let host = Self.host(of: uri) else { return false }
        return allowedHosts.contains { Self.normalized($0) == host }
    }

    /// The host of a URI, lower-cased, without IPv6 brackets; nil when it has none.
    public static func host(of uri: String) -> String? {
        guard let host = URLComponents(string: uri)?.host, !host.isEmpty else { return nil }
        return normalized(host)
    }

    private static func normalized(_ host: String) -> String {
        var text = host.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        return text
    }

    /// Reads the `statusLists` object of a network; nil gives the defaults.
    init(_ reader: JSONObjectReader?, http: HTTPSettings) throws(ConfigurationError) {
        guard let reader else { return }
        try reader.requireOnly(["mode", "prefetch", "allowedHosts", "fetchTimeoutSeconds", "mirror"])
        if let text = try reader.string("mode") {
            guard let mode = Mode(rawValue: text) else {
                throw reader.error(at: "mode", "'\(text)' is not a mode; use off, warn or require")
            }
            self.mode = mode
        }
        for (entry, path) in try reader.array("prefetch") ?? [] {
            guard case .string(let uri) = entry, !uri.isEmpty else {
                throw ConfigurationError(
                    file: reader.file, path: path, message: "expected a status list URI, found \(entry.described)")
            }
            do {
                _ = try URLPolicy(url: uri, allowInsecureURLs: http.allowInsecureURLs)
            } catch {
                throw ConfigurationError(file: reader.file, path: path, message: error.reason)
            }
            if !prefetch.contains(uri) { prefetch.append(uri) }
        }
        for (entry, path) in try reader.array("allowedHosts") ?? [] {
            guard case .string(let host) = entry, !host.isEmpty, !host.contains("/"), !host.contains(" "),
                host.filter({ $0 == ":" }).count != 1
            else {
                throw ConfigurationError(
                    file: reader.file, path: path,
                    message: "expected a host name or an IP literal (no scheme, path or port), found \(entry.described)"
                )
            }
            if !allowedHosts.contains(host) { allowedHosts.append(host) }
        }
        fetchTimeoutSeconds = try reader.number("fetchTimeoutSeconds", in: 0.1...60) ?? fetchTimeoutSeconds
        if let mirror = try reader.string("mirror") {
            do {
                _ = try URLPolicy(url: mirror, allowInsecureURLs: http.allowInsecureURLs)
            } catch {
                throw reader.error(at: "mirror", error.reason)
            }
            guard URLComponents(string: mirror)?.query == nil, !mirror.hasSuffix("/") else {
                throw reader.error(
                    at: "mirror",
                    "expected a base URL without a trailing slash or query (https://host:port), found '\(mirror)'")
            }
            self.mirror = mirror
        }
    }
}
