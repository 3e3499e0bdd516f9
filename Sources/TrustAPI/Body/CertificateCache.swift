import Synchronization
import X509

/// Certificates decoded from request bodies, by their DER bytes: wallet backends ask about the same reader and
/// document-signer chains again and again, and decoding a certificate with OpenSSL costs about 20 µs, more than the
/// memoized decision itself. Bounded: when full, it starts again empty (a burst of new chains costs what it cost
/// without the cache).
final class CertificateCache: Sendable {
    /// The most certificates kept.
    let capacity: Int
    private let decoded = Mutex<[[UInt8]: Certificate]>([:])

    init(capacity: Int = 4096) { self.capacity = capacity }

    /// The certificate of `der`, decoded once while it stays in the cache.
    /// - Throws: ``X509Error`` when the bytes are not one DER certificate (never cached).
    func certificate(derEncoded der: [UInt8]) throws(X509Error) -> Certificate {
        if let known = decoded.withLock({ $0[der] }) { return known }
        let certificate = try Certificate(derEncoded: der)
        decoded.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[der] = certificate
        }
        return certificate
    }
}
