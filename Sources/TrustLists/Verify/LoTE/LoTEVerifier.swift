import Foundation
import X509

/// Decides whether signed bytes are an authentic, current List of Trusted Entities (ETSI TS 119 602, signed as JAdES
/// baseline B, ETSI TS 119 182-1) of the expected type: ``LoTEKind``'s pipeline, a pure function of the bytes, the
/// pinned roots, the time and the settings. No I/O.
public struct LoTEVerifier: Sendable {
    /// The pinned roots a signer chain must end in (self-signed only; no partial chains). A self-signed signer may
    /// itself be one.
    public let anchors: [Certificate]
    /// The settings.
    public let settings: LoTEVerificationSettings

    /// Creates a verifier.
    /// - Parameters:
    ///   - anchors: the pinned roots (their SHA-256 already checked against the configuration).
    ///   - settings: the expected `LoTEType`, clock skew, limits.
    public init(anchors: [Certificate], settings: LoTEVerificationSettings = LoTEVerificationSettings()) {
        self.anchors = anchors
        self.settings = settings
    }

    /// Verifies and decodes a signed LoTE; the first failing step is the reason.
    /// - Parameters:
    ///   - bytes: the signed document: a JWS in the compact or the JSON serialization.
    ///   - time: the verification time (UTC).
    ///   - accepted: the list's high-water mark; nil to skip the rollback rule.
    /// - Returns: the verified LoTE as a ``VerifiedList`` (its ``TrustList/lote``).
    /// - Throws: ``TrustListError`` with one of `unsupported_format` (an XML LoTE), `malformed_jws`, `malformed_json`,
    ///   `limits_exceeded`, `unsupported_alg`, `unknown_critical_header`, `malformed_x5c`, `bad_signature`,
    ///   `signing_time_invalid`, `weak_key`, `signer_expired`, `signer_not_yet_valid`, `chain_invalid`,
    ///   `signer_key_usage`, `malformed_payload`, `wrong_list_type`, `provider_mismatch`, `date_in_future`, and with a
    ///   mark `rollback`, `equivocation`.
    public func verify(
        _ bytes: [UInt8], at time: Date, accepted: VersionMark? = nil
    ) throws(TrustListError) -> VerifiedList {
        try LoTEKind.verify(bytes, ListContext(anchors: anchors, settings: settings), at: time, accepted: accepted)
    }
}
