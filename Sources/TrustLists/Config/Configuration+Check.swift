import Foundation
import X509

#if canImport(Glibc)
    import Glibc
#endif

extension Configuration {
    /// Checks what parsing cannot: the files the configuration names, as the user running this (the daemon's user,
    /// under systemd's `ExecStartPre=`) would use them. URL schemes are checked against `allowInsecureURLs` while the
    /// file is parsed already.
    ///
    /// In order: `cacheDirectory` is a folder this user can write, or can be made (its nearest existing parent is
    /// writable); `http.caFile`, each network's `root.file` and each list's `bootstrap` are readable regular files;
    /// `server.admin.tokenFile` passes the daemon's own check (``AdminSettings/readTokenFile(_:)``: owned by this
    /// user, no permission for group or others).
    /// - Returns: one ``ConfigurationError`` (`config_invalid`) per problem, each naming its JSON path; empty when
    ///   every file can be used.
    package func checkFiles() -> [ConfigurationError] {
        var problems: [ConfigurationError] = []
        func problem(_ path: String, _ message: String) {
            problems.append(ConfigurationError(file: file.path, path: path, message: message))
        }
        if let message = Self.writableFolderProblem(cacheDirectory) { problem("cacheDirectory", message) }
        if let caFile = http.caFile, let message = Self.readableFileProblem(URL(fileURLWithPath: caFile)) {
            problem("http.caFile", message)
        }
        for (index, network) in networks.enumerated() {
            let path = "networks[\(index)]"
            if let root = network.root.file, let message = Self.readableFileProblem(root) {
                problem("\(path).root.file", message)
            }
            for (key, source) in [("vical", network.vical), ("rical", network.rical)] {
                if let bootstrap = source?.bootstrap, let message = Self.readableFileProblem(bootstrap) {
                    problem("\(path).\(key).bootstrap", message)
                }
            }
            for (position, lote) in network.lotes.enumerated() {
                if let bootstrap = lote.bootstrap, let message = Self.readableFileProblem(bootstrap) {
                    problem("\(path).lotes[\(position)].bootstrap", message)
                }
            }
        }
        if case .file(let url)? = server?.admin?.token {
            do throws(TrustListError) {
                _ = try AdminSettings.readTokenFile(url)
            } catch {
                problem("server.admin.tokenFile", "\(error.code): \(error.reason)")
            }
        }
        return problems
    }

    /// Why `url` is not a regular file this user can read, or nil.
    static func readableFileProblem(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            return "\(url.path): \(String(cString: strerror(errno)))"
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return "\(url.path): not a regular file" }
        guard access(url.path, R_OK) == 0 else {
            return "\(url.path): not readable by this user (uid \(geteuid())): \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Why `url` is not a folder this user can write (or create, from its nearest existing parent), or nil.
    static func writableFolderProblem(_ url: URL) -> String? {
        var folder = url
        var info = stat()
        while stat(folder.path, &info) != 0 {
            guard errno == ENOENT, folder.path != "/" else {
                return "\(folder.path): \(String(cString: strerror(errno)))"
            }
            folder = folder.deletingLastPathComponent()
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(folder.path) exists and is not a folder" }
        guard access(folder.path, W_OK | X_OK) == 0 else {
            let what = folder == url ? "" : " (the nearest existing folder above \(url.path), where it would be made)"
            return "\(folder.path)\(what) is not writable by this user (uid \(geteuid()))"
        }
        return nil
    }
}
