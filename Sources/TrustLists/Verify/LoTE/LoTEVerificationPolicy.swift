import Foundation
import JOSE
import X509

/// One step of LoTE verification (docs/architecture.md, Lists of Trusted Entities), as ``ListVerificationPolicy``
/// is for VICALs and RICALs: ``LoTEVerifier`` runs an ordered list of these over a ``LoTECandidate`` and the first
/// that throws gives the reason.
public protocol LoTEVerificationPolicy: Sendable {
    /// Checks the candidate, reading what earlier policies established and adding what this one establishes.
    /// - Throws: ``TrustListError`` with the step's reason code.
    func check(_ candidate: inout LoTECandidate) throws(TrustListError)
}

/// A signed LoTE on its way through verification: the input, and what each policy has established so far.
public struct LoTECandidate: Sendable {
    /// The signed document, exactly as received.
    public let bytes: [UInt8]
    /// The verification time, UTC.
    public let time: Date
    /// The settings.
    public let settings: LoTEVerificationSettings

    /// The decoded JAdES signature (``JAdESStructurePolicy``).
    public internal(set) var signature: JAdESSignature?
    /// SHA-256 of the JWS signing input (the protected header and the payload as signed): the identity of a version
    /// for equivocation (``JAdESSignaturePolicy``).
    public internal(set) var contentSHA256: [UInt8]?
    /// SHA-256 of ``bytes``, when ``JAdESSignaturePolicy`` computed it with ``contentSHA256`` in one pass.
    public internal(set) var documentSHA256: [UInt8]?
    /// The validated signer chain, signer first, pinned root last (``LoTESignerChainPolicy``).
    public internal(set) var signerChain: [Certificate]?
    /// The decoded LoTE (``LoTEPayloadPolicy``).
    public internal(set) var lote: LoTE?
    /// Tolerated oddities.
    public internal(set) var warnings = ListWarnings()

    /// A candidate before any step.
    public init(bytes: [UInt8], time: Date, settings: LoTEVerificationSettings) {
        self.bytes = bytes
        self.time = time
        self.settings = settings
    }

    /// The error of a policy run before the one it depends on: a programming error, reported rather than trapped.
    static func outOfOrder(_ policy: Any.Type) -> TrustListError {
        TrustListError(.malformedPayload, "internal: \(policy) ran before the policy it depends on")
    }
}

/// The settings of LoTE verification.
public struct LoTEVerificationSettings: Sendable {
    /// The `LoTEType` the list must carry; nil accepts any (`trustctl verify` without `--lote-type`).
    public var expectedType: String?
    /// A `SchemeOperatorName` the list must carry (the configuration's `provider`); nil accepts any.
    public var expectedProvider: String?
    /// How far `ListIssueDateTime` may lie after the verification time, in seconds (default 180).
    public var clockSkewSeconds: TimeInterval = 180
    /// Bounds on the payload.
    public var limits = LoTELimits()
    /// Bounds on the JWS: the whole document up to 48 MiB (the base64url of a 32 MiB payload), the header and `x5c`
    /// as for other JWSs.
    public var jwsLimits = JWS.Limits(maxCompactBytes: 48 << 20)
    /// Most certificates between the signer and the pinned root.
    public var maximumChainDepth = 8

    /// The default settings, with the `LoTEType` expected.
    public init(expectedType: String? = nil) {
        self.expectedType = expectedType
    }
}
