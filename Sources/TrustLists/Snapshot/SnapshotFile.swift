import Foundation

/// `snapshot.json` in the cache directory (DESIGN.md, "Persistence"): replaced atomically by every rebuild, read by
/// `trustctl snapshot`, `trustctl query` and wallet components.
public enum SnapshotFile {
    /// The file's name inside the cache directory.
    public static let fileName = "snapshot.json"
    /// The largest snapshot file read, in bytes (512 MiB; 10,000 issuers take about 25 MB).
    public static let maximumSize = 512 << 20

    /// Where the snapshot lives in a cache directory.
    /// - Parameter cacheDirectory: the configured cache directory.
    public static func url(inCacheDirectory cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent(fileName)
    }

    /// Writes `snapshot` as `snapshot.json`, atomically and durably (``AtomicFile/write(_:to:beforeRename:)``),
    /// creating the cache directory when missing.
    /// - Parameters:
    ///   - snapshot: the snapshot to store.
    ///   - cacheDirectory: the configured cache directory.
    /// - Throws: ``TrustListError`` `persist_error` when it cannot be encoded or written.
    public static func write(_ snapshot: Snapshot, inCacheDirectory cacheDirectory: URL) throws(TrustListError) {
        let bytes: [UInt8]
        do {
            bytes = try snapshot.jsonEncoded()
        } catch {
            throw TrustListError(.persistError, error.description)
        }
        try AtomicFile.makeFolder(cacheDirectory)
        try AtomicFile.write(bytes, to: url(inCacheDirectory: cacheDirectory))
    }

    /// Reads and checks `snapshot.json` (``Snapshot/init(jsonEncoded:)``); parses no certificate.
    /// - Parameter cacheDirectory: the configured cache directory.
    /// - Returns: the stored snapshot.
    /// - Throws: ``SnapshotError`` `snapshot_missing` when there is no file yet, `snapshot_unreadable` when it cannot
    ///   be read or is over ``maximumSize``, `snapshot_schema` or `snapshot_corrupt` when it is not a usable
    ///   snapshot. Callers rebuild it from the verified lists.
    public static func read(inCacheDirectory cacheDirectory: URL) throws(SnapshotError) -> Snapshot {
        let file = url(inCacheDirectory: cacheDirectory)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw SnapshotError(.missing, "no snapshot at \(file.path) yet")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber,
            size.intValue > maximumSize
        {
            throw SnapshotError(
                .unreadable, "\(file.path): \(size.intValue) bytes, more than the \(maximumSize) accepted")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw SnapshotError(.unreadable, "cannot read \(file.path): \(error.localizedDescription)")
        }
        do {
            return try Snapshot(jsonData: data)
        } catch {
            throw SnapshotError(error.code, "\(file.path): \(error.reason)")
        }
    }
}
