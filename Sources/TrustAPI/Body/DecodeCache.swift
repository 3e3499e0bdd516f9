import Foundation

/// What was decoded from some bytes, kept by those bytes, for inputs that arrive again and again: a verifier posts
/// the same body with the same `x5c` chain for every decision. Decoding is a pure function of the bytes, so a value
/// decoded once answers every later input with the same bytes; only successes are kept (a failure is decoded again,
/// and refused again, each time). A kept value is parsed input, never a trust result: the decision policies still run
/// on it for every request.
///
/// Inputs are found by Swift's `Hasher` (seeded per process, so a client cannot aim inputs at one bucket) and then
/// compared byte for byte, so a hit is always the same input. (A SHA-256 of each input, as before, cost more than the
/// rest of the lookup on OpenSSL 3.0: `EVP_Digest` makes and frees a digest context per call.)
///
/// Bounded in count and in the bytes it keeps: an input over ``maxItemBytes`` is never kept, and when either bound
/// would be passed the cache starts again empty (a burst of new inputs costs what it cost without it).
final class DecodeCache<Value: Sendable>: Sendable {
    /// An input, with its hash computed once, outside the lock.
    struct Key: Hashable, Sendable {
        let bytes: [UInt8]
        private let hashValueOfBytes: Int

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hashValueOfBytes = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.hashValueOfBytes == rhs.hashValueOfBytes, lhs.bytes.count == rhs.bytes.count else { return false }
            return lhs.bytes.withUnsafeBytes { left in
                rhs.bytes.withUnsafeBytes { right in
                    left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                }
            }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hashValueOfBytes) }
    }

    /// The most values kept.
    let capacity: Int
    /// The most bytes of inputs kept in all.
    let maxBytes: Int
    /// The largest input whose value is kept.
    let maxItemBytes: Int

    private struct State: Sendable {
        var values: [Key: Value] = [:]
        var bytes = 0
    }
    private let state = ReadWriteLock(State())

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

    /// The value decoded from `input`: kept from an earlier input with the same bytes, else `decode()`'s (kept, with
    /// the input, when it succeeds and `input` is at most ``maxItemBytes``).
    /// - Throws: what `decode` throws (nothing is kept then).
    func value<Failure: Error>(
        decodedFrom input: [UInt8], _ decode: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let size = input.count
        guard size <= maxItemBytes else { return try decode() }
        let key = Key(input)
        if let known = state.read({ $0.values[key] }) { return known }
        let value = try decode()
        state.write { state in
            if state.values.count >= capacity || state.bytes + size > maxBytes {
                state.values.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            if state.values.updateValue(value, forKey: key) == nil { state.bytes += size }
        }
        return value
    }

    /// How many values are kept now.
    var count: Int { state.read { $0.values.count } }
}
