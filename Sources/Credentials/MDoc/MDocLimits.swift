import COSE

/// Bounds on one mdoc from untrusted input (ISO/IEC 18013-5 DeviceResponse, Document or IssuerSigned), checked before
/// what they bound is decoded or hashed: the CBOR decoder's (input size, depth, items; the same limits again for every
/// tag-24 content), and counts the decoder cannot know. Input over a limit is refused with `limits_exceeded`
/// (docs/architecture.md, Credentials); the defaults fit real mDLs and PIDs (tens of elements, a portrait of some
/// kilobytes, a chain of one to three certificates) with a wide margin.
public struct MDocLimits: Hashable, Sendable {
    /// The CBOR limits of the whole input and of each embedded (tag 24) item: 4 MiB, depth 32, 200,000 items.
    public var cbor: CBORDecoder.Limits
    /// The most documents in a DeviceResponse (default 16).
    public var maxDocuments: Int
    /// The most namespaces in an IssuerSigned, a DeviceSigned or an MSO's `valueDigests` (default 64).
    public var maxNameSpaces: Int
    /// The most IssuerSignedItems in one namespace, and device-signed elements in one (default 1,024).
    public var maxItemsPerNameSpace: Int
    /// The most digests in one namespace of `valueDigests` (default 4,096): an MSO lists every element the issuer
    /// signed, of which a presentation discloses some.
    public var maxDigestsPerNameSpace: Int
    /// The most certificates in `issuerAuth`'s x5chain (default 10).
    public var maxChainCertificates: Int

    /// Creates limits; every argument has the safe default.
    public init(
        cbor: CBORDecoder.Limits = CBORDecoder.Limits(maxInputBytes: 4 << 20, maxDepth: 32, maxItems: 200_000),
        maxDocuments: Int = 16, maxNameSpaces: Int = 64, maxItemsPerNameSpace: Int = 1_024,
        maxDigestsPerNameSpace: Int = 4_096, maxChainCertificates: Int = 10
    ) {
        self.cbor = cbor
        self.maxDocuments = maxDocuments
        self.maxNameSpaces = maxNameSpaces
        self.maxItemsPerNameSpace = maxItemsPerNameSpace
        self.maxDigestsPerNameSpace = maxDigestsPerNameSpace
        self.maxChainCertificates = maxChainCertificates
    }

    /// `limits_exceeded` unless `count` is at most `limit`.
    func check(_ count: Int, _ limit: Int, _ what: String, at path: String) throws(CredentialError) {
        guard count <= limit else {
            throw CredentialError(
                .limitsExceeded, "\(MDocDecoding.display(path)): \(count) \(what), over the limit of \(limit)")
        }
    }
}
