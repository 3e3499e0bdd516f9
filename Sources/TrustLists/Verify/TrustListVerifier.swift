import Foundation
import X509

/// Decides whether signed list bytes are an authentic, current VICAL or RICAL (docs/architecture.md, The pipeline:
/// steps 3 to 9): ``VICALKind``'s or ``RICALKind``'s pipeline, a pure function of the bytes, the pinned roots, the
/// time and the settings. No I/O.
public struct TrustListVerifier: Sendable {
    /// The pinned roots a signer chain must end in (self-signed only; no partial chains).
    public let anchors: [Certificate]
    /// The settings.
    public let settings: VerificationSettings

    /// Creates a verifier.
    /// - Parameters:
    ///   - anchors: the pinned roots (their SHA-256 already checked against the configuration).
    ///   - settings: EKUs, clock skew, provider, decoding limits.
    public init(anchors: [Certificate], settings: VerificationSettings = VerificationSettings()) {
        self.anchors = anchors
        self.settings = settings
    }

    /// Verifies and decodes a signed list; the first failing step is the reason.
    /// - Parameters:
    ///   - bytes: the signed list (COSE_Sign1, untagged or tag 18).
    ///   - kind: `vical` or `rical`.
    ///   - time: the verification time (UTC): the refresh's start, or the list's own date for old fixtures.
    ///   - accepted: the list's high-water mark; nil to skip the rollback rule.
    /// - Returns: the verified list.
    /// - Throws: ``TrustListError`` with one of `malformed_cbor`, `limits_exceeded`, `not_cose_sign1`,
    ///   `unknown_critical_header`, `unsupported_alg`, `missing_x5chain`, `detached_payload`, `bad_signature`,
    ///   `chain_invalid`, `signer_expired`, `signer_not_yet_valid`, `signer_eku`, `signer_key_usage`,
    ///   `malformed_payload`, `wrong_list_type` (also for `lote`, which is not a COSE_Sign1 list),
    ///   `provider_mismatch`, `date_in_future`, `list_expired`, and with a mark `rollback`, `equivocation`.
    public func verify(
        _ bytes: [UInt8], kind: ListKind, at time: Date, accepted: VersionMark? = nil
    ) throws(TrustListError) -> VerifiedList {
        guard let cose = kind.definition as? any COSEListKind.Type else {
            throw TrustListError(.wrongListType, "a \(kind.displayName) is JSON signed as JAdES: verify it with LoTEVerifier")
        }
        func run<Kind: COSEListKind>(_ kind: Kind.Type) throws(TrustListError) -> VerifiedList {
            try Kind.verify(bytes, ListContext(anchors: anchors, settings: settings), at: time, accepted: accepted)
        }
        return try run(cose)
    }
}
