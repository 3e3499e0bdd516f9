import Foundation

/// How a network checks revocation (the `revocation` object of a network; docs/configuration.md, "revocation";
/// docs/architecture.md, "Revocation"): every CA its verified lists name is checked against the CRL that CA signs
/// (RFC 5280 §5, ISO/IEC 18013-5 Table B.10), fetched from the CA's CRLDistributionPoints and from ``extraURLs``.
public struct RevocationSettings: Sendable, Hashable {
    /// What a decision does when the issuer's CRL cannot vouch for a certificate. A listed serial is `revoked` in
    /// every mode.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// No CRL is fetched or consulted.
        case off
        /// Trusted, with the warning `revocation_unchecked` when the issuer's CRL is not fresh (the default).
        case warn
        /// Not trusted (`revocation_unavailable`) unless the issuer's CRL is fresh, or stale within ``graceSeconds``.
        case require
    }

    /// The default CRL body cap: 16 MiB.
    public static let defaultMaxBytes = 16 * 1024 * 1024

    /// The mode (default ``Mode/warn``).
    public var mode: Mode = .warn
    /// How long past its nextUpdate a CRL is `stale` rather than `expired`, in seconds (default 86,400).
    public var graceSeconds: Double = 86_400
    /// The largest CRL body accepted, in bytes (default 16 MiB); replaces `http.maxBytes` for CRL fetches.
    public var maxBytes: Int = RevocationSettings.defaultMaxBytes
    /// More CRL URLs for the network's CAs (mirrors, CAs without a usable distribution point): a CRL fetched from one
    /// counts for the CA whose key its signature verifies under.
    public var extraURLs: [String] = []

    /// The defaults: `warn`, one day of grace, 16 MiB, no extra URLs.
    public init() {}

    /// Reads the `revocation` object of a network; nil gives the defaults.
    init(_ reader: JSONObjectReader?, http: HTTPSettings) throws(ConfigurationError) {
        guard let reader else { return }
        try reader.requireOnly(["mode", "graceSeconds", "maxBytes", "crls"])
        if let text = try reader.string("mode") {
            guard let mode = Mode(rawValue: text) else {
                throw reader.error(at: "mode", "'\(text)' is not a mode; use off, warn or require")
            }
            self.mode = mode
        }
        graceSeconds = try reader.number("graceSeconds", in: 0...(366 * 86_400)) ?? graceSeconds
        maxBytes = try reader.integer("maxBytes", in: 1...(1 << 30)) ?? maxBytes
        for (entry, path) in try reader.array("crls") ?? [] {
            let source = try JSONObjectReader(entry, path: path, file: reader.file)
            try source.requireOnly(["url"])
            let url = try source.requiredString("url")
            do {
                _ = try URLPolicy(url: url, allowInsecureURLs: http.allowInsecureURLs, allowsPlainHTTP: true)
            } catch {
                throw source.error(at: "url", error.reason)
            }
            if !extraURLs.contains(url) { extraURLs.append(url) }
        }
    }
}
