import Foundation
import X509

extension ListConfiguration {
    /// Verifies signed bytes as this list (docs/architecture.md, The pipeline): its kind's pipeline with the
    /// configuration's provider, signer EKU, `loteType` and clock skew, and, when a mark is given, the one rollback
    /// rule with the kind's order. The one entry point the refresh and the store's load use.
    /// - Parameters:
    ///   - bytes: the signed list as fetched or cached.
    ///   - anchors: the network's pinned roots.
    ///   - clockSkewSeconds: how far the list's date may lie in the future.
    ///   - time: the verification time, UTC.
    ///   - mark: the list's high-water mark; nil to skip the rollback rule (a cached version, or the first).
    /// - Returns: the verified list, of this list's kind.
    /// - Throws: ``TrustListError`` with the first failing step's reason code.
    public func verify(
        _ bytes: [UInt8], anchors: [Certificate], clockSkewSeconds: TimeInterval, at time: Date, mark: VersionMark?
    ) throws(TrustListError) -> VerifiedList {
        try source.kind.verify(
            bytes, anchors: anchors, source: source, clockSkewSeconds: clockSkewSeconds, at: time, accepted: mark)
    }

    /// The list's state at `time` given its current version.
    public func state(of summary: ListSummary?, at time: Date) -> (state: ListState, reason: String?) {
        ListState.evaluate(
            summary, at: time, maxAgeSeconds: network.maxAgeSeconds, overdueGraceSeconds: network.overdueGraceSeconds)
    }
}
