import Foundation

/// The `presentation` object of the configuration: how the wallet judges the requests verifiers send it
/// (docs/architecture.md, Presentation).
///
///     "presentation": { "walletIssuer": "https://wallet.example", "clockSkewSeconds": 60,
///                       "preRegisteredClientIDs": ["verifier.example"] }
public struct PresentationSettings: Sendable, Hashable {
    /// The wallet's own issuer identifier, accepted as a request object's `aud` besides
    /// `https://self-issued.me/v2` (OpenID4VP 1.0 §5.8); nil accepts only the latter.
    public var walletIssuer: String?
    /// How far a request object's `exp`, `nbf` and `iat` may be off, in seconds (default 60).
    public var clockSkewSeconds: Double = 60
    /// Client identifiers without a prefix that this wallet has registered (OpenID4VP 1.0 §5.9.2); their request
    /// objects must still be signed by a chain the RICALs trust. Empty by default.
    public var preRegisteredClientIDs: [String] = []

    /// The defaults.
    public init() {}

    /// Reads the object (absent: the defaults).
    /// - Throws: ``ConfigurationError`` naming the key.
    init(_ reader: JSONObjectReader?) throws(ConfigurationError) {
        guard let reader else { return }
        try reader.requireOnly(["walletIssuer", "clockSkewSeconds", "preRegisteredClientIDs"])
        walletIssuer = try reader.string("walletIssuer")
        clockSkewSeconds = try reader.number("clockSkewSeconds", in: 0...3_600) ?? clockSkewSeconds
        if let entries = try reader.array("preRegisteredClientIDs") {
            preRegisteredClientIDs = try entries.map { entry, path throws(ConfigurationError) in
                guard case .string(let text) = entry, !text.isEmpty else {
                    throw ConfigurationError(
                        file: reader.file, path: path, message: "expected a non-empty string, found \(entry.kind)")
                }
                return text
            }
        }
    }
}
