import Synchronization

/// Certificates already decoded in this process, by their DER bytes, for inputs that carry the same certificates
/// again and again: a verifier presents the same `x5c` or x5chain with every request, and wallet backends ask about the
/// same reader and document-signer chains. On OpenSSL 3.0 decoding a certificate costs about 20 µs and decoding its
/// public key several times a signature check; a certificate decoded once (with its key and `X509` object, made on
/// first use and kept inside ``Certificate``) serves every later input with the same bytes, since decoding is a pure
/// function of them. Bounded: when full, it starts again empty (a burst of new chains costs what it cost without it).
public final class CertificateCache: Sendable {
    /// The process's cache, shared by presentation decisions and the HTTP API.
    public static let shared = CertificateCache(capacity: 4_096)

    /// The most certificates kept.
    public let capacity: Int
    private let decoded = Mutex<[[UInt8]: Certificate]>([:])

    /// An empty cache.
    /// - Parameter capacity: the most certificates kept.
    public init(capacity: Int) { self.capacity = capacity }

    /// The certificate of `der`, decoded by OpenSSL the first time these bytes are seen.
    /// - Throws: ``X509Error`` when the bytes are not one DER certificate (never cached).
    public func certificate(derEncoded der: [UInt8]) throws(X509Error) -> Certificate {
        if let known = decoded.withLock({ $0[der] }) { return known }
        let certificate = try Certificate(derEncoded: der)
        decoded.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[der] = certificate
        }
        return certificate
    }
}
