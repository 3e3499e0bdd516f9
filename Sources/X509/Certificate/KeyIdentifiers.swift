internal import COpenSSL

/// A certificate's subject and authority key identifiers (RFC 5280 §4.2.1.2, §4.2.1.1), found among its extensions
/// without decoding the others: each `Extension` SEQUENCE is stepped through with `ASN1_get_object`, its extnID
/// compared with OpenSSL's encoding of the two OIDs, and only these two values decoded (`d2i_ASN1_OCTET_STRING`,
/// `d2i_AUTHORITY_KEYID`). Lists are indexed by key identifiers; the other extensions of a list entry are decoded when
/// first read (``CertificateDecoder/decodeDeferred(_:_:)``).
struct KeyIdentifiers {
    var subject: [UInt8]?
    var authority: [UInt8]?

    /// No extensions.
    init() {}

    /// The key identifiers of an `Extensions` SEQUENCE (`element`, read as one by the caller).
    /// - Throws: ``X509Error`` `malformedCertificate` when its elements are not `Extension` SEQUENCEs (extnID,
    ///   optional critical BOOLEAN, extnValue OCTET STRING), when either identifier appears twice or does not decode.
    init(_ buffer: UnsafeBufferPointer<UInt8>, _ element: DERElement) throws(X509Error) {
        var list = DERElements(buffer, range: element.contentRange)
        while !list.isAtEnd {
            let item = try list.next("an extension", constructed: V_ASN1_SEQUENCE)
            var parts = DERElements(buffer, range: item.contentRange)
            let identifier = try parts.next("extnID")
            guard identifier.isUniversal(V_ASN1_OBJECT) else {
                throw X509Error(.malformedCertificate, "an extension's extnID is not an OBJECT IDENTIFIER")
            }
            if let critical = try parts.peek(), critical.isUniversal(V_ASN1_BOOLEAN) { _ = try parts.next("critical") }
            let value = try parts.next("extnValue")
            guard value.isUniversal(V_ASN1_OCTET_STRING), !value.isConstructed, parts.isAtEnd else {
                throw X509Error(
                    .malformedCertificate, "an extension's extnValue is not the last element, an OCTET STRING")
            }
            let oid = buffer[identifier.range]
            if oid.elementsEqual(Self.subjectKeyIdentifierOID) {
                guard subject == nil else { throw Self.twice(OID.subjectKeyIdentifier) }
                let octets = try buffer.decode(
                    value.contentRange, as: "subjectKeyIdentifier", with: { d2i_ASN1_OCTET_STRING(nil, $0, $1) },
                    free: { ASN1_OCTET_STRING_free($0) })
                subject = bytes(of: octets)
                ASN1_OCTET_STRING_free(octets)
            } else if oid.elementsEqual(Self.authorityKeyIdentifierOID) {
                guard authority == nil else { throw Self.twice(OID.authorityKeyIdentifier) }
                let decoded = try buffer.decode(
                    value.contentRange, as: "authorityKeyIdentifier", with: { d2i_AUTHORITY_KEYID(nil, $0, $1) },
                    free: { AUTHORITY_KEYID_free($0) })
                // An AKI without keyIdentifier names its issuer otherwise; the key id stays absent, as when decoded whole.
                authority = decoded.pointee.keyid.map { bytes(of: $0) }
                AUTHORITY_KEYID_free(decoded)
            }
        }
    }

    private static func twice(_ oid: String) -> X509Error {
        X509Error(.malformedCertificate, "extension \(oid) appears twice (RFC 5280 §4.2)")
    }

    /// OpenSSL's DER encoding of an OID (tag and length included), as it appears as an extnID.
    private static func encoded(_ nid: Int32) -> [UInt8] {
        guard let object = OBJ_nid2obj(nid) else { return [] }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ASN1_OBJECT(object, &output)
        guard length > 0, let output else { return [] }
        defer { shim_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    private static let subjectKeyIdentifierOID = encoded(NID_subject_key_identifier)
    private static let authorityKeyIdentifierOID = encoded(NID_authority_key_identifier)
}
