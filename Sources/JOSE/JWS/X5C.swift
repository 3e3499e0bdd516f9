import X509

/// The `x5c` header parameter (RFC 7515 §4.1.6): the signer's certificate chain as a non-empty JSON array of
/// standard base64 (RFC 4648 §4, not base64url) DER certificates, the signer's certificate first.
enum X5C {
    /// Decodes `x5c` into DER certificates, leaf first; OpenSSL parses them later, when the caller asks.
    /// - Parameters:
    ///   - value: the header's `x5c` value.
    ///   - maxEntries: the most certificates accepted.
    /// - Returns: the DER of each entry, in order.
    /// - Throws: `malformed_x5c` when the value is not a non-empty array of strings, or an entry is not canonical
    ///   standard base64 (an entry in base64url gets a message saying so) or is empty; `limits_exceeded` over
    ///   `maxEntries`.
    static func decode(_ value: JSONValue, maxEntries: Int) throws(JOSEError) -> [[UInt8]] {
        guard let entries = value.arrayValue else {
            throw JOSEError(.malformedX5C, "header.x5c: expected an array of base64 strings, found \(value.kindName)")
        }
        guard !entries.isEmpty else {
            throw JOSEError(.malformedX5C, "header.x5c: expected at least one certificate, found an empty array")
        }
        guard entries.count <= maxEntries else {
            throw JOSEError(
                .limitsExceeded, "header.x5c: \(entries.count) certificates; the limit is \(maxEntries)")
        }
        var chain: [[UInt8]] = []
        chain.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let path = "header.x5c[\(index)]"
            guard let text = entry.stringValue else {
                throw JOSEError(.malformedX5C, "\(path): expected a base64 string, found \(entry.kindName)")
            }
            let der: [UInt8]
            switch Base64Codec.decode(text.utf8, .standard) {
            case .success(let bytes):
                der = bytes
            case .failure(.otherAlphabet):
                throw JOSEError(.malformedX5C, "\(path) is base64url; RFC 7515 §4.1.6 requires standard base64")
            case .failure(let failure):
                throw JOSEError(
                    .malformedX5C,
                    "\(path): expected standard base64 DER (RFC 7515 §4.1.6), found \(failure.describe(.standard))")
            }
            guard !der.isEmpty else {
                throw JOSEError(.malformedX5C, "\(path): expected a DER certificate, found an empty string")
            }
            chain.append(der)
        }
        return chain
    }
}

extension JWS {
    /// The `x5c` certificates parsed by OpenSSL, leaf first (RFC 7515 §4.1.6); nil when the header has no `x5c`.
    ///
    /// Parsing is left to this call, not done by ``init(compactSerialization:limits:understoodCriticalHeaders:)``,
    /// because it is the costly part (about 150 µs per certificate on OpenSSL 3.0); certificates this process has
    /// decoded before come from ``CertificateCache/shared``.
    /// - Returns: the certificates in header order, or nil.
    /// - Throws: `malformed_x5c` naming the entry (`header.x5c[1]`) when OpenSSL cannot parse it as a certificate.
    public func x5cCertificates() throws(JOSEError) -> [Certificate]? {
        guard let x5c else { return nil }
        var certificates: [Certificate] = []
        for (index, der) in x5c.enumerated() {
            do {
                certificates.append(try CertificateCache.shared.certificate(derEncoded: der))
            } catch {
                throw JOSEError(.malformedX5C, "header.x5c[\(index)]: not an X.509 certificate: \(error.reason)")
            }
        }
        return certificates
    }
}
