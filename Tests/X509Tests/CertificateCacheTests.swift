import TestSupport
import Testing
import X509

/// The process's certificate cache (docs/architecture.md, The pipeline): one decode per distinct DER, both bounds
/// kept, failures never kept.
@Suite("Certificate cache")
struct CertificateCacheTests {
    @Test("the same bytes are decoded once; another certificate is kept beside them")
    func decodesOnce() throws {
        let first = try TestPKI.root("Cache test first").certificate
        let second = try TestPKI.root("Cache test second").certificate
        let cache = CertificateCache(capacity: 8, maxBytes: 1 << 20)
        let a = try cache.certificate(derEncoded: first.derEncoded)
        let b = try cache.certificate(derEncoded: Array(first.derEncoded))
        #expect(a == first && b == first)
        #expect(cache.count.certificates == 1)
        #expect(cache.count.bytes == first.derEncoded.count)
        _ = try cache.certificate(derEncoded: second.derEncoded)
        #expect(cache.count.certificates == 2)
        #expect(cache.count.bytes == first.derEncoded.count + second.derEncoded.count)
    }

    @Test("passing the byte bound or the count bound starts again empty")
    func bounds() throws {
        let certificates = try (0..<3).map { try TestPKI.root("Cache bound \($0)").certificate }
        let sizes = certificates.map(\.derEncoded.count)
        // Room for two certificates' bytes but not three: the third empties the cache first.
        let byBytes = CertificateCache(capacity: 100, maxBytes: sizes[0] + sizes[1] + sizes[2] - 1)
        for certificate in certificates { _ = try byBytes.certificate(derEncoded: certificate.derEncoded) }
        #expect(byBytes.count.certificates == 1)
        #expect(byBytes.count.bytes == sizes[2])
        let byCount = CertificateCache(capacity: 2, maxBytes: 1 << 20)
        for certificate in certificates { _ = try byCount.certificate(derEncoded: certificate.derEncoded) }
        #expect(byCount.count.certificates == 1)
        byCount.removeAll()
        #expect(byCount.count.certificates == 0 && byCount.count.bytes == 0)
    }

    @Test("bytes that are not a certificate are refused every time and never kept")
    func failuresNotKept() throws {
        let cache = CertificateCache(capacity: 8, maxBytes: 1 << 20)
        for _ in 0..<2 {
            #expect(throws: X509Error.self) { try cache.certificate(derEncoded: [0x30, 0x03, 0x02, 0x01, 0x01]) }
        }
        #expect(cache.count.certificates == 0)
    }
}
