/// Bounds on one LoTE payload from untrusted input (ETSI TS 119 602 JSON), checked before or while decoding: a
/// document over a limit fails with `limits_exceeded`.
public struct LoTELimits: Hashable, Sendable {
    /// The most bytes of the payload's JSON (default 32 MiB: 10,000 entities with a certificate each is about 20 MiB).
    public var maxBytes: Int
    /// The most arrays and objects open at once (default 32; the deepest member of TS 119 602, a certificate of a
    /// service's history, is at depth 11).
    public var maxDepth: Int
    /// The most trusted entities (default 100,000).
    public var maxEntities: Int
    /// The most services of one entity, of history instances of one service, and of certificates, keys or SKIs in one
    /// digital identity (default 1,000).
    public var maxItems: Int

    /// Creates limits; every argument has the safe default.
    /// - Parameters:
    ///   - maxBytes: the most bytes of JSON.
    ///   - maxDepth: the deepest nesting.
    ///   - maxEntities: the most trusted entities.
    ///   - maxItems: the most services, history instances, certificates, keys or SKIs in one place.
    public init(maxBytes: Int = 32 << 20, maxDepth: Int = 32, maxEntities: Int = 100_000, maxItems: Int = 1_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxEntities = maxEntities
        self.maxItems = maxItems
    }
}
