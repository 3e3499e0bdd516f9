import Foundation
import X509

/// What a list kind's verification needs besides the bytes and the time: the network's pinned roots (their SHA-256
/// already checked against the configuration) and the kind's settings.
package struct ListContext<Settings: Sendable>: Sendable {
    /// The pinned roots a signer chain must end in (self-signed only; no partial chains).
    package var anchors: [Certificate]
    /// The kind's settings.
    package var settings: Settings

    /// A context from its parts.
    package init(anchors: [Certificate], settings: Settings) {
        self.anchors = anchors
        self.settings = settings
    }
}

/// A kind of configured list (VICAL, RICAL, LoTE): a ``SignedSourceKind`` whose versions are ``VerifiedList`` values
/// and whose sources the configuration names, with the facts the rest of the service reads of its kind
/// (docs/architecture.md, Signed sources). Registered once, in ``ListKind/definition``.
package protocol ListKindDefinition: SignedSourceKind where Verified == VerifiedList {
    /// The kind's name in the configuration, ids and JSON.
    static var kind: ListKind { get }
    /// `VICAL`, `RICAL`, `LoTE`.
    static var displayName: String { get }
    /// The extension of a cached version's file: `cose`, `jws`.
    static var fileExtension: String { get }
    /// The role every entry plays in decisions; nil when each entry says its own (a LoTE's services).
    static var listedRole: AnchorRole? { get }
    /// Whether each listed certificate ends a chain as listed, CA or not, self-signed or not.
    static var endsChainsAsListed: Bool { get }
    /// Whether the kind publishes bare keys as well as certificates.
    static var publishesKeys: Bool { get }
    /// What a listed certificate is called in log lines: `iaca`, `reader_ca`, `service_certificate`.
    static var memberName: String { get }
    /// The media type of a version as published (what a mirror serves it as).
    static func mediaType(of bytes: [UInt8]) -> String
    /// The kind's context for a configured list (its provider, EKU, type) or for `trustctl verify` (none).
    /// - Parameters:
    ///   - anchors: the pinned roots.
    ///   - source: the configured list; nil for a list verified on its own.
    ///   - clockSkewSeconds: how far the issue time may lie in the future.
    static func context(anchors: [Certificate], source: ListSource?, clockSkewSeconds: Double) -> Context
    /// What a usable list of this kind puts into the snapshot: rows of its tables and the parsed certificates.
    /// - Parameters:
    ///   - list: the verified list.
    ///   - source: its id.
    ///   - time: the build time, UTC (a LoTE's services are listed or not at it).
    ///   - contribution: the generation being built.
    static func contribute(_ list: TrustList, source: ListID, at time: Date, to contribution: inout SnapshotBuilder.Contribution)
}
