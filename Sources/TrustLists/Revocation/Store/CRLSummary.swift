import Foundation
import X509

/// The facts of a CA's verified CRL, made once when it is verified: shared by its record in `state.json`, status,
/// metrics and decisions.
public struct CRLSummary: Sendable, Hashable, Codable {
    /// SHA-256 of the CRL's DER as published, lower-case hex (its file name in the cache).
    public var sha256: String
    /// SHA-256 of the CA certificate it was verified against, lower-case hex.
    public var issuerSHA256: String
    /// The CA's subject, RFC 4514.
    public var issuer: String
    /// The cRLNumber as text (``CRLNumberText``); nil when the CRL has none.
    public var crlNumber: String?
    /// thisUpdate, UTC.
    public var thisUpdate: Date
    /// nextUpdate, UTC (a CRL without one is refused).
    public var nextUpdate: Date
    /// How many certificates it lists.
    public var revoked: Int
    /// The URL it was fetched from; nil when it came from the cache alone.
    public var url: String?
    /// When this process, or an earlier one, first verified it.
    public var verifiedAt: Date

    /// The facts of a verified CRL.
    /// - Parameters:
    ///   - verified: the CRL, verified against its CA.
    ///   - url: where it was fetched from.
    public init(_ verified: VerifiedCRL, url: String?) {
        let crl = verified.crl
        sha256 = hexString(crl.sha256)
        issuerSHA256 = verified.issuer.sha256Hex
        issuer = verified.issuer.subject.rfc4514
        crlNumber = crl.crlNumber.map(CRLNumberText.text)
        thisUpdate = crl.thisUpdate
        nextUpdate = crl.nextUpdate ?? crl.thisUpdate
        revoked = crl.revokedCount
        self.url = url
        verifiedAt = verified.verifiedAt
    }
}

/// What `state.json` keeps for one CA's CRL (``CRLSlotID``): the same bookkeeping as a list's, with the CRL's facts
/// and its mark (cRLNumber, thisUpdate, SHA-256 of tbsCertList). The validators belong to ``CRLSummary/url``.
public typealias CRLRecord = SourceRecord<CRLSummary, VersionMark>
