import Foundation
import X509

/// Decides whether signed bytes are an authentic, current List of Trusted Entities (ETSI TS 119 602, signed as JAdES
/// baseline B, ETSI TS 119 182-1) of the configured type, by running ordered ``LoTEVerificationPolicy`` values: a pure
/// function of the bytes, the pinned roots, the time and the settings. No I/O. Rollback, which needs the highest
/// sequence number accepted so far, is one more policy the caller appends (``LoTERollbackPolicy``).
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

    /// The policies, in order: JAdES structure, signature (with `x5t#S256` and `sigT`), signer validity, chain to a
    /// pinned root, signer key usage, payload, `LoTEType`, provider, operator against the signer, issue time.
    public var policies: [any LoTEVerificationPolicy] {
        [
            JAdESStructurePolicy(), JAdESSignaturePolicy(), LoTESignerValidityPolicy(),
            LoTESignerChainPolicy(anchors: anchors), LoTESignerUsagePolicy(), LoTEPayloadPolicy(), LoTETypePolicy(),
            LoTEProviderPolicy(), LoTEOperatorPolicy(), LoTEFreshnessPolicy(),
        ]
    }

    /// Verifies and decodes a signed LoTE; the first failing policy is the reason.
    /// - Parameters:
    ///   - bytes: the signed document: a JWS in the compact or the JSON serialization.
    ///   - time: the verification time (UTC).
    ///   - additional: policies run after the standard ones (``LoTERollbackPolicy``).
    /// - Returns: the verified LoTE.
    /// - Throws: ``TrustListError`` with one of `unsupported_format` (an XML LoTE), `malformed_jws`, `malformed_json`,
    ///   `limits_exceeded`, `unsupported_alg`, `unknown_critical_header`, `malformed_x5c`, `bad_signature`,
    ///   `signing_time_invalid`, `signer_expired`, `signer_not_yet_valid`, `chain_invalid`, `signer_key_usage`,
    ///   `malformed_payload`, `wrong_list_type`, `provider_mismatch`, `date_in_future`, and those of the additional policies (`rollback`,
    ///   `equivocation`).
    public func verify(
        _ bytes: [UInt8], at time: Date, additional: [any LoTEVerificationPolicy] = []
    ) throws(TrustListError) -> VerifiedLoTE {
        var candidate = LoTECandidate(bytes: bytes, time: time, settings: settings)
        for policy in policies + additional { try policy.check(&candidate) }
        guard let lote = candidate.lote, let signature = candidate.signature, let chain = candidate.signerChain,
            let content = candidate.contentSHA256
        else {
            throw LoTECandidate.outOfOrder(Self.self)
        }
        return VerifiedLoTE(
            lote: lote, signedBytes: bytes, sha256: candidate.documentSHA256 ?? Digest.sha256.hash(bytes),
            contentSHA256: content,
            signerChain: chain, algorithm: signature.jws.alg, x5cCount: signature.certificates.count,
            signingTime: signature.signingTime, verifiedAt: time, warnings: candidate.warnings.lines)
    }
}
