import Foundation
import TrustLists
import X509

/// The trust decisions a credential decision rests on (docs/architecture.md, Credentials): may this document signer
/// sign mdocs of this docType, may this issuer sign SD-JWT VCs of this `vct`, at a time. ``TrustQueries`` answers
/// them from a verified generation; tests and other hosts may answer them themselves.
public protocol CredentialTrust: Sendable {
    /// Whether a document signer chain validates to an IACA of a usable list authorized for `docType` (a VICAL
    /// entry's docTypes, or a LoTE service whose role covers it), the document signer meets its profile (key usage
    /// digitalSignature, an allowed EKU) and no certificate of the chain is revoked.
    /// - Parameters:
    ///   - chain: the `issuerAuth` x5chain, document signer first.
    ///   - docType: the document's docType.
    ///   - time: the decision time, UTC.
    /// - Returns: trusted with the IACA as the anchor, or not trusted with the reason.
    func documentSignerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision

    /// Whether an SD-JWT VC issuer's `x5c` chain validates to an anchor of a usable list authorized for `vct`, its
    /// leaf may sign (keyUsage digitalSignature) and no certificate of the chain is revoked.
    /// - Parameters:
    ///   - chain: the `x5c` certificates, leaf first.
    ///   - vct: the credential's type, e.g. `urn:eudi:pid:1`.
    ///   - time: the decision time, UTC.
    /// - Returns: trusted with the anchor, or not trusted with the reason.
    func credentialIssuerDecision(chain: [Certificate], vct: String, at time: Date) -> TrustDecision

    /// The certificate of an anchor a decision named, by its SHA-256 (lower-case hex), for checks against the
    /// anchor's own fields (an mDL's `issuing_country` against the IACA's countryName, ISO/IEC 18013-5 Annex B); nil
    /// when not known. The default knows none.
    func anchorCertificate(sha256: String) -> Certificate?
}

extension CredentialTrust {
    /// Knows no anchor certificate.
    public func anchorCertificate(sha256: String) -> Certificate? { nil }
}
