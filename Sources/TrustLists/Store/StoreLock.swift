import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The cache directory's advisory lock (`flock(2)` on `lock`): one refresh at a time, whether `trustctl refresh`
/// or the daemon. The kernel releases it when the process dies, so a crash never leaves it stuck.
package final class StoreLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock, waiting up to `timeout` seconds while another process holds it.
    /// - Parameters:
    ///   - layout: the cache directory (created 0700 when missing).
    ///   - timeout: seconds to wait; 0 tries once.
    ///   - waiting: called once, when another process holds the lock and the wait begins.
    ///   - isCancelled: polled while waiting; true gives up.
    /// - Returns: the held lock; it is released by ``release()`` or when the value is freed.
    /// - Throws: ``TrustListError`` `persist_error` when the cache directory or the lock file cannot be created or
    ///   opened (the message says why, e.g. permission denied); `cache_locked` when another refresh still held it
    ///   after `timeout` seconds, or the wait was cancelled.
    package static func acquire(
        _ layout: StoreLayout, timeout: TimeInterval, waiting: () -> Void = {}, isCancelled: () -> Bool = { false }
    ) throws(TrustListError) -> StoreLock {
        try layout.prepareRoot()
        let descriptor = open(layout.lock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw TrustListError(
                .persistError, "cannot open the lock file \(layout.lock.path): \(String(cString: strerror(errno)))")
        }
        let deadline = Date() + timeout
        var announced = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                close(descriptor)
                throw TrustListError(
                    .persistError, "cannot lock \(layout.lock.path): \(String(cString: strerror(reason)))")
            }
            guard Date() < deadline, !isCancelled() else {
                close(descriptor)
                throw TrustListError(
                    .cacheLocked,
                    "the cache directory \(layout.root.path) is locked by another refresh (trustctl refresh or "
                        + "trustlistd); gave up after \(Int(timeout)) s")
            }
            if !announced {
                announced = true
                waiting()
            }
            usleep(50_000)
        }
        return StoreLock(descriptor: descriptor)
    }

    /// Releases the lock.
    package func release() {
        flock(descriptor, LOCK_UN)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
