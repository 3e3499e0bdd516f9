import Foundation
import X509

extension TrustStore {
    /// Reads back, after a commit, what a fresh process would load (docs/architecture.md, "The store and the cache"): every file
    /// written since the load and every current list and root the load read (``writeFile(_:to:beforeRename:)``
    /// registers any file kind), each a regular file holding exactly the bytes expected (size and SHA-256, no
    /// parsing); and for each network with a list in use, at least one pinned root on disk. A file that does not
    /// read back is quarantined when something is there, written once more from the bytes this process verified,
    /// and read back again: no second retry, so a cache that keeps going bad is reported, never looped on.
    /// - Returns: nil when the cache reads back; else `persist_error` naming each file and why (the verified lists
    ///   stay in use in this process, but a fresh one could not load them). Each heal is reported in ``events``.
    package func checkCommitted() -> TrustListError? {
        guard !isReadOnly else { return nil }
        for (id, verified) in lists.current {
            expected[versionFile(ConfiguredLists.self, id, sha256: verified.sha256Hex)] = verified.signedBytes
        }
        var problems: [String] = []
        for (file, bytes) in expected.sorted(by: { $0.key.path < $1.key.path }) {
            guard let problem = readBackProblem(file, bytes) else { continue }
            let name = file.lastPathComponent
            if problem.isPresent {
                quarantine(
                    file, as: "readback-\(name)", what: "\(file.path) as committed",
                    reason: "read back "
                        + problem.description)
            }
            do {
                try writeFile(bytes, to: file)
            } catch {
                problems.append("\(file.path) is \(problem) and could not be written again: \(error.reason)")
                continue
            }
            if let again = readBackProblem(file, bytes) {
                problems.append("\(file.path) is \(problem), and still \(again) after writing it again")
            } else {
                noteOnce(Event(list: nil, message: "\(file.path) did not read back (\(problem)): written again"))
            }
        }
        let networks = Set(configuration.lists.filter { lists.current[$0.id] != nil }.map(\.network.id))
        for network in configuration.networks where networks.contains(network.id) {
            let intact = network.root.pins.contains { pin in
                let sha = hexString(pin)
                guard
                    case .success(let bytes) = CachedFile.read(
                        layout.root(sha256: sha), maxBytes: Self.maxRootBytes, sha256: sha)
                else { return false }
                return (try? Certificate(derEncoded: bytes)) != nil
            }
            if !intact {
                problems.append(
                    "no root matching the pins of \(network.id) is in \(layout.roots.path) (its source did not answer): "
                        + "a fresh process cannot verify the cached lists until a refresh fetches it")
            }
        }
        guard !problems.isEmpty else { return nil }
        return TrustListError(.persistError, "the cache does not read back: " + problems.joined(separator: "; "))
    }

    private func readBackProblem(_ file: URL, _ bytes: [UInt8]) -> CachedFile.Problem? {
        switch CachedFile.read(file, maxBytes: bytes.count, sha256: hexString(Digest.sha256.hash(bytes))) {
        case .success: nil
        case .failure(let problem): problem
        }
    }
}
