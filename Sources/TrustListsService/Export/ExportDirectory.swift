import Foundation
import TrustLists
import X509

#if canImport(Glibc)
    import Glibc
#endif

/// A static export of the current trust state for nginx or a CDN (docs/operations.md, "Scale-out"): the snapshot
/// JSON, the signed lists and the listed CAs' verified CRLs under content-addressed names, stable aliases, and a
/// `current.json` pointer.
///
///     DIR/current.json                                the pointer: generation, and the file of each item
///     DIR/snapshot/<sha256>.json                      a generation's JSON, exactly as GET /v1/snapshot serves it
///     DIR/lists/<network>/<name>/<sha256>.cose        a list version's signed bytes, as published (.jws: LoTE)
///     DIR/v1/snapshot                                 symbolic link to the current snapshot file
///     DIR/v1/lists/<network>/<name>                   symbolic link to the current list file
///     DIR/crls/<network>/<issuerSHA256>/<sha256>.crl  a CA's CRL (DER), as GET /v1/crls/… serves it
///     DIR/v1/crls/<network>/<issuerSHA256>            symbolic link to the CA's current CRL file
///     DIR/status-lists/<uriSHA256>/<sha256>.cwt       a kept status list's token, as published (.jwt: a JWT)
///     DIR/v1/status-lists/<uriSHA256>                 symbolic link to its current file
///
/// Writing is ordered so that a reader never meets a name that points nowhere: new content-addressed files first
/// (each written atomically), then the `v1/` links (each replaced atomically by a rename), then `current.json`
/// (``AtomicFile``). Content-addressed files never change once written, so they may be cached for ever; the pointer
/// and the links change with each generation. Files no longer current are removed once they are older than the
/// grace period, so that a client that read the previous pointer can still fetch what it named; a `v1/crls/` link
/// of a CA that has no current CRL any more (it left the list, or its CRL slot went), or a `v1/status-lists/` link of
/// a status list no longer kept, is removed once the new pointer is in place, as the HTTP API answers 404 for it at once. The `v1/` paths are
/// the HTTP API's, so an nginx serving this folder answers `GET /v1/snapshot` and `GET /v1/lists/…` like
/// `trustlistd` does (and a `trustlistd` can use it as a mirror). Files are world-readable (0644, folders 0755): the
/// web server usually runs as another user.
public struct ExportDirectory: Sendable {
    /// The folder.
    public let directory: URL
    /// How long a file that is no longer current stays, in seconds (default one hour).
    public let graceSeconds: TimeInterval

    /// What one export did.
    public struct Result: Sendable, Equatable {
        /// Content-addressed files written (relative paths); empty when every one existed.
        public var written: [String] = []
        /// Old files and `v1/crls/` links removed (relative paths).
        public var pruned: [String] = []
        /// Whether `current.json` changed.
        public var pointerChanged = false
    }

    /// An export folder.
    /// - Parameters:
    ///   - directory: the folder; created (0755) when missing.
    ///   - graceSeconds: how long superseded files stay.
    public init(directory: URL, graceSeconds: TimeInterval = 3600) {
        self.directory = directory.standardizedFileURL
        self.graceSeconds = graceSeconds
    }

    /// One list to export: its id, its state at export time and, when trusted, its signed version.
    public struct ListItem: Sendable {
        /// The list.
        public let id: ListID
        /// Its state at the export's time.
        public let state: ListState
        /// The version, when the list is trusted (`fresh` or `overdue`); others are named in the pointer without a
        /// file, as the HTTP API answers 503 for them.
        public let version: SignedListVersion?

        /// Creates an item.
        public init(id: ListID, state: ListState, version: SignedListVersion?) {
            self.id = id
            self.state = state
            self.version = state.isTrusted ? version : nil
        }
    }

    /// The items of `service`'s lists at `time`: every configured list with its state and, when trusted, its version.
    public static func items(of service: TrustService, at time: Date) -> [ListItem] {
        service.status(at: time).lists.map { list in
            ListItem(id: list.id, state: list.state, version: service.signedListVersion(list.id))
        }
    }

