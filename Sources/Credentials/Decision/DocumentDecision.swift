import Foundation
import TrustLists
import X509

/// The answer for one credential (docs/architecture.md, Credentials): one mdoc document, or one SD-JWT VC, trusted
/// with the anchor that vouches for its issuer and what the issuer vouched for, or not trusted with the first failing
/// step's reason. Not trusting a credential is an expected outcome, so it is a value, never an error.
public struct DocumentDecision: Sendable {
    /// The kind of credential.
    public enum Format: String, Sendable, Hashable {
        /// An ISO/IEC 18013-5 mdoc document.
        case mdoc
        /// An SD-JWT VC (IETF SD-JWT VC).
        case sdJWTVC = "dc+sd-jwt"
    }

    /// The issuer's signing certificate: the document signer (mdoc) or the `x5c` leaf (SD-JWT VC).
    public struct Signer: Sendable, Hashable {
        /// Its subject, RFC 4514.
        public let subject: String
        /// SHA-256 of its DER, lower-case hex.
        public let sha256: String
        /// Its notBefore, UTC.
        public let notBefore: Date
        /// Its notAfter, UTC.
        public let notAfter: Date
        /// The certificate itself (for checks of its names, such as an AuthZEN subject's).
        public let certificate: Certificate

        init(_ certificate: Certificate) {
            self.certificate = certificate
            subject = certificate.subject.rfc4514
            sha256 = certificate.sha256Hex
            notBefore = certificate.notBefore
            notAfter = certificate.notAfter
        }
    }

    /// The times the issuer signed: the MSO's `validityInfo` (mdoc) or the JWT's `iat`, `nbf`, `exp` (SD-JWT VC).
    public struct Validity: Sendable, Hashable {
        /// mdoc `validityInfo.signed`.
        public var signed: Date?
        /// mdoc `validityInfo.validFrom`.
        public var validFrom: Date?
        /// mdoc `validityInfo.validUntil`.
        public var validUntil: Date?
        /// mdoc `validityInfo.expectedUpdate`.
        public var expectedUpdate: Date?
        /// SD-JWT VC `iat`.
        public var iat: Date?
        /// SD-JWT VC `nbf`.
        public var nbf: Date?
        /// SD-JWT VC `exp`.
        public var exp: Date?

        /// No times known.
        public init() {}
    }

    /// The element identifiers of one namespace.
    public struct ElementGroup: Sendable, Hashable {
        /// The namespace, e.g. `org.iso.18013.5.1`.
        public let nameSpace: String
        /// Its element identifiers, in the order sent.
        public let identifiers: [String]
    }

    /// mdoc or SD-JWT VC.
    public let format: Format
    /// The mdoc's docType (the Document's, or the MSO's for a bare IssuerSigned); nil for an SD-JWT VC or when it
    /// could not be read.
    public let docType: String?
    /// The SD-JWT VC's `vct`; nil for an mdoc or when it could not be read.
    public let vct: String?
    /// Why it is not trusted; nil when trusted.
    public let reason: ReasonCode?
    /// What was decided, for a person: for a refusal, what was expected and what was found, with the path.
    public let message: String
    /// The anchor the issuer's chain validated to (also for a document refused at a later step); nil when the chain
    /// was not decided or not trusted.
    public let anchor: TrustDecision.Anchor?
    /// The issuer's signing certificate; nil when it could not be read.
    public let signer: Signer?
    /// The issuer's times; empty when they could not be read.
    public let validity: Validity
    /// mdoc: the disclosed elements per namespace that the MSO's digests vouch for; empty unless every digest matched.
    public let elements: [ElementGroup]
    /// SD-JWT VC: the paths of the disclosed claims the payload's digests vouch for (`given_name`,
    /// `address.locality`, `nationalities[0]`); empty unless every disclosure was referenced.
    public let claims: [String]
    /// mdoc: the device-signed element identifiers per namespace (vouched for by the device, not the issuer).
    public let deviceSignedElements: [ElementGroup]
    /// The holder binding: mdoc device authentication, SD-JWT Key Binding JWT. Reported whenever the issuer signature
    /// verified, nil before.
    public let deviceAuth: DeviceAuthOutcome?
    /// What the CRLs of the issuer's chain said; nil when not checked.
    public let revocation: TrustDecision.Revocation?
    /// Warnings of the answer (`revocation_unchecked`, `device_auth_not_checkable`, `sd_jwt_legacy_typ`, …).
    public let warnings: [ReasonCode]
    /// The credential's status check (docs/architecture.md, Status lists): what its status list says at its index, or
    /// why no list was at hand; nil when it names no status or its decision stopped before the status step.
    public internal(set) var status: CredentialStatusCheck? = nil

    /// Whether the credential is trusted.
    public var trusted: Bool { reason == nil }

    /// The anchor that vouches for a trusted credential; nil when not trusted.
    public var trustedBy: TrustDecision.Anchor? { trusted ? anchor : nil }
}
