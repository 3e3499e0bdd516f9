import Foundation
import TrustLists
import X509

/// `trustctl verify --kind crl --json`: `valid`, `reason` (code or null), `message`, `kind` (`crl`), the CRL's
/// `issuer` (RFC 4514), `crlNumber` (text: CRL numbers may have 20 octets, ``CRLNumberText``), `thisUpdate`,
/// `nextUpdate`, `revoked` (count), `warnings`, `version`, `sha256` (of the DER), `issuerSHA256` (of the CA
/// certificate) and `verifiedAt`. On rejection every member but `valid`, `reason`, `message` and `kind` is null,
/// `warnings` empty (docs/cli.md).
public struct WireCRLVerification: Encodable, Sendable {
    public let valid: Bool
    public let reason: String?
    public let message: String
    public let kind: String
    public let issuer: String?
    public let crlNumber: String?
    public let thisUpdate: Date?
    public let nextUpdate: Date?
    public let revoked: Int?
    public let warnings: [String]
    public let version: Int?
    public let sha256: String?
    public let issuerSHA256: String?
    public let verifiedAt: Date?

    /// A CRL that verified.
    public init(_ verified: VerifiedCRL) {
        let crl = verified.crl
        valid = true
        reason = nil
        message = "verified"
        kind = "crl"
        issuer = crl.issuer.rfc4514
        crlNumber = crl.crlNumber.map(CRLNumberText.text)
        thisUpdate = crl.thisUpdate
        nextUpdate = crl.nextUpdate
        revoked = crl.revokedCount
        warnings = verified.warnings
        version = crl.version
        sha256 = hexString(crl.sha256)
        issuerSHA256 = hexString(verified.issuerSHA256)
        verifiedAt = verified.verifiedAt
    }

    /// A CRL that was rejected with `error`.
    public init(rejected error: TrustListError) {
        valid = false
        reason = error.code.rawValue
        message = error.reason
        kind = "crl"
        issuer = nil
        crlNumber = nil
        thisUpdate = nil
        nextUpdate = nil
        revoked = nil
        warnings = []
        version = nil
        sha256 = nil
        issuerSHA256 = nil
        verifiedAt = nil
    }
}
