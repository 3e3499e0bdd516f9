import Foundation
import TrustLists

/// A replica's status list fetches (docs/configuration.md, statusLists `mirror`): a URI that a network with a
/// `statusLists.mirror` looks up (in its `prefetch`, or on a host of its `allowedHosts`) is fetched from that mirror,
/// `<mirror>/v1/status-lists/<sha256 of the URI>` (what another `trustlistd` serves, ``PublishedStatusList``), instead
/// of the URI itself; other requests go to the URI. Only the address changes: the token is verified for the URI, so
/// its `sub` must still be the URI and its signer still chain to the credential's anchor.
struct StatusListMirrorFetching: ListFetching {
    let fetcher: any ListFetching
    /// The networks' status list settings, in configuration order (the first whose mirror applies wins).
    let settings: [StatusListSettings]

    /// The mirror URL of `uri`, or nil when no network fetches it from a mirror.
    func mirrorURL(of uri: String) -> String? {
        guard
            let mirror = settings.first(where: {
                $0.mirror != nil && ($0.prefetch.contains(uri) || $0.allows(uri: uri))
            })?
            .mirror
        else { return nil }
        return "\(mirror)/v1/status-lists/\(PublishedStatusList.name(of: uri))"
    }

    func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
        guard let url = mirrorURL(of: request.url) else {
            return try fetcher.fetch(request, cancellation: cancellation)
        }
        var mirrored = request
        mirrored.url = url
        return try fetcher.fetch(mirrored, cancellation: cancellation)
    }
}

extension StatusListMirrorFetching {
    /// `fetcher`, fetching through the mirrors of `configuration`'s networks; `fetcher` itself when none has one.
    static func wrapping(_ fetcher: any ListFetching, for configuration: Configuration) -> any ListFetching {
        let settings = configuration.networks.map(\.statusLists)
        guard settings.contains(where: { $0.mirror != nil }) else { return fetcher }
        return StatusListMirrorFetching(fetcher: fetcher, settings: settings)
    }
}
