import Foundation
import X509

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a file of the cache directory back, the one way every store file is read (lists, roots, `state.json`,
/// and any file kind added later): only a regular file is opened (a symbolic link, FIFO, device or folder never is,
/// so a link to `/dev/zero` or a FIFO can neither hang nor exhaust a reader), at most `maxBytes` are read, and a
/// content-addressed file's bytes must hash to its name. A file that fails is evidence that the cache went bad: its
/// owner quarantines it and heals it from the source (docs/architecture.md, "The store and the cache").
package enum CachedFile {
    /// Why a cache file cannot be read back.
    package enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// There is no file at that path.
        case missing
        /// The path is not a regular file: the kind found (`symbolic link`, `FIFO`, `folder`, `device`, `socket`).
        case notRegular(String)
        /// The file is larger than the limit (bytes found).
        case tooLarge(Int)
        /// It could not be opened or read: the system error.
        case unreadable(String)
        /// Its bytes do not hash to the expected SHA-256 (its name, for a content-addressed file): the SHA-256 found,
        /// hex.
        case hashMismatch(String)

        /// For a person: `not a regular file (FIFO)`.
        package var description: String {
            switch self {
            case .missing: "missing"
            case .notRegular(let kind): "not a regular file (\(kind))"
            case .tooLarge(let size): "too large (\(size) bytes)"
            case .unreadable(let reason): "unreadable (\(reason))"
            case .hashMismatch(let found): "its name does not match its SHA-256 \(found.prefix(12))…"
            }
        }

        /// Whether the path holds something (a bad file to move aside), as opposed to nothing or an unreadable one.
        package var isPresent: Bool {
            switch self {
            case .missing, .unreadable: false
            case .notRegular, .tooLarge, .hashMismatch: true
            }
        }
    }

    /// Reads `url` back when it is a regular file of at most `maxBytes` whose SHA-256 is `sha256` (when given).
    /// - Parameters:
    ///   - url: the file; a symbolic link is not followed.
    ///   - maxBytes: the most bytes read.
    ///   - sha256: the expected SHA-256 of the bytes, hex (lowercase); nil to skip that check.
    /// - Returns: the bytes, or why they cannot be used.
    package static func read(_ url: URL, maxBytes: Int, sha256: String? = nil) -> Result<[UInt8], Problem> {
        // O_NOFOLLOW refuses a symbolic link; O_NONBLOCK keeps open(2) of a FIFO from waiting for a writer.
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno
            if reason == ENOENT { return .failure(.missing) }
            if reason == ELOOP { return .failure(.notRegular("symbolic link")) }
            var info = stat()
            if lstat(url.path, &info) == 0, !isRegular(info) { return .failure(.notRegular(kind(info))) }
            return .failure(.unreadable(String(cString: strerror(reason))))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard isRegular(info) else { return .failure(.notRegular(kind(info))) }
        guard Int(info.st_size) <= maxBytes else { return .failure(.tooLarge(Int(info.st_size))) }
        // Read into uninitialized storage (zeroing first costs as much as the read for a list of megabytes); only the
        // bytes read count. A file that shrank while read is the prefix read; one that grew is checked by its hash.
        var readError: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, initialized in
            var done = 0
            while done < buffer.count {
                let count = Glibc.read(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else {
                    readError = errno
                    break
                }
                if count == 0 { break }
                done += count
            }
            initialized = done
        }
        if let readError { return .failure(.unreadable(String(cString: strerror(readError)))) }
        if let sha256 {
            let found = hexString(Digest.sha256.hash(bytes))
            guard found == sha256 else { return .failure(.hashMismatch(found)) }
        }
        return .success(bytes)
    }

    private static func isRegular(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }

    private static func kind(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFLNK: "symbolic link"
        case S_IFIFO: "FIFO"
        case S_IFDIR: "folder"
        case S_IFCHR, S_IFBLK: "device"
        case S_IFSOCK: "socket"
        default: "not a regular file"
        }
    }
}
