extension CBORDecoder {
    /// Bounds on what one decode may consume, checked before anything is allocated for the input they bound.
    ///
    /// Input over a limit that is otherwise well-formed fails with `limits_exceeded`
    /// (``COSEError/Code/limitsExceeded``); the defaults fit the largest published trust lists with a wide margin.
    public struct Limits: Hashable, Sendable {
        /// The most input bytes accepted (default 16 MiB).
        public var maxInputBytes: Int
        /// The deepest nesting accepted, counting the top item as depth 1 and each array, map or tag as one more
        /// level for its content (default 64). Values above ``depthCeiling`` act as ``depthCeiling``.
        public var maxDepth: Int
        /// The most data items accepted in one input, counting every head: each integer, string, string chunk,
        /// array, map, key, value, tag and simple value (default 2,000,000).
        public var maxItems: Int

        /// The hard upper bound on ``maxDepth``: the decoder recurses once per level, and this keeps that recursion
        /// far inside a thread's stack.
        public static let depthCeiling = 1_000

        /// Creates limits; every argument has the safe default.
        /// - Parameters:
        ///   - maxInputBytes: the most input bytes accepted.
        ///   - maxDepth: the deepest nesting accepted (at most ``depthCeiling`` takes effect).
        ///   - maxItems: the most data items accepted.
        public init(maxInputBytes: Int = 16 * 1024 * 1024, maxDepth: Int = 64, maxItems: Int = 2_000_000) {
            self.maxInputBytes = maxInputBytes
            self.maxDepth = maxDepth
            self.maxItems = maxItems
        }
    }
}
