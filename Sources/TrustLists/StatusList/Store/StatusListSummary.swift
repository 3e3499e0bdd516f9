import Foundation
import X509

/// The facts `state.json` keeps of one verified status list token (docs/architecture.md, Status lists), taken from
/// the verified bytes (never trusted from the file: a cached token is verified again on load).
public struct StatusListSummary: Sendable, Hashable, Codable {
    /// SHA-256 of the token as published, lower-case hex: its file name in the cache.
    public var sha256: String
    /// SHA-256 of the signed content (the JWS signing input or the CWT's `Sig_structure`), hex.
    public var contentSHA256: String
    /// `sub`: the URI.
    public var uri: String
    /// `jwt` or `cwt`.
    public var format: String
    /// `iat`, UTC.
    public var issuedAt: Date
    /// `exp`, UTC; nil when the token has none.
    public var expires: Date?
    /// `ttl`, seconds; nil when the token has none.
    public var timeToLive: TimeInterval?
    /// Bits per credential.
    public var bits: Int
    /// How many credentials the list holds a status for.
    public var count: Int
    /// The signer's subject (RFC 4514).
    public var signer: String
    /// SHA-256 of the signer's certificate, hex.
    public var signerSHA256: String
    /// SHA-256 of the anchor the signer chained to when verified, hex.
    public var anchorSHA256: String
    /// When this process, or an earlier one, first verified it (UTC).
    public var verifiedAt: Date

    /// The facts of a verified token.
    public init(_ verified: VerifiedStatusList) {
        sha256 = verified.sha256Hex
        contentSHA256 = hexString(verified.contentSHA256)
        uri = verified.subject
        format = verified.token.format.rawValue
        issuedAt = verified.issuedAt
        expires = verified.expires
        timeToLive = verified.timeToLive
        bits = verified.bits.rawValue
        count = verified.count
        signer = verified.signer.subject.rfc4514
        signerSHA256 = verified.signer.sha256Hex
        anchorSHA256 = verified.anchor.sha256Hex
        verifiedAt = verified.verifiedAt
    }
}

/// What `state.json` keeps for one status list.
public typealias StatusListRecord = SourceRecord<StatusListSummary, VersionMark>
