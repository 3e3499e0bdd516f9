/// Limits and permissions for downloading trust lists and roots; the `http` object of the configuration file.
///
/// Decoding fills every key that is absent with its default, so `{}` is valid. TLS certificate verification of
/// the server (peer and host name) is always on and has no setting.
public struct HTTPSettings: Hashable, Sendable, Codable {
    /// The default connect timeout: 10 seconds.
    public static let defaultConnectTimeoutSeconds = 10.0
    /// The default total deadline: 60 seconds.
    public static let defaultTotalTimeoutSeconds = 60.0
    /// The default body cap: 8 MiB (8,388,608 bytes).
    public static let defaultMaxBytes = 8 * 1024 * 1024
    /// The default number of redirects followed: 5.
    public static let defaultMaxRedirects = 5
    /// The default low-speed threshold: 100 bytes per second.
    public static let defaultLowSpeedLimitBytesPerSecond = 100
    /// The default low-speed window: 15 seconds.
    public static let defaultLowSpeedTimeSeconds = 15

    /// Seconds allowed for the TCP connect and TLS handshake of each connection; more than 0.
    public var connectTimeoutSeconds: Double
    /// Seconds allowed for the whole transfer, redirects included (the total deadline); more than 0.
    public var totalTimeoutSeconds: Double
    /// The largest body accepted, in bytes; more than 0. A larger announced `Content-Length` is rejected before
    /// the body is read, and a body without one is cut off as soon as it passes this size.
    public var maxBytes: Int
    /// How many redirects are followed, 0 or more; one more is an error.
    public var maxRedirects: Int
    /// The transfer is abandoned when it stays below this many bytes per second for ``lowSpeedTimeSeconds``;
    /// 0 turns the low-speed abort off (the total deadline still applies).
    public var lowSpeedLimitBytesPerSecond: Int
    /// The window of the low-speed abort, in whole seconds; at least 1 when ``lowSpeedLimitBytesPerSecond`` is set.
    public var lowSpeedTimeSeconds: Int
    /// Lets `http://` and `file://` URLs through (tests, demos, a list on the local disk). Even then a redirect
    /// from `https://` may only lead to `https://`.
    public var allowInsecureURLs: Bool
    /// Path of a PEM file of CA certificates to verify servers with, for private PKIs and tests; nil for
    /// libcurl's default. It replaces libcurl's default CA bundle file; libcurl's default CA directory (on
    /// Debian `/etc/ssl/certs`) stays in use.
    public var caFile: String?

    /// Creates settings; every parameter defaults to the value documented on its property.
    /// - Parameters:
    ///   - connectTimeoutSeconds: seconds for connect and TLS handshake.
    ///   - totalTimeoutSeconds: seconds for the whole transfer.
    ///   - maxBytes: the body cap in bytes.
    ///   - maxRedirects: redirects followed.
    ///   - lowSpeedLimitBytesPerSecond: low-speed threshold in bytes per second, 0 for none.
    ///   - lowSpeedTimeSeconds: low-speed window in seconds.
    ///   - allowInsecureURLs: whether `http://` and `file://` are allowed.
    ///   - caFile: path of a PEM CA bundle, or nil.
    public init(
        connectTimeoutSeconds: Double = HTTPSettings.defaultConnectTimeoutSeconds,
        totalTimeoutSeconds: Double = HTTPSettings.defaultTotalTimeoutSeconds,
        maxBytes: Int = HTTPSettings.defaultMaxBytes,
        maxRedirects: Int = HTTPSettings.defaultMaxRedirects,
        lowSpeedLimitBytesPerSecond: Int = HTTPSettings.defaultLowSpeedLimitBytesPerSecond,
        lowSpeedTimeSeconds: Int = HTTPSettings.defaultLowSpeedTimeSeconds,
        allowInsecureURLs: Bool = false,
        caFile: String? = nil
    ) {
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.totalTimeoutSeconds = totalTimeoutSeconds
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.lowSpeedLimitBytesPerSecond = lowSpeedLimitBytesPerSecond
        self.lowSpeedTimeSeconds = lowSpeedTimeSeconds
        self.allowInsecureURLs = allowInsecureURLs
        self.caFile = caFile
    }

