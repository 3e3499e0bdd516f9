import Foundation
import X509

extension ListConfiguration {
    /// Verifies signed bytes as this list: a VICAL or RICAL with ``TrustListVerifier``, a LoTE with ``LoTEVerifier``
    /// (docs/architecture.md, The pipeline; Lists of Trusted Entities), with the configuration's provider, signer EKU,
    /// `loteType` and clock skew, and, when a mark is given, the kind's rollback rule against it (``RollbackPolicy``
    /// by date and issue id, ``LoTERollbackPolicy`` by `LoTESequenceNumber`). The one entry point the refresh and the
    /// store's load use, so every kind goes through the same pipeline.
    /// - Parameters:
    ///   - bytes: the signed list as fetched or cached.
    ///   - anchors: the network's pinned roots.
    ///   - clockSkewSeconds: how far the list's date may lie in the future.
    ///   - time: the verification time, UTC.
    ///   - mark: the list's high-water mark; nil to skip the rollback rule (a cached version, or the first).
    /// - Returns: the verified list, of this list's kind.
    /// - Throws: ``TrustListError`` with the first failing step's reason code.
    public func verify(
        _ bytes: [UInt8], anchors: [Certificate], clockSkewSeconds: TimeInterval, at time: Date,
        mark: HighWaterMark?
    ) throws(TrustListError) -> VerifiedList {
        switch source.kind {
        case .vical, .rical:
            let verifier = TrustListVerifier(
                anchors: anchors, settings: verificationSettings(clockSkewSeconds: clockSkewSeconds))
            let additional: [any ListVerificationPolicy] = mark.map { [RollbackPolicy(mark: $0)] } ?? []
            return try verifier.verify(bytes, kind: source.kind, at: time, additional: additional)
        case .lote:
            var settings = LoTEVerificationSettings(expectedType: source.loteType)
            settings.expectedProvider = source.provider
            settings.clockSkewSeconds = clockSkewSeconds
            let additional: [any LoTEVerificationPolicy] =
                mark.map { mark in
                    [
                        LoTERollbackPolicy(
                            mark: (
                                sequenceNumber: Int64(clamping: mark.issueID ?? 0),
                                contentSHA256: mark.contentSHA256 ?? ""
                            ))
                    ]
                } ?? []
            return VerifiedList(
                try LoTEVerifier(anchors: anchors, settings: settings).verify(bytes, at: time, additional: additional))
        }
    }
}
