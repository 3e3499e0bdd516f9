import Foundation
import TrustLists

/// The snapshot generation in memory, as status shows it: `generation`, `builtAt`, and the number of `issuers`,
/// `verifiers` and `services` (of LoTEs) it holds.
public struct WireSnapshotSummary: Encodable, Sendable {
    public let generation: UInt64
    public let builtAt: Date
    public let issuers: Int
    public let verifiers: Int
    public let services: Int

    /// The summary of `snapshot`.
    public init(_ snapshot: Snapshot) {
        generation = snapshot.generation
        builtAt = snapshot.builtAt
        issuers = snapshot.issuers.count
        verifiers = snapshot.verifiers.count
        services = snapshot.services.count
    }
}
