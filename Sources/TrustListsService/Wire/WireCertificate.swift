import Foundation
import X509

/// A certificate named on the wire by its `subject` (RFC 4514) and `sha256` (of its DER, hex): a decision's leaf, a
/// verified list's anchor.
public struct WireCertificate: Encodable, Sendable {
    public let subject: String
    public let sha256: String

    /// The name of `certificate`.
    public init(_ certificate: Certificate) {
        subject = certificate.subject.rfc4514
        sha256 = certificate.sha256Hex
    }
}

/// A signer's certificate on the wire: ``WireCertificate``'s members and its validity, `notBefore` and `notAfter`.
public struct WireSigner: Encodable, Sendable {
    public let subject: String
    public let notBefore: Date
    public let notAfter: Date
    public let sha256: String

    /// The signer `certificate`.
    public init(_ certificate: Certificate) {
        subject = certificate.subject.rfc4514
        notBefore = certificate.notBefore
        notAfter = certificate.notAfter
        sha256 = certificate.sha256Hex
    }
}
