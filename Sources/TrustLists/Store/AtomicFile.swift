import Foundation
import X509

#if canImport(Glibc)
    import Glibc
#endif

/// Durable, atomic file replacement: write a temporary file in the same folder, fsync it, rename it over the
/// target, fsync the folder. A reader sees the old file or the new one, never a mix, and a crash at any point
/// leaves one of the two on disk.
package enum AtomicFile {
    /// What a temporary file's name holds between the target's name and a random suffix: `.<name>.tmp-<random>`.
    static let temporaryMarker = ".tmp-"

    /// Whether `name` is the name of one of this type's temporary files (left behind when a run was killed).
    package static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(temporaryMarker)
    }

    /// Writes `bytes` to `url` atomically and durably, by default with permissions 0600.
    /// - Parameters:
    ///   - bytes: the new content.
    ///   - url: the target file; its folder must exist.
    ///   - permissions: the file's mode bits (default 0600; metrics files that another user's collector reads
    ///     use 0644).
    ///   - beforeRename: called after the temporary file is written and synced, before the rename (tests use it to
    ///     simulate a crash there).
    /// - Throws: ``TrustListError`` `persist_error` naming the path and the system error.
    package static func write(
        _ bytes: some Collection<UInt8>, to url: URL, permissions: mode_t = 0o600, beforeRename: () throws -> Void = {}
    ) throws(TrustListError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent)\(temporaryMarker)\(UUID().uuidString.prefix(8))")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary.path)") }
        // The umask never widens a mode, but may narrow the one asked for: set it explicitly.
        guard permissions == 0o600 || fchmod(descriptor, permissions) == 0 else {
            unlink(temporary.path)
            throw failure("cannot set the permissions of \(temporary.path)")
        }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        let array = Array(bytes)
        var written = 0
        while written < array.count {
            let result = array.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, array.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                unlink(temporary.path)
                throw failure("cannot write \(temporary.path)")
            }
            written += result
        }
        guard fsync(descriptor) == 0 else {
            unlink(temporary.path)
            throw failure("cannot fsync \(temporary.path)")
        }
        close(descriptor)
        closed = true
        do {
            try beforeRename()
        } catch {
            throw TrustListError(.persistError, "interrupted before renaming \(temporary.path): \(error)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw failure("cannot rename \(temporary.path) to \(url.path)")
        }
        try syncFolder(folder)
    }

    /// Creates `url` and its parents with permissions 0700 where missing; an existing folder keeps its permissions.
    /// - Throws: ``TrustListError`` `persist_error`.
    package static func makeFolder(_ url: URL) throws(TrustListError) {
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TrustListError(
                .persistError, "cannot create folder \(url.path): \(FoundationErrorText.describe(error))")
        }
    }

    /// fsyncs a folder so that a rename or unlink in it is durable.
    static func syncFolder(_ folder: URL) throws(TrustListError) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open folder \(folder.path)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("cannot fsync folder \(folder.path)") }
    }

    private static func failure(_ what: String) -> TrustListError {
        TrustListError(.persistError, "\(what): \(String(cString: strerror(errno)))")
    }
}
