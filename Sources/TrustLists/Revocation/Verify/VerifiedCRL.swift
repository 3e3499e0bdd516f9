import Foundation
import X509

/// A CRL that passed every step of ``CRLVerifier`` for one CA: signed by that CA's key, issued under its Name, of a
/// profile this implementation can use, and (unless the expiry check was turned off) current at the verification
/// time.
public struct VerifiedCRL: Sendable {
    /// The CRL.
    public let crl: CertificateRevocationList
    /// The CA it was verified against.
    public let issuer: Certificate
    /// The time it was verified at, UTC.
    public let verifiedAt: Date
    /// Tolerated departures from ISO/IEC 18013-5 Table B.10 and RFC 5280 §5, one line each.
    public let warnings: [String]

    /// SHA-256 of the CA certificate's DER (32 bytes): the CA this CRL belongs to.
    public var issuerSHA256: [UInt8] { issuer.sha256 }

    /// Whether `time` is past the CRL's nextUpdate (never true for a verified CRL without one: it is refused).
    public func isExpired(at time: Date) -> Bool { crl.nextUpdate.map { $0 < time } ?? true }

    /// Whether the CRL was already past its nextUpdate when verified (possible only with
    /// ``CRLVerificationSettings/refusesExpired`` off).
    public var isExpired: Bool { isExpired(at: verifiedAt) }
}
