internal import Glibc

/// A value behind a POSIX read-write lock (`pthread_rwlock_t`): readers at once, one writer at a time, a waiting
/// writer ahead of new readers (`PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP`, so that a steady stream of readers
/// cannot keep a writer out).
///
/// For the API's caches that every server thread reads on every request and that change only on a first sight
/// (``RenderedDecisions``, ``DecodeCache``): behind a `Mutex`, the threads waited for one another on the same hot
/// entries (the lock's slow path was 3 to 9% of `trustlistd`'s samples under wrk; docs/architecture.md, Serving).
///
/// `@unchecked Sendable`: the value is reached only inside ``read(_:)`` (shared) and ``write(_:)`` (exclusive).
final class ReadWriteLock<Value: Sendable>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    private var value: Value

    /// A lock holding `value`.
    init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the value, other readers possibly at the same time; no writer meanwhile.
    func read<Result>(_ body: (borrowing Value) throws -> Result) rethrows -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(value)
    }

    /// Runs `body` with the value to change, alone.
    func write<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&value)
    }
}
