import Foundation

/// Who may ask `trustlistd` to refresh now (`POST /v1/refresh`, the console's "refresh now"): the `server.admin`
/// object of the configuration file. Absent, refresh now is off.
///
/// The bearer token is never written in the configuration in clear: either `tokenFile` names a file holding it (one
/// line; the file must belong to the daemon's user and be readable by nobody else, checked when the server starts),
/// or `tokenSHA256` gives the SHA-256 of the token as 64 hex digits (docs/configuration.md, `server.admin`).
public struct AdminSettings: Hashable, Sendable {
    /// Where the admin token is.
    public enum Token: Hashable, Sendable {
        /// A file holding the token (absolute; relative paths in the file resolve against the configuration's folder).
        case file(URL)
        /// The SHA-256 of the token, 32 bytes.
        case sha256([UInt8])
    }

    /// The token's source.
    public var token: Token
    /// The shortest time between the starts of two refresh-now runs, in seconds (default 10): a request sooner than
    /// that after the last one finished is answered with that run's report (coalesced), never refused.
    public var minIntervalSeconds: Double

    /// Settings with a token source and the default interval.
    /// - Parameters:
    ///   - token: where the token is.
    ///   - minIntervalSeconds: see ``minIntervalSeconds``.
    public init(token: Token, minIntervalSeconds: Double = 10) {
        self.token = token
        self.minIntervalSeconds = minIntervalSeconds
    }

    /// Reads the `admin` object.
    /// - Parameters:
    ///   - reader: the object, or nil when absent (then the result is nil: refresh now is off).
    ///   - folder: the configuration file's folder, for a relative `tokenFile`.
    /// - Throws: ``ConfigurationError`` naming the key for an unknown key, both or neither of `tokenFile` and
    ///   `tokenSHA256`, a digest that is not 64 hex digits, or an interval out of range.
    init?(_ reader: JSONObjectReader?, folder: URL) throws(ConfigurationError) {
        guard let reader else { return nil }
        try reader.requireOnly(["tokenFile", "tokenSHA256", "minIntervalSeconds"])
        let file = try reader.string("tokenFile")
        let digest = try reader.string("tokenSHA256")
        switch (file, digest) {
        case (let file?, nil):
            guard !file.isEmpty else { throw reader.error(at: "tokenFile", "must not be empty") }
            token = .file(Configuration.resolve(file, against: folder))
        case (nil, let digest?):
            let hexDigits = digest.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
            guard digest.utf8.count == 64, hexDigits else {
                throw reader.error(
                    at: "tokenSHA256",
                    "expected the SHA-256 of the token as 64 lower-case hex digits (printf %s TOKEN | sha256sum)")
            }
            token = .sha256(Self.bytes(hex: digest))
        case (.some, .some):
            throw reader.error(at: "tokenSHA256", "give tokenFile or tokenSHA256, not both")
        case (nil, nil):
            throw reader.error(at: nil, "needs tokenFile (a file holding the admin token) or tokenSHA256")
        }
        minIntervalSeconds = try reader.number("minIntervalSeconds", in: 0...86_400) ?? 10
    }

    /// Bytes of lower-case hex text already checked to be an even number of digits.
    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8).map { $0 <= 57 ? $0 - 48 : $0 - 87 }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }
}
