import Foundation
import X509

#if canImport(Glibc)
    import Glibc
#endif

extension ReasonCode {
    /// `server.admin.tokenFile` cannot be used: missing, not a regular file, empty, over 4 KiB, not owned by the
    /// daemon's user, or readable or writable by its group or others (the message says which and how to fix it).
    public static let adminTokenUnusable = Self(rawValue: "admin_token_unusable")
}

extension AdminSettings {
    /// The largest token file read, in bytes.
    static let maxTokenFileBytes = 4096

    /// The token `tokenFile` holds: its first line, surrounding white space removed, after checking that the file
    /// belongs to this process's user and nobody else may read or write it. One check for the daemon (which does not
    /// start without it) and for `trustctl config check` (which says beforehand whether it would).
    /// - Parameter url: the token file.
    /// - Returns: the token's bytes.
    /// - Throws: ``TrustListError`` `admin_token_unusable`, the message naming the file and the fix.
    package static func readTokenFile(_ url: URL) throws(TrustListError) -> [UInt8] {
        let path = url.path
        func unusable(_ message: String) -> TrustListError {
            TrustListError(.adminTokenUnusable, "server.admin.tokenFile \(path): \(message)")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw unusable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw unusable(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw unusable("not a regular file") }
        guard info.st_uid == geteuid() else {
            throw unusable(
                "owned by uid \(info.st_uid), not by the daemon's user (uid \(geteuid())): chown it to that user")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw unusable(
                "mode \(String(info.st_mode & 0o777, radix: 8)) lets the group or others read or write it: chmod 600")
        }
        guard info.st_size <= maxTokenFileBytes else {
            throw unusable("over \(maxTokenFileBytes) bytes; it holds one token")
        }
        var bytes = [UInt8](repeating: 0, count: maxTokenFileBytes + 1)
        let count = read(descriptor, &bytes, bytes.count)
        guard count >= 0 else { throw unusable(String(cString: strerror(errno))) }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
        let token =
            text.split(separator: "\n", omittingEmptySubsequences: false).first.map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            } ?? ""
        guard !token.isEmpty else { throw unusable("empty; write the token on its first line") }
        return Array(token.utf8)
    }
}
