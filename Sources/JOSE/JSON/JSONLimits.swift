/// Bounds on one JSON document read from untrusted input (a JWS header, a JWT claims set, a LoTE payload), checked
/// by the one linear pass that reads it (``JSONScanner``), so that a document over a limit costs at most that pass and
/// no recursion.
///
/// A document over a limit fails with `limits_exceeded` (``JOSEError``); the defaults fit OpenID4VP request
/// objects and JWT claims sets with a wide margin.
public struct JSONLimits: Hashable, Sendable {
    /// The most bytes of JSON text accepted (default 256 KiB).
    public var maxBytes: Int
    /// The most arrays and objects open at once: `[]` and `{"a":1}` have depth 1, `[[1]]` depth 2, a lone scalar
    /// depth 0 (default 32). Values above ``depthCeiling`` act as ``depthCeiling``.
    public var maxDepth: Int

    /// The hard upper bound on ``maxDepth``: building a ``JSONValue`` from a scanned document recurses once per level,
    /// and this keeps that recursion far inside a thread's stack.
    public static let depthCeiling = 256

    /// Creates limits; every argument has the safe default.
    /// - Parameters:
    ///   - maxBytes: the most bytes of JSON text accepted.
    ///   - maxDepth: the most arrays and objects open at once (at most ``depthCeiling`` takes effect).
    public init(maxBytes: Int = 256 * 1024, maxDepth: Int = 32) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// ``maxDepth`` bounded by ``depthCeiling``.
    var effectiveMaxDepth: Int { min(max(maxDepth, 0), Self.depthCeiling) }
}
