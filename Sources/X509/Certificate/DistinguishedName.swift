internal import COpenSSL
import Synchronization

/// An X.501 Name (RFC 5280 §4.1.2.4) as OpenSSL decodes it: its DER bytes, its RFC 4514 string and its common name.
///
/// The text forms are made by OpenSSL on first use and kept: a list of 10,000 IACAs is verified without printing a
/// single Name, and each is printed once when the snapshot is built.
public struct DistinguishedName: Sendable, Hashable, CustomStringConvertible {
    /// The DER encoding of the Name, exactly as it appears in the certificate.
    public let derEncoded: [UInt8]
    private let text: NameText

    /// The RFC 4514 string (most significant RDN last, e.g. `CN=AAMVA DTS Root CA,O=AAMVA,C=US`), UTF-8 kept as is.
    public var rfc4514: String { text.decoded(derEncoded).rfc4514 }
    /// The value of the last commonName attribute (OID 2.5.4.3) as UTF-8; nil when there is none.
    public var commonName: String? { text.decoded(derEncoded).commonName }
    /// The value of the countryName attribute (OID 2.5.4.6); nil when there is none.
    public var country: String? { text.decoded(derEncoded).country }
    /// The value of the last organizationName attribute (OID 2.5.4.10) as UTF-8; nil when there is none.
    public var organization: String? { text.decoded(derEncoded).organization }

    /// The RFC 4514 string.
    public var description: String { rfc4514 }

    /// A Name from its DER encoding (RFC 5280 §4.1.2.4), checked by OpenSSL (`d2i_X509_NAME`); its text forms are
    /// printed on first use.
    /// - Throws: ``X509Error`` `malformed_certificate` when OpenSSL cannot decode the bytes as a Name, or they run
    ///   past it.
    public init(derEncoded: [UInt8]) throws(X509Error) {
        let consumed: Int? = derEncoded.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            guard let base = buffer.baseAddress, let name = d2i_X509_NAME(nil, &cursor, buffer.count) else {
                return nil
            }
            X509_NAME_free(name)
            return cursor.map { $0 - base }
        }
        guard let consumed, consumed == derEncoded.count else {
            OpenSSLErrorQueue.clear()
            throw X509Error(.malformedCertificate, "not a DER-encoded X.501 Name (\(derEncoded.count) bytes)")
        }
        self.init(validatedDER: derEncoded)
    }

    /// A Name whose DER OpenSSL has already decoded (`d2i_X509_NAME`), so that printing it later cannot fail.
    init(validatedDER derEncoded: [UInt8]) {
        self.derEncoded = derEncoded
        self.text = NameText()
    }

    /// Names are equal when their DER bytes are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.derEncoded == rhs.derEncoded }
    /// Hashes the DER bytes, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(derEncoded) }
}

/// The text forms of one Name, printed by OpenSSL on first use and kept.
///
/// Kept in an atomic reference set once, not behind a lock: a listed reader's or document signer's Name is read by
/// every decision about its chain, on every server thread at once, and a lock there made the threads wait for one
/// another (docs/architecture.md, Serving). Two threads that both find it unset may both print it; the first kept
/// wins and both return it.
private final class NameText: Sendable {
    struct Decoded: Sendable {
        let rfc4514: String
        let commonName: String?
        let country: String?
        let organization: String?
    }

    /// A printed Name, as the reference the atomic keeps.
    final class Printed: Sendable {
        let decoded: Decoded
        init(_ decoded: Decoded) { self.decoded = decoded }
    }

    private let cache = AtomicLazyReference<Printed>()

    func decoded(_ der: [UInt8]) -> Decoded {
        if let printed = cache.load() { return printed.decoded }
        return cache.storeIfNil(Printed(Self.print(der))).decoded
    }

    /// RFC 4514 text (XN_FLAG_RFC2253, UTF-8 kept as is rather than escaped byte by byte), CN, C and O.
    private static func print(_ der: [UInt8]) -> Decoded {
        let name: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_X509_NAME(nil, &cursor, buffer.count)
        }
        guard let name, let bio = try? MemoryBIO() else {
            OpenSSLErrorQueue.clear()
            return Decoded(rfc4514: "(name \(hexString(der)))", commonName: nil, country: nil, organization: nil)
        }
        defer { X509_NAME_free(name) }
        let flags = shim_XN_FLAG_RFC2253() & ~UInt(ASN1_STRFLGS_ESC_MSB)
        _ = X509_NAME_print_ex(bio.pointer, name, 0, flags)
        OpenSSLErrorQueue.clear()
        return Decoded(
            rfc4514: bio.text, commonName: DistinguishedName.lastValue(of: NID_commonName, in: name),
            country: DistinguishedName.lastValue(of: NID_countryName, in: name),
            organization: DistinguishedName.lastValue(of: NID_organizationName, in: name))
    }
}

extension DistinguishedName {
    fileprivate static func lastValue(of nid: Int32, in name: OpaquePointer) -> String? {
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
