import Foundation
import X509

/// The facts of one verified version that records keep: what every family's facts have, for the store's own use.
public protocol VersionFacts: Sendable, Hashable, Codable {
    /// SHA-256 of the version's bytes as published, lower-case hex: its file name in the cache.
    var sha256: String { get }
    /// When this process, or an earlier one, first verified it (UTC).
    var verifiedAt: Date { get set }
    /// Keeps what the recorded facts of the same version know that verifying it again cannot tell.
    mutating func carry(from recorded: Self)
}

/// What the store keeps of one family of sources (docs/architecture.md, The store and the cache): where a source's
/// versions live on disk, what facts are kept of a version, and how versions are ordered. The configured lists
/// (``ConfiguredLists``), the CRLs of the CAs they name (``ListedCACRLs``) and the status lists of the networks'
/// credentials (``StoredStatusLists``) are the families; a source of any is committed, loaded, pruned and
/// quarantined by the same code (``TrustStore``'s generic operations).
package protocol SourceFamily {
    /// The id of one source of the family.
    associatedtype ID: Hashable & Sendable & CustomStringConvertible
    /// A verified version.
    associatedtype Verified: VerifiedSource
    /// The facts kept of a version.
    associatedtype Facts: VersionFacts

    /// Where the family's sources live in the store.
    static var table: ReferenceWritableKeyPath<TrustStore, SourceTable<Self>> { get }
    /// The folder of one source's versions.
    static func folder(of id: ID, in layout: StoreLayout) -> URL
    /// The extension of its versions' files, without the dot.
    static func fileExtension(of id: ID, in store: TrustStore) -> String
    /// The order of its versions and the codes of rollback and equivocation.
    static func rules(of id: ID, in store: TrustStore) -> VersionRules
    /// The facts of a verified version.
    /// - Parameter url: where it was fetched from; nil when it came from the cache or a file.
    static func facts(of verified: Verified, id: ID, url: String?) -> Facts
    /// An event about the source, for logs and status.
    static func event(_ id: ID, _ message: String, reason: ReasonCode?) -> TrustStore.Event
    /// The name of a version's file in `quarantine/`.
    static func quarantineName(of id: ID, file: URL) -> String
}

/// The sources of one family the store keeps: per source, its record (what `state.json` keeps) and its verified
/// current version.
package struct SourceTable<Family: SourceFamily> {
    /// Records per source.
    public internal(set) var records: [Family.ID: SourceRecord<Family.Facts, VersionMark>] = [:]
    /// The verified current version per source (absent: none).
    public internal(set) var current: [Family.ID: Family.Verified] = [:]
    /// Versions already verified in this process, by source and SHA-256 (a version verified for one source, under its
    /// anchors and settings, is never reused for another): loading again skips their verification (their states
    /// still follow the clock).
    var verified: [Family.ID: [String: Family.Verified]] = [:]

    /// An empty table.
    package init() {}

    /// The current versions' facts, per source.
    package var facts: [Family.ID: Family.Facts] { records.compactMapValues(\.current) }
}

extension ListSummary: VersionFacts {}
extension CRLSummary: VersionFacts {}
extension StatusListSummary: VersionFacts {}

/// The family of configured lists (VICALs, RICALs, LoTEs), by ``ListID``.
package enum ConfiguredLists: SourceFamily {
    package static var table: ReferenceWritableKeyPath<TrustStore, SourceTable<ConfiguredLists>> { \.lists }

    package static func folder(of id: ListID, in layout: StoreLayout) -> URL { layout.lists(id) }

    package static func fileExtension(of id: ListID, in store: TrustStore) -> String {
        (store.configuration.list(id)?.source.kind ?? id.kind).fileExtension
    }

    package static func rules(of id: ListID, in store: TrustStore) -> VersionRules {
        (store.configuration.list(id)?.source.kind ?? id.kind).versionRules
    }

    package static func facts(of verified: VerifiedList, id: ListID, url: String?) -> ListSummary {
        ListSummary(verified, id: id)
    }

    package static func event(_ id: ListID, _ message: String, reason: ReasonCode?) -> TrustStore.Event {
        TrustStore.Event(list: id, message: message, reason: reason)
    }

    package static func quarantineName(of id: ListID, file: URL) -> String {
        "\(id.network)-\(id.name)-\(file.lastPathComponent)"
    }
}

/// The family of CRLs: one source per network and CA a verified list of it names (``CRLSlotID``).
package enum ListedCACRLs: SourceFamily {
    package static var table: ReferenceWritableKeyPath<TrustStore, SourceTable<ListedCACRLs>> { \.crls }

    package static func folder(of id: CRLSlotID, in layout: StoreLayout) -> URL { layout.crls(id) }

    package static func fileExtension(of id: CRLSlotID, in store: TrustStore) -> String { "crl" }

    package static func rules(of id: CRLSlotID, in store: TrustStore) -> VersionRules { .crl }

    package static func facts(of verified: VerifiedCRL, id: CRLSlotID, url: String?) -> CRLSummary {
        CRLSummary(verified, url: url)
    }

    package static func event(_ id: CRLSlotID, _ message: String, reason: ReasonCode?) -> TrustStore.Event {
        TrustStore.Event(list: nil, crl: id, message: message, reason: reason)
    }

    package static func quarantineName(of id: CRLSlotID, file: URL) -> String {
        "crl-\(id.network)-\(id.issuerSHA256.prefix(16))-\(file.lastPathComponent)"
    }
}

/// The family of status lists: one source per network and status list URI (``StatusListID``), prefetched or fetched
/// on demand for a credential (docs/architecture.md, Status lists).
package enum StoredStatusLists: SourceFamily {
    package static var table: ReferenceWritableKeyPath<TrustStore, SourceTable<StoredStatusLists>> { \.statusLists }

    package static func folder(of id: StatusListID, in layout: StoreLayout) -> URL { layout.statusLists(id) }

    /// `token`: a JWT and a CWT alike, as published.
    package static func fileExtension(of id: StatusListID, in store: TrustStore) -> String { "token" }

    package static func rules(of id: StatusListID, in store: TrustStore) -> VersionRules { .statusList }

    package static func facts(of verified: VerifiedStatusList, id: StatusListID, url: String?) -> StatusListSummary {
        StatusListSummary(verified)
    }

    package static func event(_ id: StatusListID, _ message: String, reason: ReasonCode?) -> TrustStore.Event {
        TrustStore.Event(list: nil, statusList: id, message: message, reason: reason)
    }

    package static func quarantineName(of id: StatusListID, file: URL) -> String {
        "status-list-\(id.network)-\(id.uriSHA256.prefix(16))-\(file.lastPathComponent)"
    }
}
