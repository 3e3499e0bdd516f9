import Synchronization

/// The ``TrustService`` currently in use by a long-running process: a reload (SIGHUP) replaces it, and threads that
/// serve from it (the HTTP API's handlers) take the current one once per request, so that a request started on the old
/// service finishes on it while later ones see the new one. Reading copies a reference under a lock held for nothing
/// else.
public final class ServiceHolder: Sendable {
    private let current: Mutex<TrustService>

    /// Holds `service`.
    /// - Parameter service: the service to put in use.
    public init(_ service: TrustService) { current = Mutex(service) }

    /// The service in use.
    public var service: TrustService { current.withLock { $0 } }

    /// Puts `service` in use; requests already holding the previous one finish on it.
    /// - Parameter service: the new service, loaded (a service that has not loaded answers every list `no_trust`).
    public func replace(with service: TrustService) { current.withLock { $0 = service } }
}
