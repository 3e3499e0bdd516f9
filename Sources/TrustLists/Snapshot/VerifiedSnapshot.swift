import Foundation
import X509

/// A snapshot generation built in this process from lists this process verified against the pinned roots: the only
/// thing ``TrustQueries`` answers from (docs/architecture.md, Principles).
///
/// Only ``SnapshotBuilder`` makes one, and only from ``VerifiedList`` values, which only ``TrustListVerifier`` makes.
/// A ``Snapshot`` decoded from `snapshot.json` (or received over HTTP) is a document for display and export; it can
/// never become a `VerifiedSnapshot`, so an edited, truncated, foreign or stale file cannot make a query answer
/// trusted. It also carries the verified lists' parsed ``Certificate`` values, so that queries never parse an
/// entry's DER again.
@dynamicMemberLookup
public struct VerifiedSnapshot: Sendable {
    /// The snapshot (the document form, as written to `snapshot.json`).
    public let snapshot: Snapshot
    /// The listed certificates by SHA-256 (hex), as parsed when their list was verified.
    let certificates: [String: Certificate]
    /// The CRLs this process verified against the listed CAs, indexed for decisions (docs/architecture.md,
    /// "Revocation").
    public let revocation: RevocationIndex
    /// Each network's credential settings (document signer EKUs, which lists may issue each `vct`), by network id;
    /// a network not named here has the defaults.
    let credentials: [String: CredentialSettings]

    init(
        snapshot: Snapshot, certificates: [String: Certificate], revocation: RevocationIndex = RevocationIndex(),
        credentials: [String: CredentialSettings] = [:]
    ) {
        self.snapshot = snapshot
        self.certificates = certificates
        self.revocation = revocation
        self.credentials = credentials
    }

    /// The snapshot's fields (`generation`, `sources`, `issuers`, …), read-only.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Snapshot, Value>) -> Value { snapshot[keyPath: keyPath] }

    /// The source entry of a list, if it is configured (``Snapshot/source(_:)``).
    public func source(_ id: ListID) -> Snapshot.Source? { snapshot.source(id) }

    /// The JSON form (``Snapshot/jsonEncoded()``).
    /// - Throws: ``SnapshotError`` `snapshot_encoding`.
    public func jsonEncoded() throws(SnapshotError) -> [UInt8] { try snapshot.jsonEncoded() }

    /// The same content under an earlier generation's number and build time (an unchanged rebuild keeps both).
    func renumbered(_ generation: UInt64, builtAt: Date) -> VerifiedSnapshot {
        var snapshot = snapshot
        snapshot.generation = generation
        snapshot.builtAt = builtAt
        return VerifiedSnapshot(
            snapshot: snapshot, certificates: certificates, revocation: revocation, credentials: credentials)
    }
}
