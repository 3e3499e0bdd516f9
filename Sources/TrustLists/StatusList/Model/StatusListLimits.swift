/// Bounds on one status list token from untrusted input, checked before what they bound is read: the token's size,
/// and how far its `lst` may inflate, relative to the number of credentials an issuer could have.
///
/// The inflated size is capped at the smaller of ``maxInflatedBytes`` and ``maxEntries`` statuses of the list's
/// `bits` (``inflatedByteCap(for:)``); inflating stops there, so a `lst` that would inflate to gigabytes costs at most
/// the cap. The defaults allow every list of the draft's size table (draft-ietf-oauth-status-list Appendix B: up to
/// 100 million entries at 1 bit, 12.5 MB inflated) and at least 16 MiB at every `bits`.
public struct StatusListLimits: Sendable, Hashable {
    /// The most bytes of a token as received (default 16 MiB): the JWS compact serialization or the CWT.
    public var maxTokenBytes: Int
    /// The most credentials a list may hold (default 2^27 = 134,217,728).
    public var maxEntries: Int
    /// The most bytes `lst` may inflate to, whatever `bits` (default 32 MiB).
    public var maxInflatedBytes: Int
    /// The most certificates in `x5c` / `x5chain` (default 10).
    public var maxCertificates: Int

    /// Creates limits; every argument has the default described on its property.
    public init(
        maxTokenBytes: Int = 16 << 20, maxEntries: Int = 1 << 27, maxInflatedBytes: Int = 32 << 20,
        maxCertificates: Int = 10
    ) {
        self.maxTokenBytes = maxTokenBytes
        self.maxEntries = maxEntries
        self.maxInflatedBytes = maxInflatedBytes
        self.maxCertificates = maxCertificates
    }

    /// The most bytes a list of `bits` may inflate to: ``maxEntries`` statuses of `bits` bits, at most
    /// ``maxInflatedBytes`` (16 MiB at 1 bit, 32 MiB at 2, 4 and 8 bits with the defaults).
    public func inflatedByteCap(for bits: StatusListBits) -> Int {
        let forEntries = max(maxEntries, 0) / bits.entriesPerByte
        return max(0, min(maxInflatedBytes, forEntries))
    }
}
