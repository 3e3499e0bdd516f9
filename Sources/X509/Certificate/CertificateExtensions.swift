internal import COpenSSL

/// The extensions of a certificate (RFC 5280 §4.2) that trust decisions use, decoded by OpenSSL.
public struct CertificateExtensions: Sendable, Hashable {
    /// Subject key identifier (RFC 5280 §4.2.1.2): the key id bytes; nil when absent.
    public var subjectKeyIdentifier: [UInt8]?
    /// Authority key identifier's `keyIdentifier` (RFC 5280 §4.2.1.1); nil when absent.
    public var authorityKeyIdentifier: [UInt8]?
    /// Extended key usage OIDs in dotted-decimal form (RFC 5280 §4.2.1.12), custom ones included; nil when the
    /// extension is absent.
    public var extendedKeyUsage: [String]?
    /// Key usage bits (RFC 5280 §4.2.1.3); nil when the extension is absent.
    public var keyUsage: KeyUsage?
    /// Basic constraints (RFC 5280 §4.2.1.9); nil when absent.
    public var basicConstraints: BasicConstraints?
    /// Subject alternative name dNSName entries (RFC 5280 §4.2.1.6).
    public var dnsNames: [String] = []
    /// Subject alternative name uniformResourceIdentifier entries (RFC 5280 §4.2.1.6).
    public var uris: [String] = []
    /// OIDs of every extension, in certificate order.
    public var oids: [String] = []
    /// OIDs of the extensions marked critical, in certificate order.
    public var criticalOIDs: [String] = []
    /// The DER value of the cRLDistributionPoints extension (RFC 5280 §4.2.1.13), kept undecoded: it is read only for
    /// the CAs whose CRLs are fetched (``Certificate/crlDistributionPointURIs``).
    var crlDistributionPointsDER: [UInt8]?

    /// No extensions.
    public init() {}

    /// Only the key identifiers (a list entry whose other extensions do not decode).
    init(subjectKeyIdentifier: [UInt8]?, authorityKeyIdentifier: [UInt8]?) {
        self.subjectKeyIdentifier = subjectKeyIdentifier
        self.authorityKeyIdentifier = authorityKeyIdentifier
    }

    /// Reads a `STACK_OF(X509_EXTENSION)`; throws `malformedCertificate` when an extension appears twice
    /// (RFC 5280 §4.2) or a known one does not decode.
    init(openSSL stack: OpaquePointer) throws(X509Error) {
        for index in 0..<shim_sk_X509_EXTENSION_num(stack) {
            guard let ext = shim_sk_X509_EXTENSION_value(stack, index) else { continue }
            let oid = objectText(X509_EXTENSION_get_object(ext))
            guard !oids.contains(oid) else {
                throw X509Error(.malformedCertificate, "extension \(oid) appears twice (RFC 5280 §4.2)")
            }
            oids.append(oid)
            if X509_EXTENSION_get_critical(ext) > 0 { criticalOIDs.append(oid) }
            if oid == OID.crlDistributionPoints { crlDistributionPointsDER = bytes(of: X509_EXTENSION_get_data(ext)) }
            try decodeKnown(ext, oid: oid)
        }
    }

    private mutating func decodeKnown(_ ext: OpaquePointer, oid: String) throws(X509Error) {
        let known = [
            OID.subjectKeyIdentifier, OID.authorityKeyIdentifier, OID.extendedKeyUsage, OID.keyUsage,
            OID.basicConstraints, OID.subjectAlternativeName,
        ]
        guard known.contains(oid) else { return }
        guard let decoded = X509V3_EXT_d2i(ext) else {
            throw OpenSSLErrorQueue.error(.malformedCertificate, "extension \(oid) does not decode")
        }
        switch oid {
        case OID.subjectKeyIdentifier:
            let octets = decoded.assumingMemoryBound(to: ASN1_OCTET_STRING.self)
            subjectKeyIdentifier = bytes(of: octets)
            ASN1_OCTET_STRING_free(octets)
        case OID.authorityKeyIdentifier:
            let aki = decoded.assumingMemoryBound(to: AUTHORITY_KEYID.self)
            authorityKeyIdentifier = aki.pointee.keyid.map { bytes(of: $0) }
            AUTHORITY_KEYID_free(aki)
        case OID.extendedKeyUsage:
            let stack = OpaquePointer(decoded)
            extendedKeyUsage = (0..<shim_sk_ASN1_OBJECT_num(stack)).map {
                objectText(shim_sk_ASN1_OBJECT_value(stack, $0))
            }
            shim_sk_ASN1_OBJECT_pop_free(stack)
        case OID.keyUsage:
            let bits = decoded.assumingMemoryBound(to: ASN1_BIT_STRING.self)
            var usage: UInt16 = 0
            for bit in 0..<9 where ASN1_BIT_STRING_get_bit(bits, Int32(bit)) == 1 { usage |= 1 << bit }
            keyUsage = KeyUsage(rawValue: usage)
            ASN1_BIT_STRING_free(bits)
        case OID.basicConstraints:
            let constraints = decoded.assumingMemoryBound(to: BASIC_CONSTRAINTS.self)
            let pathLength = constraints.pointee.pathlen.map { Int(ASN1_INTEGER_get($0)) }
            basicConstraints = BasicConstraints(isCA: constraints.pointee.ca != 0, pathLength: pathLength)
            BASIC_CONSTRAINTS_free(constraints)
        default:  // OID.subjectAlternativeName
            let names = OpaquePointer(decoded)
            for index in 0..<shim_sk_GENERAL_NAME_num(names) {
                guard let name = shim_sk_GENERAL_NAME_value(names, index) else { continue }
                switch name.pointee.type {
                case GEN_DNS: dnsNames.append(text(of: name.pointee.d.dNSName))
                case GEN_URI: uris.append(text(of: name.pointee.d.uniformResourceIdentifier))
                default: break
                }
            }
            shim_sk_GENERAL_NAME_pop_free(names)
        }
    }
}

/// The bytes of an ASN1_STRING (any of its typedefs).
func bytes(of string: UnsafePointer<ASN1_STRING>?) -> [UInt8] {
    guard let string, let data = ASN1_STRING_get0_data(string) else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: Int(ASN1_STRING_length(string))))
}

/// The bytes of an IA5String or similar ASCII string, as text.
func text(of string: UnsafePointer<ASN1_STRING>?) -> String {
    String(decoding: bytes(of: string), as: UTF8.self)
}
