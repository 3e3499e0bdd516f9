import TrustLists
import TrustListsService

/// A ``ListFetching`` that beats the daemon's heartbeat before and after every transfer, so that the watchdog
/// sees the loop alive during a long refresh run and only a single stuck step stops the pings.
struct HeartbeatFetcher: ListFetching {
    /// The real fetcher.
    let inner: CurlFetcher
    /// Where the heartbeat is kept.
    let control: DaemonControl

    func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
        control.beat()
        defer { control.beat() }
        return try inner.fetch(request, cancellation: cancellation)
    }
}