    /// Writes the export of `document` and `lists`, then removes expired leftovers.
    /// - Parameters:
    ///   - document: the generation and its JSON.
    ///   - lists: every configured list.
    ///   - crls: the verified current CRL of each listed CA that has one (``TrustService/signedCRLs``).
    ///   - statusLists: the status lists kept verified (``ServiceStatusLists/published``), named by their URI's SHA-256.
    ///   - time: now (UTC), for pruning.
    /// - Returns: what was written and removed.
    /// - Throws: ``TrustListError`` `persist_error` naming the path when a file cannot be written; what was already
    ///   written stays (content-addressed, harmless) and the pointer is not changed.
    @discardableResult
    public func write(
        _ document: SnapshotDocument, lists: [ListItem], crls: [CRLSlotID: SignedListVersion] = [:],
        statusLists: [PublishedStatusList] = [], at time: Date
    ) throws(TrustListError) -> Result {
        var result = Result()
        try Self.makeFolder(directory)
        let snapshotSHA = hexString(Digest.sha256.hash(document.json))
        let snapshotPath = "snapshot/\(snapshotSHA).json"
        if try writeOnce(document.json, to: snapshotPath) { result.written.append(snapshotPath) }
        var listEntries: [String: ExportPointer.List] = [:]
        var current: Set<String> = [snapshotPath]
        var links: [(String, String)] = [("v1/snapshot", snapshotPath)]
        for item in lists {
            var entry = ExportPointer.List(state: item.state.rawValue, file: nil, date: nil, nextUpdate: nil)
            if let version = item.version {
                let path = "lists/\(item.id.network)/\(item.id.name)/\(version.sha256Hex).\(item.id.kind.fileExtension)"
                if try writeOnce(version.bytes, to: path) { result.written.append(path) }
                current.insert(path)
                links.append(("v1/lists/\(item.id.network)/\(item.id.name)", path))
                entry = ExportPointer.List(
                    state: item.state.rawValue,
                    file: ExportPointer.File(path: path, sha256: version.sha256Hex, bytes: version.bytes.count),
                    date: version.date, nextUpdate: version.nextUpdate)
            }
            listEntries[item.id.description] = entry
        }
        var crlEntries: [String: ExportPointer.CRL] = [:]
        for (slot, version) in crls.sorted(by: { $0.key < $1.key }) {
            let path = "crls/\(slot.network)/\(slot.issuerSHA256)/\(version.sha256Hex).crl"
            if try writeOnce(version.bytes, to: path) { result.written.append(path) }
            current.insert(path)
            links.append(("v1/crls/\(slot.network)/\(slot.issuerSHA256)", path))
            crlEntries[slot.description] = ExportPointer.CRL(
                file: ExportPointer.File(path: path, sha256: version.sha256Hex, bytes: version.bytes.count),
                thisUpdate: version.date, nextUpdate: version.nextUpdate)
        }
        var statusListEntries: [String: ExportPointer.StatusList] = [:]
        for list in statusLists.sorted(by: { $0.uriSHA256 < $1.uriSHA256 }) {
            let version = list.version
            let path = "status-lists/\(list.uriSHA256)/\(version.sha256Hex).\(list.format.rawValue)"
            if try writeOnce(version.bytes, to: path) { result.written.append(path) }
            current.insert(path)
            links.append(("v1/status-lists/\(list.uriSHA256)", path))
            statusListEntries[list.uriSHA256] = ExportPointer.StatusList(
                uri: list.uri, format: list.format.rawValue,
                file: ExportPointer.File(path: path, sha256: version.sha256Hex, bytes: version.bytes.count),
                iat: version.date, exp: version.nextUpdate)
        }
        for (link, target) in links { try replaceLink(link, pointingAt: target) }
        let pointer = ExportPointer(
            generation: document.snapshot.generation, builtAt: document.snapshot.builtAt,
            snapshot: ExportPointer.File(path: snapshotPath, sha256: snapshotSHA, bytes: document.json.count),
            lists: listEntries, crls: crlEntries, statusLists: statusListEntries)
        let pointerBytes: [UInt8]
        do {
            pointerBytes = try pointer.jsonEncoded()
        } catch {
            throw TrustListError(.persistError, "cannot encode current.json: \(error)")
        }
        let pointerFile = directory.appendingPathComponent("current.json")
        if (try? Data(contentsOf: pointerFile)).map(Array.init) != pointerBytes {
            try AtomicFile.write(pointerBytes, to: pointerFile, permissions: 0o644)
            result.pointerChanged = true
        }
        let staleLinks =
            removeLinks(under: "v1/crls", keeping: Set(links.map(\.0)))
            + removeLinks(under: "v1/status-lists", keeping: Set(links.map(\.0)))
        result.pruned = (staleLinks + prune(keeping: current, at: time)).sorted()
        return result
    }

