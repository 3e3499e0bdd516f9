import Foundation
import X509

extension TrustStore {
    /// The CA certificates of a network's verified current lists (an IACA of its VICAL, a RICAL's or a LoTE's CA
    /// certificates): the anchors a stored status list's signer must chain to (docs/architecture.md, Status lists).
    package func statusListAnchors(network: String) -> [Certificate] {
        var seen: Set<String> = []
        return configuration.lists.filter { $0.network.id == network }.flatMap {
            CRLSource.cas(of: lists.current[$0.id])
        }
        .filter { seen.insert($0.sha256Hex).inserted }
    }

    /// The settings stored status lists are verified with: the configuration's clock skew; an expired token is
    /// refused when fetched (`expired` true), kept when loaded (a decision refuses it as `status_list_expired`).
    package func statusListSettings(refusesExpired: Bool) -> StatusListVerificationSettings {
        var settings = StatusListVerificationSettings()
        settings.clockSkewSeconds = configuration.clockSkewSeconds
        settings.refusesExpired = refusesExpired
        return settings
    }

    /// Verifies a status list token for `id` (its `sub` must hash to the id's URI digest) against the anchors of the
    /// id's network, then its signer's chain against the network's verified CRLs.
    /// - Parameter decisionAnchor: the anchor of the decision that fetched the token on demand (an anchor of the
    ///   network's current generation, tried first); nil for a prefetched or cached token.
    /// - Throws: ``TrustListError``: the token's codes, `status_list_sub_mismatch`, `status_list_signer_mismatch`,
    ///   `status_rollback`, `status_equivocation`, `revoked`.
    package func verifyStatusList(
        _ bytes: [UInt8], as id: StatusListID, accepted: VersionMark?, refusesExpired: Bool,
        decisionAnchor: Certificate? = nil, at time: Date
    ) throws(TrustListError) -> VerifiedStatusList {
        let settings = statusListSettings(refusesExpired: refusesExpired)
        let token = try StatusListToken(bytes: bytes, limits: settings.limits)
        guard StatusListID.sha256(of: token.subject) == id.uriSHA256 else {
            throw TrustListError(
                .statusListSubMismatch,
                "the status list token's sub \(token.subject) is not the URI of \(id) (its SHA-256 differs)")
        }
        let verified = try StatusListAnchoring.verify(
            token, uri: token.subject,
            anchors: (decisionAnchor.map { [$0] } ?? [])
                + statusListAnchors(network: id.network).filter {
                    $0 != decisionAnchor
                }, network: id.network,
            settings: settings, accepted: accepted, at: time)
        try verified.checkRevocation(network: id.network, crls: crls.current)
        return verified
    }

    /// The status lists the store has sources for: those `state.json` records, the configured `prefetch` URIs, and
    /// the folders in `status-lists/` (a lost `state.json` loses no token), of configured networks only.
    func statusListIDs(recorded: [String: StatusListRecord]) -> [StatusListID] {
        let networks = Set(configuration.networks.map(\.id))
        var ids = Set(recorded.keys.compactMap(StatusListID.init))
        for network in configuration.networks {
            for uri in network.statusLists.prefetch { ids.insert(StatusListID(network: network.id, uri: uri)) }
            let folder = layout.statusLists(network: network.id)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where StatusListID.isDigest(Substring(name)) {
                ids.insert(StatusListID(network: network.id, uriSHA256: name))
            }
        }
        return ids.filter { networks.contains($0.network) }.sorted()
    }

    /// Loads every status list from the cache, as every source is loaded
    /// (``loadSource(_:_:recorded:maxBytes:maxBytesSetting:unverifiable:verify:onFailure:)``): each cached token is
    /// verified again against the anchors of its network's lists and the network's CRLs (a file in the cache is
    /// evidence, never authority); one damaged or not authentic is quarantined, one whose signer is revoked or that
    /// no anchor vouches for now is kept in the cache but not used. Called by ``load(at:)`` after the CRLs.
    /// - Parameters:
    ///   - recorded: the status list records of `state.json`, by `network/uriSHA256`.
    ///   - time: the time to verify at, UTC.
    func loadStatusLists(recorded: [String: StatusListRecord], at time: Date) {
        statusLists = SourceTable()
        for id in statusListIDs(recorded: recorded) {
            let anchors = statusListAnchors(network: id.network)
            loadSource(
                StoredStatusLists.self, id, recorded: recorded[id.description],
                maxBytes: StatusListLimits().maxTokenBytes, maxBytesSetting: "the status list token limit",
                unverifiable: anchors.isEmpty
                    ? "no verified list of network \(id.network) names a CA: cached status lists wait for one" : nil,
                verify: { bytes, originally in
                    // As a cached list: one that fails now only because time moved on (its signer expired since) is
                    // verified at the time it was first verified, which proves it authentic.
                    let now = Result { () throws(TrustListError) in
                        try verifyStatusList(bytes, as: id, accepted: nil, refusesExpired: false, at: time)
                    }
                    guard case .failure(let error) = now, Self.timeBound.contains(error.code), let originally,
                        originally != time
                    else { return now }
                    return Result { () throws(TrustListError) in
                        try verifyStatusList(bytes, as: id, accepted: nil, refusesExpired: false, at: originally)
                    }
                },
                onFailure: { error, originally in
                    Self.intrinsicStatusList.contains(error.code)
                        ? .quarantine
                        : .keep(
                            "not usable at \(Timestamp.text(time)) (\(error.code): \(error.reason)); kept in the cache")
                })
        }
    }

    /// Failures that show a cached token's bytes are damaged or not an authentic status list: only these quarantine
    /// it. A signer under no anchor of the network now, or revoked, leaves it in the cache, unused.
    static let intrinsicStatusList: Set<TrustListError.Code> = intrinsic.union([
        .malformedStatusList, .statusListSubMismatch, .wrongListType, .limitsExceeded, .malformedCertificate,
    ])

    /// Makes unusable the current status lists whose signer's chain a verified CRL of their network now lists
    /// (a CRL fetched after the token was verified): each loses its current version, its record says `revoked`.
    /// - Parameter time: the refresh time, UTC.
    package func dropRevokedStatusLists(at time: Date) {
        for (id, list) in statusLists.current {
            do {
                try list.checkRevocation(network: id.network, crls: crls.current)
            } catch {
                statusLists.current[id] = nil
                update(StoredStatusLists.self, id) { $0.recordFailure(error, at: time) }
                events.append(StoredStatusLists.event(id, error.reason, reason: error.code))
            }
        }
    }
}
