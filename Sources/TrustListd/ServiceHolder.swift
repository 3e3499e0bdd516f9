import Synchronization
import TrustListsService

/// The daemon's current ``TrustService``: a reload (SIGHUP) replaces it, and threads that serve from it (the HTTP
/// server) take the current one per request. Reading copies a reference under a lock held for nothing else.
final class ServiceHolder: Sendable {
    private let current: Mutex<TrustService>

    init(_ service: TrustService) { current = Mutex(service) }

    /// The service in use.
    var service: TrustService { current.withLock { $0 } }

    /// Puts `service` in use.
    func replace(with service: TrustService) { current.withLock { $0 = service } }
}
