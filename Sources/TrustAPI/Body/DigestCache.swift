import Synchronization
import X509

/// What was decoded from some bytes, kept by the SHA-256 of those bytes, for inputs that arrive again and again: a
/// verifier posts the same body with the same `x5c` chain for every decision. Decoding is a pure function of the
/// bytes, so a value decoded once answers every later input with the same digest; only successes are kept (a
/// failure is decoded again, and refused again, each time). A kept value is parsed input, never a trust result: the
/// decision policies still run on it for every request.
///
/// Bounded in count and in the bytes it was decoded from: an input over ``maxItemBytes`` is never kept, and when
/// either bound would be passed the cache starts again empty (a burst of new inputs costs what it cost without it).
final class DigestCache<Value: Sendable>: Sendable {
    /// A SHA-256, as four words (cheap to hash and compare).
    struct Key: Hashable, Sendable {
        let words: (UInt64, UInt64, UInt64, UInt64)

        /// The SHA-256 of `bytes`; nil when OpenSSL could not compute it (then nothing is kept).
        init?(digestOf bytes: [UInt8]) {
            let digest = Digest.sha256.hash(bytes)
            guard digest.count == 32 else { return nil }
            words = digest.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                    raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                    raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
                    raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                )
            }
        }

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.words == rhs.words }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }
    }

    /// The most values kept.
    let capacity: Int
    /// The most bytes (of the inputs the values were decoded from) kept in all.
    let maxBytes: Int
    /// The largest input whose value is kept.
    let maxItemBytes: Int

    private struct State {
        var values: [Key: Value] = [:]
        var bytes = 0
    }
    private let state = Mutex(State())

    /// An empty cache.
    /// - Parameters:
    ///   - capacity: the most values kept.
    ///   - maxBytes: the most input bytes accounted for in all.
    ///   - maxItemBytes: the largest input kept.
    init(capacity: Int, maxBytes: Int, maxItemBytes: Int) {
        self.capacity = capacity
        self.maxBytes = maxBytes
        self.maxItemBytes = maxItemBytes
    }

    /// The value decoded from `input`: kept from an earlier input with the same SHA-256, else `decode()`'s (kept when
    /// it succeeds and `input` is at most ``maxItemBytes``).
    /// - Throws: what `decode` throws (nothing is kept then).
    func value<Failure: Error>(
        decodedFrom input: [UInt8], _ decode: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let size = input.count
        guard size <= maxItemBytes, let key = Key(digestOf: input) else { return try decode() }
        if let known = state.withLock({ $0.values[key] }) { return known }
        let value = try decode()
        state.withLock { state in
            if state.values.count >= capacity || state.bytes + size > maxBytes {
                state.values.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            if state.values.updateValue(value, forKey: key) == nil { state.bytes += size }
        }
        return value
    }

    /// How many values are kept now.
    var count: Int { state.withLock { $0.values.count } }
}
