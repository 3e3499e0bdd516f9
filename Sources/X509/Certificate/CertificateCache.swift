import Synchronization

/// Certificates already decoded in this process, by their DER bytes, for inputs that carry the same certificates
/// again and again: a list's signer chain (COSE `x5chain`, JAdES `x5c`) and the pinned root come back with every
/// refresh, a verifier presents the same `x5c` or x5chain with every request, and wallet backends ask about the same
/// reader and document-signer chains. On OpenSSL 3.0 decoding a certificate costs about 20 µs, and its `X509` object
/// and public key (made on first use and kept inside ``Certificate``) about 200 µs more; a certificate decoded once
/// serves every later input with the same bytes, since decoding is a pure function of them. A list's entries do not
/// go through it: they are thousands, read once per list issue.
///
/// Bounded by count and by bytes: when either bound would be passed, it starts again empty (a burst of new chains
/// costs what it cost without it).
public final class CertificateCache: Sendable {
    /// The process's cache, shared by list verification, presentation decisions and the HTTP API.
    public static let shared = CertificateCache(capacity: 4_096, maxBytes: 16 << 20)

    /// The most certificates kept.
    public let capacity: Int
    /// The most DER bytes kept, in all.
    public let maxBytes: Int
    private let state = Mutex(State())

    private struct State {
        var decoded: [[UInt8]: Certificate] = [:]
        var bytes = 0
    }

    /// An empty cache.
    /// - Parameters:
    ///   - capacity: the most certificates kept.
    ///   - maxBytes: the most DER bytes kept in all (a certificate is at most 64 KiB).
    public init(capacity: Int, maxBytes: Int) {
        self.capacity = capacity
        self.maxBytes = maxBytes
    }

    /// The certificate of `der`, decoded by OpenSSL the first time these bytes are seen.
    /// - Throws: ``X509Error`` when the bytes are not one DER certificate (never cached).
    public func certificate(derEncoded der: [UInt8]) throws(X509Error) -> Certificate {
        if let known = state.withLock({ $0.decoded[der] }) { return known }
        let certificate = try Certificate(derEncoded: der)
        state.withLock { state in
            guard state.decoded[der] == nil else { return }
            if state.decoded.count >= capacity || state.bytes + der.count > maxBytes {
                state.decoded.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            state.decoded[der] = certificate
            state.bytes += der.count
        }
        return certificate
    }

    /// How many certificates and DER bytes are kept.
    public var count: (certificates: Int, bytes: Int) {
        state.withLock { ($0.decoded.count, $0.bytes) }
    }

    /// Forgets every certificate (e.g. to measure a verification that decodes its signer chain afresh).
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
