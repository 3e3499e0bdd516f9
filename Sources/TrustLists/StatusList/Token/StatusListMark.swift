import Foundation

/// What the store remembers of a status list token to order the next one (docs/architecture.md, Status lists): its
/// `iat`, which must not go back (a lower one is a rollback), and the SHA-256 of its signed content, which must not
/// change under the same `iat` (equivocation). The signed content is the JWS signing input
/// of a JWT (RFC 7515 §5.2) and the `Sig_structure` of a CWT (RFC 9052 §4.4): a token signed again over the same
/// content (randomized ECDSA) is the same token.
public struct StatusListMark: Sendable, Hashable, Codable {
    /// The token's `iat`, UTC.
    public let issuedAt: Date
    /// SHA-256 of the signed content (32 bytes).
    public let contentSHA256: [UInt8]

    /// A mark from its parts.
    public init(issuedAt: Date, contentSHA256: [UInt8]) {
        self.issuedAt = issuedAt
        self.contentSHA256 = contentSHA256
    }
}
