internal import Glibc

/// The `Date` field of the server's responses (RFC 9110 §6.6.1), given to libmicrohttpd with each response so that it
/// does not write its own (it adds one only to a response without the field). libmicrohttpd 0.9.75 formats its own
/// with `gmtime_r`, which takes glibc's process-wide time zone lock for every response: the server's threads queued on
/// that lock (a thread descheduled while holding it held up the others for milliseconds, in the latency's tail).
/// Here each thread keeps the text of the current second, written again when the second changes.
enum DateField {
    /// One thread's text and the second it is for; only ever used by that thread.
    private final class Cache {
        var second = Int64.min
        var text = ""
    }

    /// The thread-specific slot of each thread's ``Cache`` (released when the thread ends).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<Cache>.fromOpaque(pointer).release()
        }
        return key
    }()

    /// The current time as IMF-fixdate (``HTTPDate/imfFixdate(secondsSince1970:)``), whole seconds.
    static func now() -> String {
        let second = Int64(time(nil))
        let cache: Cache
        if let pointer = pthread_getspecific(key) {
            cache = Unmanaged<Cache>.fromOpaque(pointer).takeUnretainedValue()
        } else {
            cache = Cache()
            _ = pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        }
        if cache.second != second {
            cache.text = HTTPDate.imfFixdate(secondsSince1970: second)
            cache.second = second
        }
        return cache.text
    }
}
