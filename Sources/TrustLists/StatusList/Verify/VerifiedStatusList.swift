import Foundation
import X509

/// A status list that passed every step of ``StatusListKind``: signed by a certificate that chains to the anchor,
/// for the URI it was fetched from, issued by now, not expired (unless expiry was not refused), and inflated within
/// the limits. What a credential decision looks its index up in.
public struct VerifiedStatusList: VerifiedSource {
    /// The token, as decoded.
    public let token: StatusListToken
    /// The inflated list.
    public let statusList: StatusList
    /// The validated chain: signer first, anchor last.
    public let chain: [Certificate]
    /// The time it was verified at, UTC.
    public let verifiedAt: Date
    /// Tolerated departures from the draft, one line each (an untagged CWT).
    public var warnings: [String] = []
    /// Remarks for the report.
    public var notes: [String] = []

    /// A verified list from its parts (``StatusListKind/decode(_:_:_:)``).
    init(token: StatusListToken, statusList: StatusList, chain: [Certificate], verifiedAt: Date) {
        self.token = token
        self.statusList = statusList
        self.chain = chain
        self.verifiedAt = verifiedAt
    }

    /// The status of the credential at `index` (draft-ietf-oauth-status-list §8.3 step 6): its value, or
    /// ``StatusListLookup/indexOutOfRange(index:count:)``, never VALID for an index the list does not hold.
    @inlinable
    public func lookup(_ index: UInt64) -> StatusListLookup { statusList.lookup(index) }

    /// The certificate that signed the token.
    public var signer: Certificate { chain[0] }
    /// The anchor the signer chains to.
    public var anchor: Certificate { chain[chain.count - 1] }
    /// The token as received (what a store keeps and a mirror serves).
    public var signedBytes: [UInt8] { token.signedBytes }
    /// SHA-256 of ``signedBytes``.
    public var sha256: [UInt8] { token.sha256 }
    /// SHA-256 of the signed content: the JWS signing input or the CWT's `Sig_structure`.
    public var contentSHA256: [UInt8] { token.contentSHA256 }
    /// Where the token stands among its URI's tokens: `iat` and the signed content (``StatusListToken/mark``).
    public var mark: VersionMark { token.mark }
    /// `sub`: the URI of the token.
    public var subject: String { token.subject }
    /// `iat`, UTC.
    public var issuedAt: Date { token.issuedAt }
    /// `exp`, UTC; nil when the token has none.
    public var expires: Date? { token.expires }
    /// `ttl` in seconds; nil when the token has none.
    public var timeToLive: TimeInterval? { token.timeToLive }
    /// The bits per credential.
    public var bits: StatusListBits { statusList.bits }
    /// How many credentials the list has a status for.
    public var count: Int { statusList.count }

    /// Whether `time` is at or past the token's `exp` (never for a token without one).
    public func isExpired(at time: Date) -> Bool { expires.map { time >= $0 } ?? false }

    /// When a cache should fetch the token again (draft-ietf-oauth-status-list §8.3 step 4d, §13.7): `fetchedAt` plus
    /// `ttl`, or `exp` when that comes first; nil when the token has neither.
    /// - Parameter fetchedAt: when the token was fetched, UTC.
    public func refreshDue(fetchedAt: Date) -> Date? {
        let afterTTL = timeToLive.map { fetchedAt.addingTimeInterval($0) }
        switch (afterTTL, expires) {
        case (let ttl?, let exp?): return min(ttl, exp)
        case (let ttl?, nil): return ttl
        case (nil, let exp?): return exp
        case (nil, nil): return nil
        }
    }
}
