import COSE
import Foundation
import X509

/// Decides whether signed list bytes are an authentic, current VICAL or RICAL (docs/architecture.md, The pipeline:
/// steps 3 to 9) by running ordered ``ListVerificationPolicy`` values over the bytes: a pure function of the bytes, the
/// pinned roots, the time and the settings. No I/O. Rollback, which needs the store's high-water mark, is one more
/// policy the refresh appends (``RollbackPolicy``).
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

    /// The policies, in order (docs/architecture.md, The pipeline): CBOR and COSE_Sign1 structure, signature, signer
    /// validity, chain, signer profile, payload, provider, freshness.
    public var policies: [any ListVerificationPolicy] {
        [
            COSEStructurePolicy(), SignaturePolicy(), SignerValidityPolicy(), SignerChainPolicy(anchors: anchors),
            SignerProfilePolicy(), PayloadPolicy(), ProviderPolicy(), FreshnessPolicy(),
        ]
    }

    /// Verifies and decodes a signed list; the first failing policy is the reason.
    /// - Parameters:
    ///   - bytes: the signed list (COSE_Sign1, untagged or tag 18).
    ///   - kind: the kind expected.
    ///   - time: the verification time (UTC): the refresh's start, or the list's own date for old fixtures.
    ///   - additional: policies run after the standard ones (the refresh's ``RollbackPolicy``).
    /// - Returns: the verified list.
    /// - Throws: ``TrustListError`` with one of `malformed_cbor`, `limits_exceeded`, `not_cose_sign1`,
    ///   `unknown_critical_header`, `unsupported_alg`, `missing_x5chain`, `detached_payload`, `bad_signature`,
    ///   `chain_invalid`, `signer_expired`, `signer_not_yet_valid`, `signer_eku`, `signer_key_usage`,
    ///   `malformed_payload`, `wrong_list_type`, `provider_mismatch`, `date_in_future`, `list_expired`, and those of
    ///   the additional policies (`rollback`, `equivocation`).
    public func verify(
        _ bytes: [UInt8], kind: ListKind, at time: Date, additional: [any ListVerificationPolicy] = []
    ) throws(TrustListError) -> VerifiedList {
        guard kind != .lote else {
            throw TrustListError(.wrongListType, "a LoTE is JSON signed as JAdES: verify it with LoTEVerifier")
        }
        var candidate = ListCandidate(bytes: bytes, kind: kind, time: time, settings: settings)
        for policy in policies + additional { try policy.check(&candidate) }
        guard let list = candidate.list, let signerChain = candidate.signerChain,
            let algorithm = candidate.algorithm, let contentSHA256 = candidate.contentSHA256
        else {
            throw ListCandidate.outOfOrder(Self.self)
        }
        return VerifiedList(
            list: list, signedBytes: bytes, sha256: Digest.sha256.hash(bytes), contentSHA256: contentSHA256,
            signerChain: signerChain, algorithm: algorithm.name, x5chainCount: candidate.x5chain.count,
            verifiedAt: time,
            warnings: candidate.warnings.lines, notes: candidate.notes)
    }
}
