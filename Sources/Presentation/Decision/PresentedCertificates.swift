import Synchronization
import X509

/// The certificates of presented chains (`x5c`, x5chain) already parsed in this process, by the SHA-256 of their DER.
///
/// A verifier presents the same chain with every request, and on OpenSSL 3.0 parsing a certificate and decoding its
/// public key costs several times a signature verification (about 150 µs against 65 µs for ES256 on the build
/// machine). Parsing is a pure function of the bytes, so a certificate parsed once (with its OpenSSL key and `X509`
/// object, made on first use) serves every later request carrying the same bytes. Bounded: emptied when full.
final class PresentedCertificates: Sendable {
    /// The process's memo, shared by OpenID4VP and ISO/IEC 18013-5 decisions.
    static let shared = PresentedCertificates(capacity: 4_096)

    /// The most certificates kept.
    let capacity: Int
    private let memo = Mutex<[[UInt8]: Certificate]>([:])

    init(capacity: Int) { self.capacity = capacity }

    /// The certificate of `der`, parsed by OpenSSL the first time these bytes are seen.
    /// - Throws: ``X509Error`` `malformed_certificate` when OpenSSL cannot parse it.
    func certificate(derEncoded der: [UInt8]) throws(X509Error) -> Certificate {
        let key = Digest.sha256.hash(der)
        if let known = memo.withLock({ $0[key] }) { return known }
        let parsed = try Certificate(derEncoded: der)
        return memo.withLock { memo in
            if let known = memo[key] { return known }
            if memo.count >= capacity { memo.removeAll(keepingCapacity: true) }
            memo[key] = parsed
            return parsed
        }
    }
}
