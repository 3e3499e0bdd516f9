import COSE
import Foundation
import Presentation
import TrustLists
import X509

/// One step of an mdoc document's decision (ISO/IEC 18013-5 §9.3.1; docs/architecture.md, Credentials), after
/// swift-certificates' `VerifierPolicy`: ``MDocVerifier`` runs an ordered list of these and the first that fails gives
/// the document's reason. A policy reads what earlier ones established in the ``MDocContext`` and adds to it.
protocol MDocPolicy: Sendable {
    func check(_ context: inout MDocContext) -> CredentialError?
}

/// What one document's decision knows while its policies run: the question, and what the policies found so far.
struct MDocContext {
    /// The document.
    let document: MDocDocument
    /// The session's transcript, for device authentication; nil when the caller has none.
    let sessionTranscript: SessionTranscript?
    /// The trust decisions.
    let trust: any CredentialTrust
    /// The decision time, UTC.
    let time: Date
    /// The decoding limits (the MSO, the x5chain).
    let limits: MDocLimits
    /// The status lists (``MDocStatusPolicy``).
    let statusLists: any StatusListSource

    /// The docType decided about: the Document's, or for a bare IssuerSigned the MSO's (``IssuerAuthPolicy``).
    var docType: String?
    /// `issuerAuth` decoded (``IssuerAuthPolicy``).
    var issuerAuth: COSESign1?
    /// The x5chain, document signer first (``IssuerAuthPolicy``).
    var chain: [Certificate] = []
    /// The document signer decision (``DocumentSignerTrustPolicy``).
    var trustDecision: TrustDecision?
    /// Whether the issuer signature verified (``IssuerSignaturePolicy``): from then on, device authentication is
    /// reported.
    var signatureVerified = false
    /// The MSO (``MobileSecurityObjectPolicy``).
    var mso: MobileSecurityObject?
    /// The elements the digests vouch for (``ValueDigestPolicy``).
    var elements: [DocumentDecision.ElementGroup] = []
    /// The status check (``MDocStatusPolicy``); nil when the MSO names no status or the step was not reached.
    var statusCheck: CredentialStatusCheck?
    /// Device authentication (``DeviceAuthenticationPolicy``, or after the policies once the signature verified).
    var deviceAuth: DeviceAuthentication.Result?
    /// Warnings gathered on the way.
    var warnings: [ReasonCode] = []

    init(
        document: MDocDocument, sessionTranscript: SessionTranscript?, trust: any CredentialTrust, time: Date,
        limits: MDocLimits, statusLists: any StatusListSource
    ) {
        self.document = document
        self.sessionTranscript = sessionTranscript
        self.trust = trust
        self.time = time
        self.limits = limits
        self.statusLists = statusLists
        docType = document.docType
    }

    /// Where `issuerAuth` is, for messages.
    var issuerAuthPath: String {
        let base = document.issuerSigned.path
        return base.isEmpty ? "issuerAuth" : "\(base).issuerAuth"
    }

    /// Device authentication, computed once: needs the MSO's device key and the docType.
    mutating func authenticateDevice() -> DeviceAuthentication.Result {
        if let deviceAuth { return deviceAuth }
        let result = DeviceAuthentication.check(
            document.deviceSigned, deviceKey: mso?.deviceKey, docType: docType ?? "",
            sessionTranscript: sessionTranscript)
        deviceAuth = result
        return result
    }
}
