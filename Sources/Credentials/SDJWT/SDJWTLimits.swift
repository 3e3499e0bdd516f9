import JOSE

/// Bounds on one SD-JWT from untrusted input, checked before what they bound is decoded: the whole text, the issuer
/// JWT (``JWS/Limits``), each disclosure, how many there are, JSON depth, and how deep disclosed values may nest into
/// each other. Input over a limit is refused with `limits_exceeded`; the defaults fit real PIDs (tens of disclosures,
/// a chain of two or three certificates in `x5c`) with a wide margin.
public struct SDJWTLimits: Hashable, Sendable {
    /// The most bytes of the compact SD-JWT, KB-JWT included (default 1 MiB).
    public var maxBytes: Int
    /// The issuer JWT's and the KB-JWT's limits (size, header, `x5c` entries: 10).
    public var jws: JWS.Limits
    /// The JSON limits of the issuer JWT's payload (256 KiB, depth 32).
    public var payload: JSONLimits
    /// The most disclosures (default 1,024).
    public var maxDisclosures: Int
    /// The JSON limits of one disclosure (64 KiB, depth 32).
    public var disclosure: JSONLimits
    /// The deepest nesting of the claims once every disclosure took its place (default 64): disclosed values may
    /// hold digests of further disclosures.
    public var maxProcessedDepth: Int

    /// Creates limits; every argument has the safe default.
    public init(
        maxBytes: Int = 1 << 20, jws: JWS.Limits = JWS.Limits(maxCompactBytes: 1 << 20),
        payload: JSONLimits = JSONLimits(), maxDisclosures: Int = 1_024,
        disclosure: JSONLimits = JSONLimits(maxBytes: 64 * 1024, maxDepth: 32), maxProcessedDepth: Int = 64
    ) {
        self.maxBytes = maxBytes
        self.jws = jws
        self.payload = payload
        self.maxDisclosures = maxDisclosures
        self.disclosure = disclosure
        self.maxProcessedDepth = maxProcessedDepth
    }
}