    private enum CodingKeys: String, CodingKey {
        case connectTimeoutSeconds, totalTimeoutSeconds, maxBytes, maxRedirects, lowSpeedLimitBytesPerSecond
        case lowSpeedTimeSeconds, allowInsecureURLs, caFile
    }

    /// Decodes settings, taking the default for every absent key. Values are not range-checked here; call
    /// ``validate()`` (``CurlFetcher`` does so before every transfer).
    /// - Parameter decoder: the decoder, typically JSON.
    /// - Throws: `DecodingError` when a present key has the wrong type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = HTTPSettings()
        connectTimeoutSeconds =
            try c.decodeIfPresent(Double.self, forKey: .connectTimeoutSeconds) ?? d.connectTimeoutSeconds
        totalTimeoutSeconds = try c.decodeIfPresent(Double.self, forKey: .totalTimeoutSeconds) ?? d.totalTimeoutSeconds
        maxBytes = try c.decodeIfPresent(Int.self, forKey: .maxBytes) ?? d.maxBytes
        maxRedirects = try c.decodeIfPresent(Int.self, forKey: .maxRedirects) ?? d.maxRedirects
        lowSpeedLimitBytesPerSecond =
            try c.decodeIfPresent(Int.self, forKey: .lowSpeedLimitBytesPerSecond) ?? d.lowSpeedLimitBytesPerSecond
        lowSpeedTimeSeconds = try c.decodeIfPresent(Int.self, forKey: .lowSpeedTimeSeconds) ?? d.lowSpeedTimeSeconds
        allowInsecureURLs = try c.decodeIfPresent(Bool.self, forKey: .allowInsecureURLs) ?? d.allowInsecureURLs
        caFile = try c.decodeIfPresent(String.self, forKey: .caFile)
    }

    /// The longest timeout accepted, in seconds (one day): longer ones are a configuration mistake and would
    /// overflow libcurl's millisecond arguments on some platforms.
    static let maxTimeoutSeconds = 86_400.0

    /// Checks that every value is in range.
    /// - Throws: ``TrustListError`` `.networkError` naming the first setting out of range, what it must be and
    ///   what it is (no transfer can be made with such settings).
    public func validate() throws(TrustListError) {
        func fail(_ what: String) -> TrustListError {
            TrustListError(.networkError, "invalid HTTP settings: \(what)")
        }
        for (name, value) in [
            ("connectTimeoutSeconds", connectTimeoutSeconds), ("totalTimeoutSeconds", totalTimeoutSeconds),
        ]
        where !(value > 0 && value <= Self.maxTimeoutSeconds) {
            throw fail("\(name) must be more than 0 and at most \(Int(Self.maxTimeoutSeconds)) seconds, is \(value)")
        }
        guard maxBytes > 0 else { throw fail("maxBytes must be more than 0 bytes, is \(maxBytes)") }
        guard maxRedirects >= 0 else { throw fail("maxRedirects must be 0 or more, is \(maxRedirects)") }
        guard lowSpeedLimitBytesPerSecond >= 0 else {
            throw fail("lowSpeedLimitBytesPerSecond must be 0 (off) or more, is \(lowSpeedLimitBytesPerSecond)")
        }
        guard lowSpeedLimitBytesPerSecond == 0 || (1...Int(Self.maxTimeoutSeconds)).contains(lowSpeedTimeSeconds)
        else {
            throw fail(
                "lowSpeedTimeSeconds must be 1 to \(Int(Self.maxTimeoutSeconds)) seconds while "
                    + "lowSpeedLimitBytesPerSecond is set, is \(lowSpeedTimeSeconds)")
        }
    }
}
