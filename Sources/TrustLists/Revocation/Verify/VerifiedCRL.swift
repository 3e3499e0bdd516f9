import Foundation
import X509

/// A CRL that passed every step of ``CRLKind``'s verification for one CA: signed by that CA's key, issued under its
/// Name, of a profile this implementation can use, and (unless the expiry check was turned off) current at the
/// verification time.
public struct VerifiedCRL: VerifiedSource {
    /// The CRL.
    public let crl: CertificateRevocationList
    /// The CA it was verified against.
    public let issuer: Certificate
    /// The time it was verified at, UTC.
    public let verifiedAt: Date
    /// Tolerated departures from ISO/IEC 18013-5 Table B.10 and RFC 5280 §5, one line each.
    public var warnings: [String] = []
    /// Remarks for the report.
    public var notes: [String] = []

    /// A verified CRL (made by ``CRLKind``).
    init(crl: CertificateRevocationList, issuer: Certificate, verifiedAt: Date) {
        self.crl = crl
        self.issuer = issuer
        self.verifiedAt = verifiedAt
    }

    /// The CRL's DER, as the CA published it (a PEM CRL is kept as its DER).
    public var signedBytes: [UInt8] { crl.derEncoded }
    /// SHA-256 of the DER (32 bytes).
    public var sha256: [UInt8] { crl.sha256 }
    /// SHA-256 of the tbsCertList (32 bytes): the signed content.
    public var contentSHA256: [UInt8] { crl.tbsSHA256 }
    /// The CRL's cRLNumber and thisUpdate, with its signed content.
    public var mark: VersionMark {
        VersionMark(date: crl.thisUpdate, number: crl.crlNumber, contentSHA256: hexString(crl.tbsSHA256))
    }

    /// SHA-256 of the CA certificate's DER (32 bytes): the CA this CRL belongs to.
    public var issuerSHA256: [UInt8] { issuer.sha256 }

    /// Whether `time` is past the CRL's nextUpdate (never true for a verified CRL without one: it is refused).
    public func isExpired(at time: Date) -> Bool { crl.nextUpdate.map { $0 < time } ?? true }

    /// Whether the CRL was already past its nextUpdate when verified (possible only with
    /// ``CRLVerificationSettings/refusesExpired`` off).
    public var isExpired: Bool { isExpired(at: verifiedAt) }
}
