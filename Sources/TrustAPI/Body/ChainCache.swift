import X509

/// Certificate chains of request bodies (`x5c`, AuthZEN's `resource.key`), decoded once per process: by the texts
/// of the chain joined (``DecodeCache``), so that a verifier that posts the same chain with every request
/// costs neither base64 nor a certificate lookup after the first; a chain not seen before takes each certificate from
/// the process's ``CertificateCache`` (shared with presentation decisions), decoding only those never seen.
///
/// A kept chain is parsed bytes, the same for every generation: the decision policies validate it on every request
/// (their memo of validated chains is per generation, ``TrustQueries``).
final class ChainCache: Sendable {
    /// Chains by their texts.
    let chains: DecodeCache<[Certificate]>
    /// Certificates by their DER.
    let certificates: CertificateCache

    /// An empty cache of at most `capacity` chains of at most 64 KiB of base64 each (and 16 MiB in all), over the
    /// certificates of `certificates`.
    init(capacity: Int = 1_024, certificates: CertificateCache = .shared) {
        chains = DecodeCache(capacity: capacity, maxBytes: 16 << 20, maxItemBytes: 64 << 10)
        self.certificates = certificates
    }

    /// The chain of `texts` (base64 DER, leaf first): kept from an earlier request with the same texts, else
    /// `decode()`'s, kept when it succeeds.
    /// - Throws: what `decode` throws.
    func chain(
        _ texts: [String], decode: () throws(APIFailure) -> [Certificate]
    ) throws(APIFailure) -> [Certificate] {
        // The texts hold only base64 characters (or the decode refuses them), so a comma between them keeps the
        // joined bytes one-to-one with the list.
        var joined: [UInt8] = []
        joined.reserveCapacity(texts.reduce(texts.count) { $0 + $1.utf8.count })
        for (index, text) in texts.enumerated() {
            if index > 0 { joined.append(UInt8(ascii: ",")) }
            joined.append(contentsOf: text.utf8)
        }
        return try chains.value(decodedFrom: joined, decode)
    }
}
