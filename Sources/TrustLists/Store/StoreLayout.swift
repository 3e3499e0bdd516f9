import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where things live in the cache directory (docs/architecture.md, The store and the cache):
///
///     lock                          advisory lock: one refresh at a time (CLI and daemon); holds the last run's
///                                   persist failure (JSON), empty once a run stores
///     state.json                    per list: current version, high-water mark, validators, attempts, errors
///     lists/<network>/<name>/<sha256>.cose   verified signed lists, content-addressed (current and previous);
///                                            a LoTE's are `<sha256>.jws`
///     roots/<sha256>.der            roots whose SHA-256 matched a pin
///     crls/<network>/<issuerSHA256>/<sha256>.crl   verified CRLs per listed CA, as published (current and previous)
///     status-lists/<network>/<uriSHA256>/<sha256>.token   verified status list tokens (JWT or CWT) per network and
///                                                          URI, as published (current and previous)
///     quarantine/                   cached lists and roots that went bad (failed verification, not a regular file,
///                                   not hashing to their name), moved aside
///     snapshot.json                 the normalized snapshot
///     metrics.prom                  Prometheus text metrics (daemon)
package struct StoreLayout: Sendable {
    /// The cache directory.
    package let root: URL

    /// A layout rooted at `root`.
    package init(root: URL) { self.root = root }

    /// The lock file.
    package var lock: URL { root.appendingPathComponent("lock") }
    /// The state file.
    package var state: URL { root.appendingPathComponent("state.json") }
    /// The snapshot file.
    package var snapshot: URL { SnapshotFile.url(inCacheDirectory: root) }
    /// The metrics file.
    package var metrics: URL { root.appendingPathComponent("metrics.prom") }
    /// The folder of verified roots.
    package var roots: URL { root.appendingPathComponent("roots") }
    /// The folder of quarantined lists and roots.
    package var quarantine: URL { root.appendingPathComponent("quarantine") }

    /// Names the cache directory holds; a folder holding anything else is not the service's own.
    static let ownNames: Set<String> = [
        "lock", "state.json", "snapshot.json", "metrics.prom", "lists", "roots", "crls", "status-lists",
        "quarantine", ".gitkeep",
    ]

    /// Creates the cache directory (0700) when missing, and makes an existing one private (0700) when it holds
    /// nothing but the service's own files: a folder shared with other content (a misconfigured `/tmp` or
    /// `/var/lib`) keeps its permissions.
    /// - Throws: ``TrustListError`` `persist_error`.
    package func prepareRoot() throws(TrustListError) {
        try AtomicFile.makeFolder(root)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let own = names.allSatisfy { Self.ownNames.contains($0) || $0.hasPrefix(".") && $0.contains(".tmp-") }
        if own { _ = chmod(root.path, 0o700) }
    }

    /// The folder of one list's verified versions.
    package func lists(_ id: ListID) -> URL {
        root.appendingPathComponent("lists").appendingPathComponent(id.network).appendingPathComponent(id.name)
    }

    /// One verified list version.
    package func list(_ id: ListID, sha256: String) -> URL {
        lists(id).appendingPathComponent("\(sha256).\(id.kind.fileExtension)")
    }

    /// The folder of one CA's verified CRLs in one network.
    package func crls(_ slot: CRLSlotID) -> URL {
        root.appendingPathComponent("crls").appendingPathComponent(slot.network)
            .appendingPathComponent(slot.issuerSHA256)
    }

    /// One verified CRL, by the SHA-256 of its bytes as published.
    package func crl(_ slot: CRLSlotID, sha256: String) -> URL {
        crls(slot).appendingPathComponent("\(sha256).crl")
    }

    /// The folder of one network's status lists.
    package func statusLists(network: String) -> URL {
        root.appendingPathComponent("status-lists").appendingPathComponent(network)
    }

    /// The folder of one status list's verified tokens.
    package func statusLists(_ id: StatusListID) -> URL {
        statusLists(network: id.network).appendingPathComponent(id.uriSHA256)
    }

    /// One verified root.
    package func root(sha256: String) -> URL {
        roots.appendingPathComponent("\(sha256).der")
    }
}
