import Foundation
import TrustLists
import X509

extension TrustQueries {
    /// The certificate of an issuer anchor of the current generation (a VICAL's IACA or a LoTE issuance service's
    /// certificate, ``Snapshot/Issuer``), by its SHA-256; nil when no issuer has it. Parsed through
    /// ``CertificateCache/shared``, so a second ask costs a lookup.
    /// - Parameter sha256: the anchor's SHA-256, lower-case hex (``TrustDecision/Anchor/sha256``).
    public func anchorCertificate(sha256: String) -> Certificate? {
        guard let issuer = snapshot.issuers.first(where: { $0.sha256 == sha256 }),
            let der = Data(base64Encoded: issuer.certificate)
        else { return nil }
        return try? CertificateCache.shared.certificate(derEncoded: [UInt8](der))
    }
}