    /// Writes `bytes` to the content-addressed `path` unless it exists. Returns whether it wrote.
    private func writeOnce(_ bytes: [UInt8], to path: String) throws(TrustListError) -> Bool {
        let file = directory.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: file.path) { return false }
        try Self.makeFolder(file.deletingLastPathComponent())
        try AtomicFile.write(bytes, to: file, permissions: 0o644)
        return true
    }

    /// Points the symbolic link `path` at `target` (both relative to the folder), replacing it by a rename.
    private func replaceLink(_ path: String, pointingAt target: String) throws(TrustListError) {
        let link = directory.appendingPathComponent(path)
        let folder = link.deletingLastPathComponent()
        try Self.makeFolder(folder)
        let depth = path.split(separator: "/").count - 1
        let relative = String(repeating: "../", count: depth) + target
        if let existing = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path), existing == relative {
            return
        }
        let temporary = folder.appendingPathComponent(".\(link.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
        guard symlink(relative, temporary.path) == 0 else {
            throw TrustListError(
                .persistError, "cannot create link \(temporary.path): \(String(cString: strerror(errno)))")
        }
        guard rename(temporary.path, link.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw TrustListError(.persistError, "cannot replace \(link.path): \(reason)")
        }
    }

    /// Removes content-addressed files outside `current` older than the grace period, and temporary files a killed
    /// export left. Failures are left for the next export.
    private func prune(keeping current: Set<String>, at time: Date) -> [String] {
        var removed: [String] = []
        let manager = FileManager.default
        for top in ["snapshot", "lists", "crls", "status-lists"] {
            let root = directory.appendingPathComponent(top)
            guard let walker = manager.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = "\(top)/\(relative)"
                let file = directory.appendingPathComponent(path)
                guard let attributes = try? manager.attributesOfItem(atPath: file.path),
                    attributes[.type] as? FileAttributeType == .typeRegular, !current.contains(path)
                else { continue }
                let modified = attributes[.modificationDate] as? Date ?? time
                if time.timeIntervalSince(modified) >= graceSeconds, (try? manager.removeItem(at: file)) != nil {
                    removed.append(path)
                }
            }
        }
        return removed.sorted()
    }

    /// Removes the symbolic links under `top` whose paths are not in `current` (a CA's CRL link after the CA left
    /// the list), and the folders that leaves empty. Failures are left for the next export.
    private func removeLinks(under top: String, keeping current: Set<String>) -> [String] {
        var removed: [String] = []
        let manager = FileManager.default
        let root = directory.appendingPathComponent(top)
        guard let walker = manager.enumerator(atPath: root.path) else { return [] }
        var folders: [URL] = []
        while let relative = walker.nextObject() as? String {
            let path = "\(top)/\(relative)"
            let file = directory.appendingPathComponent(path)
            switch (try? manager.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType {
            case .typeDirectory?:
                folders.append(file)
            case .typeSymbolicLink? where !current.contains(path):
                if unlink(file.path) == 0 { removed.append(path) }
            default:
                continue
            }
        }
        // Deepest first; rmdir leaves a folder that still holds anything.
        for folder in folders.reversed() { rmdir(folder.path) }
        return removed
    }

    /// Creates a folder and its parents, 0755, where missing.
    private static func makeFolder(_ url: URL) throws(TrustListError) {
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw TrustListError(
                .persistError, "cannot create folder \(url.path): \(FoundationErrorText.describe(error))")
        }
    }
}
