import Synchronization

/// A flag one thread sets to ask a running fetch on another thread to stop, for example when the daemon shuts
/// down. A fetch checks it about once a second while waiting and on every chunk received.
///
/// `Sendable` without `@unchecked`: the only state is an `Atomic`, which is safe to share between threads.
public final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Creates a token that is not cancelled.
    public init() {}

    /// Asks every fetch using this token to stop; they throw `.networkError` ("cancelled"). Cannot be undone.
    public func cancel() {
        flag.store(true, ordering: .releasing)
    }

    /// True once ``cancel()`` has been called on any thread.
    public var isCancelled: Bool {
        flag.load(ordering: .acquiring)
    }
}
