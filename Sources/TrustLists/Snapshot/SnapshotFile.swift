import Foundation
import X509

/// `snapshot.json` in the cache directory (docs/architecture.md, The store and the cache): replaced atomically with
/// every new generation, for other processes and exports to read as a document. It is derived data: no process answers
/// a trust question from it (queries answer from a ``VerifiedSnapshot`` built from verified lists), and the service
/// that writes it replaces it when it does not hold exactly the generation in memory.
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

    /// Stores an encoded generation (``Snapshot/jsonEncoded()``) as `snapshot.json`, atomically and durably.
    /// - Parameters:
    ///   - json: the generation's JSON.
    ///   - cacheDirectory: the configured cache directory.
    ///   - expectSame: the generation did not change, so the file should already hold `json`: it is read and compared,
    ///     and replaced only when it differs (edited, truncated, foreign, stale or missing).
    /// - Returns: a note when an existing file was found different and replaced; nil otherwise.
    /// - Throws: ``TrustListError`` `persist_error`.
    public static func store(
        _ json: [UInt8], inCacheDirectory cacheDirectory: URL, expectSame: Bool
    ) throws(TrustListError) -> String? {
        let file = url(inCacheDirectory: cacheDirectory)
        var note: String?
        if expectSame {
            guard let existing = try? Data(contentsOf: file) else {
                try write(json, to: file, in: cacheDirectory)
                return nil
            }
            // Compared as bytes in one call: Data's element-by-element iteration cost ~100 ms for 13 MB.
            let same =
                existing.count == json.count
                && existing.withUnsafeBytes { stored in
                    json.withUnsafeBytes { new in
                        guard let a = stored.baseAddress, let b = new.baseAddress else { return stored.count == new.count }
                        return memcmp(a, b, json.count) == 0
                    }
                }
            if same { return nil }
            note =
                "\(file.path) did not hold the verified generation (edited, truncated, foreign or stale; "
                + "\(ReasonCode.snapshotCorrupt)): rewritten from the verified lists"
        }
        try write(json, to: file, in: cacheDirectory)
        return note
    }

    private static func write(_ json: [UInt8], to file: URL, in cacheDirectory: URL) throws(TrustListError) {
        try AtomicFile.makeFolder(cacheDirectory)
        try AtomicFile.write(json, to: file)
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
            throw SnapshotError(.snapshotMissing, "no snapshot at \(file.path) yet")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber,
            size.intValue > maximumSize
        {
            throw SnapshotError(
                .snapshotUnreadable, "\(file.path): \(size.intValue) bytes, more than the \(maximumSize) accepted")
        }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw SnapshotError(.snapshotUnreadable, "cannot read \(file.path): \(FoundationErrorText.describe(error))")
        }
        do {
            return try Snapshot(jsonData: data)
        } catch {
            throw SnapshotError(error.code, "\(file.path): \(error.reason)")
        }
    }
}
