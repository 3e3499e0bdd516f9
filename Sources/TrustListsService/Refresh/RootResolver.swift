import Foundation
import TrustLists
import X509

/// The roots a network's lists are verified against, and a note when cached roots stood in for the source.
struct PinnedRoots {
    let roots: [Certificate]
    let note: String?
}

/// Pipeline step 2: the network's root, fetched (or read) and accepted only where its SHA-256 matches a pin.
struct RootResolver {
    let store: TrustStore
    let fetcher: any ListFetching
    let cancellation: CancellationToken?

    /// The pinned roots of `network`: those served by its root source that match a pin (stored for later loads),
    /// or, when the source cannot be reached, the cached ones.
    /// - Parameter offline: use only cached roots.
    /// - Returns: at least one root, and a note when cached roots stood in for an unreachable source.
    /// - Throws: ``TrustListError`` `root_pin_mismatch` when the source serves no pinned root and none is cached;
    ///   the fetch's error when it fails and nothing is cached.
    func roots(for network: NetworkConfiguration, offline: Bool) throws(TrustListError) -> PinnedRoots {
        let cached = store.cachedRoots(network)
        if offline {
            guard !cached.isEmpty else {
                throw TrustListError(
                    .networkError, "offline, and no root matching the pins is cached for \(network.id)")
            }
            return PinnedRoots(roots: cached, note: nil)
        }
        let bytes: [UInt8]
        let origin: String
        do {
            (bytes, origin) = try read(network.root)
        } catch {
            guard !cached.isEmpty else { throw error }
            return PinnedRoots(
                roots: cached, note: "root source failed (\(error.code): \(error.reason)); using the cached pinned root"
            )
        }
        let served = parse(bytes)
        let pinned = served.filter { certificate in network.root.pins.contains(certificate.sha256) }
        guard !pinned.isEmpty else {
            let found =
                served.isEmpty
                ? "no certificate"
                : served.map { "\($0.subject.commonName ?? "?") sha256 \($0.sha256Hex)" }.joined(separator: ", ")
            let mismatch = TrustListError(
                .rootPinMismatch,
                "\(origin) serves \(found); none matches the pins \(network.root.pins.map(hexString).joined(separator: ", "))"
            )
            // Trust comes from the pins alone: a root already pinned and cached stays the anchor (lists signed under
            // it keep verifying) and the mismatch is reported; without one, nothing can be verified.
            guard !cached.isEmpty else { throw mismatch }
            return PinnedRoots(roots: cached, note: "\(mismatch); using the cached pinned root")
        }
        for root in pinned { try store.storeRoot(root) }
        return PinnedRoots(roots: pinned, note: nil)
    }

    private func read(_ source: RootSource) throws(TrustListError) -> (bytes: [UInt8], origin: String) {
        if let file = source.file {
            guard let data = try? Data(contentsOf: file) else {
                throw TrustListError(.networkError, "cannot read the root file \(file.path)")
            }
            return (Array(data), file.path)
        }
        let url = source.url ?? ""
        switch try fetcher.fetch(FetchRequest(url: url), cancellation: cancellation) {
        case .fetched(let body, _, _, _): return (body, url)
        case .notModified: throw TrustListError(.httpStatus, "HTTP 304 from \(url) to an unconditional request")
        }
    }

    /// Certificates in PEM (any number) or one DER certificate; what does not parse is ignored (it cannot match a
    /// pin anyway).
    private func parse(_ bytes: [UInt8]) -> [Certificate] {
        (try? Certificate.certificates(derOrPEMEncoded: bytes)) ?? []
    }
}
