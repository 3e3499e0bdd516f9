import COSE
import Foundation
import X509

/// One step of list verification (docs/architecture.md, The pipeline: steps 3 to 9), after swift-certificates'
/// `VerifierPolicy`: ``TrustListVerifier`` runs an ordered list of these over a ``ListCandidate`` and the first that
/// throws gives the reason. A new rule is a new policy.
public protocol ListVerificationPolicy: Sendable {
    /// Checks the candidate, reading what earlier policies established and adding what this one establishes.
    /// - Throws: ``TrustListError`` with the step's reason code.
    func check(_ candidate: inout ListCandidate) throws(TrustListError)
}

/// Signed list bytes on their way through verification: the input, and what each policy has established so far.
public struct ListCandidate: Sendable {
    /// The signed list, exactly as received.
    public let bytes: [UInt8]
    /// The kind expected.
    public let kind: ListKind
    /// The verification time, UTC.
    public let time: Date
    /// The settings.
    public let settings: VerificationSettings

    /// The decoded COSE_Sign1 (``COSEStructurePolicy``).
    public internal(set) var message: COSESign1?
    /// Its payload (attached), a slice of ``bytes``.
    public internal(set) var payload: ArraySlice<UInt8>?
    /// Its `alg`.
    public internal(set) var algorithm: COSEAlgorithm?
    /// The x5chain's certificates as sent, signer first.
    public internal(set) var x5chain: [Certificate] = []
    /// SHA-256 of the Sig_structure (RFC 9052 §4.4): the signed content (protected header and payload), the identity
    /// of a version for equivocation (``SignaturePolicy``).
    public internal(set) var contentSHA256: [UInt8]?
    /// The validated signer chain, signer first, pinned root last (``SignerChainPolicy``).
    public internal(set) var signerChain: [Certificate]?
    /// The decoded list (``PayloadPolicy``).
    public internal(set) var list: TrustList?
    /// Tolerated oddities.
    public internal(set) var warnings = ListWarnings()
    /// Remarks for the report that are not oddities of the list (an issue id that went down).
    public internal(set) var notes: [String] = []

    /// A candidate before any step.
    public init(bytes: [UInt8], kind: ListKind, time: Date, settings: VerificationSettings) {
        self.bytes = bytes
        self.kind = kind
        self.time = time
        self.settings = settings
    }

    /// The signer: the x5chain's first certificate.
    var signer: Certificate? { x5chain.first }

    /// The error of a policy run before the one it depends on: a programming error, reported rather than trapped.
    static func outOfOrder(_ policy: Any.Type) -> TrustListError {
        TrustListError(.malformedPayload, "internal: \(policy) ran before the policy it depends on")
    }
}
