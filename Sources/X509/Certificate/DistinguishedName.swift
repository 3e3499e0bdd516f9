internal import COpenSSL

/// An X.501 Name (RFC 5280 §4.1.2.4) as OpenSSL decodes it: its DER bytes, its RFC 4514 string and its common name.
public struct DistinguishedName: Sendable, Hashable, CustomStringConvertible {
    /// The DER encoding of the Name, exactly as it appears in the certificate.
    public let derEncoded: [UInt8]
    /// The RFC 4514 string (most significant RDN last, e.g. `CN=AAMVA DTS Root CA,O=AAMVA,C=US`), UTF-8 kept as is.
    public let rfc4514: String
    /// The value of the last commonName attribute (OID 2.5.4.3) as UTF-8; nil when there is none.
    public let commonName: String?
    /// The value of the countryName attribute (OID 2.5.4.6); nil when there is none.
    public let country: String?

    /// The RFC 4514 string.
    public var description: String { rfc4514 }

    /// Names are equal when their DER bytes are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.derEncoded == rhs.derEncoded }
    /// Hashes the DER bytes, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(derEncoded) }
}

extension DistinguishedName {
    /// Reads an OpenSSL `X509_NAME`; `derEncoded` are the bytes it was decoded from.
    init(openSSL name: OpaquePointer, derEncoded: [UInt8]) throws(X509Error) {
        let bio = try MemoryBIO()
        // RFC 4514 form (XN_FLAG_RFC2253), but UTF-8 kept as is rather than escaped byte by byte.
        let flags = shim_XN_FLAG_RFC2253() & ~UInt(ASN1_STRFLGS_ESC_MSB)
        guard X509_NAME_print_ex(bio.pointer, name, 0, flags) >= 0 else {
            throw OpenSSLErrorQueue.error(.malformedCertificate, "name cannot be printed")
        }
        self.derEncoded = derEncoded
        self.rfc4514 = bio.text
        self.commonName = Self.lastValue(of: NID_commonName, in: name)
        self.country = Self.lastValue(of: NID_countryName, in: name)
    }

    private static func lastValue(of nid: Int32, in name: OpaquePointer) -> String? {
        var found: Int32 = -1
        var index: Int32 = -1
        while true {
            index = X509_NAME_get_index_by_NID(name, nid, index)
            if index < 0 { break }
            found = index
        }
        guard found >= 0, let entry = X509_NAME_get_entry(name, found) else { return nil }
        var utf8: UnsafeMutablePointer<UInt8>?
        let length = ASN1_STRING_to_UTF8(&utf8, X509_NAME_ENTRY_get_data(entry))
        guard length >= 0, let utf8 else { return nil }
        defer { shim_OPENSSL_free(utf8) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }
}
