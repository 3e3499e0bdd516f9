extension JWS {
    /// Bounds on one JWS compact serialization from untrusted input, checked before the part they bound is decoded.
    ///
    /// Input over a limit fails with `limits_exceeded`; the defaults fit OpenID4VP request objects (a few KiB,
    /// a chain of two or three certificates in `x5c`) with a wide margin.
    public struct Limits: Hashable, Sendable {
        /// The most bytes (ASCII characters) of the whole compact serialization (default 256 KiB), checked first.
        public var maxCompactBytes: Int
        /// The most bytes of the decoded protected header JSON (default 64 KiB), checked from the segment's length
        /// before it is decoded.
        public var maxHeaderBytes: Int
        /// The most arrays and objects open at once in the protected header (default 32; see
        /// ``JSONLimits/maxDepth``).
        public var maxHeaderDepth: Int
        /// The most certificates in `x5c` (default 10).
        public var maxX5CEntries: Int

        /// Creates limits; every argument has the safe default.
        /// - Parameters:
        ///   - maxCompactBytes: the most bytes of the compact serialization.
        ///   - maxHeaderBytes: the most bytes of the decoded protected header.
        ///   - maxHeaderDepth: the deepest nesting in the protected header.
        ///   - maxX5CEntries: the most `x5c` certificates.
        public init(
            maxCompactBytes: Int = 256 * 1024, maxHeaderBytes: Int = 64 * 1024, maxHeaderDepth: Int = 32,
            maxX5CEntries: Int = 10
        ) {
            self.maxCompactBytes = maxCompactBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderDepth = maxHeaderDepth
            self.maxX5CEntries = maxX5CEntries
        }

        /// The JSON limits of the protected header.
        var header: JSONLimits { JSONLimits(maxBytes: maxHeaderBytes, maxDepth: maxHeaderDepth) }
    }
}
