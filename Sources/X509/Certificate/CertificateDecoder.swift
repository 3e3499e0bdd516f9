internal import COpenSSL
import Foundation

/// Decodes the fields of a DER certificate (RFC 5280 §4.1) one by one with OpenSSL: `ASN1_get_object` steps from
/// field to field, and each value is decoded by its own `d2i_*` function (`d2i_ASN1_INTEGER`, `d2i_X509_ALGOR`,
/// `d2i_X509_NAME`, `d2i_ASN1_TIME`, `d2i_X509_EXTENSIONS`, `X509V3_get_d2i`).
///
/// Why not `d2i_X509`: on OpenSSL 3.0 it also decodes the public key through the provider decoders, ~150-200 µs per
/// certificate, ten times the rest. Lists carry thousands of certificates whose keys are never used, so the key and
/// the full `X509` object are decoded only when needed (``Certificate/publicKey``, chain validation).
///
/// Decoding comes in two parts (docs/architecture.md, "The snapshot"): ``decode(_:)``
/// steps through every element, decodes serial, algorithms, validity, the SKI and AKI, and checks the Names' and
/// extensions' element structure; ``decodeDeferred(_:_:)`` decodes the Names (`d2i_X509_NAME`) and every extension.
/// A certificate given alone runs both at once; a list entry runs the second when first read.
enum CertificateDecoder {
    /// Largest certificate accepted, in bytes. Real IACA and signer certificates are 0.5 to 2 KB.
    static let maximumSize = 64 * 1024

    struct Fields {
        var serialNumber: [UInt8]
        var signatureAlgorithmOID: String
        var issuer: DistinguishedName
        var notBefore: Date
        var notAfter: Date
        var subject: DistinguishedName
        var subjectPublicKeyInfo: [UInt8]
        /// The key identifiers, decoded with the rest of this part: lists are indexed by them.
        var subjectKeyIdentifier: [UInt8]?
        var authorityKeyIdentifier: [UInt8]?
        /// Where the `Extensions` SEQUENCE lies in the DER; nil when the certificate has none.
        var extensionsRange: Range<Int>?
    }

    static func decode(_ der: [UInt8]) throws(X509Error) -> Fields {
        guard !der.isEmpty else { throw X509Error(.malformedCertificate, "empty input") }
        guard der.count <= maximumSize else {
            throw X509Error(.inputTooLarge, "\(der.count) bytes; a certificate may have at most \(maximumSize)")
        }
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        return try der.withUnsafeBufferPointer { buffer throws(X509Error) in try decode(buffer) }
    }

    private static func decode(_ buffer: UnsafeBufferPointer<UInt8>) throws(X509Error) -> Fields {
        var top = DERElements(buffer, range: 0..<buffer.count)
        let certificate = try top.next("Certificate")
        guard certificate.isUniversal(V_ASN1_SEQUENCE), certificate.isConstructed else {
            throw X509Error(.malformedCertificate, "expected a SEQUENCE (Certificate), found tag \(certificate.tag)")
        }
        guard top.isAtEnd else {
            throw X509Error(
                .malformedCertificate, "\(buffer.count - certificate.range.upperBound) bytes after the certificate")
        }
        var outer = DERElements(buffer, range: certificate.contentRange)
        let tbs = try outer.next("tbsCertificate")
        guard tbs.isUniversal(V_ASN1_SEQUENCE) else {
            throw X509Error(.malformedCertificate, "tbsCertificate is not a SEQUENCE")
        }
        let outerAlgorithm = try outer.next("signatureAlgorithm")
        _ = try algorithmOID(buffer, outerAlgorithm, "signatureAlgorithm")
        let signature = try outer.next("signatureValue")
        guard signature.isUniversal(V_ASN1_BIT_STRING) else {
            throw X509Error(.malformedCertificate, "signatureValue is not a BIT STRING")
        }
        // Decoded to validate it (its unused-bits count), as d2i_X509 does.
        ASN1_BIT_STRING_free(
            try buffer.decode(
                signature.range, as: "signatureValue", with: { d2i_ASN1_BIT_STRING(nil, $0, $1) },
                free: { ASN1_BIT_STRING_free($0) }))
        guard outer.isAtEnd else { throw X509Error(.malformedCertificate, "unexpected element after signatureValue") }

        var fields = DERElements(buffer, range: tbs.contentRange)
        if let version = try fields.nextIfContextSpecific(0) {
            var inner = DERElements(buffer, range: version.contentRange)
            let integer = try inner.next("version")
            let value = try buffer.decode(
                integer.range, as: "version", with: { d2i_ASN1_INTEGER(nil, $0, $1) },
                free: { ASN1_INTEGER_free($0) })
            let number = ASN1_INTEGER_get(value)
            ASN1_INTEGER_free(value)
            guard (0...2).contains(number) else {
                throw X509Error(.malformedCertificate, "version \(number + 1) is unknown")
            }
        }
        let serialElement = try fields.next("serialNumber")
        guard serialElement.isUniversal(V_ASN1_INTEGER), !serialElement.contentRange.isEmpty else {
            throw X509Error(.malformedCertificate, "serialNumber is not an INTEGER")
        }
        ASN1_INTEGER_free(
            try buffer.decode(
                serialElement.range, as: "serialNumber", with: { d2i_ASN1_INTEGER(nil, $0, $1) },
                free: { ASN1_INTEGER_free($0) }))
        let algorithm = try algorithmOID(buffer, try fields.next("signature"), "signature")
        let issuer = try name(buffer, try fields.next("issuer"), "issuer")
        let validity = try fields.next("validity", constructed: V_ASN1_SEQUENCE)
        var times = DERElements(buffer, range: validity.contentRange)
        let notBefore = try time(buffer, try times.next("notBefore"), "notBefore")
        let notAfter = try time(buffer, try times.next("notAfter"), "notAfter")
        guard times.isAtEnd else { throw X509Error(.malformedCertificate, "validity has more than two times") }
        let subjectElement = try fields.next("subject")
        // Self-issued certificates (every IACA and root) carry the same Name twice: keep one.
        let subject =
            buffer[subjectElement.range].elementsEqual(issuer.derEncoded)
            ? issuer : try name(buffer, subjectElement, "subject")
        let publicKeyInfo = try fields.next("subjectPublicKeyInfo", constructed: V_ASN1_SEQUENCE)
        _ = try fields.nextIfContextSpecific(1)
        _ = try fields.nextIfContextSpecific(2)
        var keyIdentifiers = KeyIdentifiers()
        var extensionsRange: Range<Int>?
        if let wrapper = try fields.nextIfContextSpecific(3) {
            var inner = DERElements(buffer, range: wrapper.contentRange)
            let extensions = try inner.next("extensions", constructed: V_ASN1_SEQUENCE)
            guard inner.isAtEnd else { throw X509Error(.malformedCertificate, "unexpected element after extensions") }
            keyIdentifiers = try KeyIdentifiers(buffer, extensions)
            extensionsRange = extensions.range
        }
        guard fields.isAtEnd else {
            throw X509Error(.malformedCertificate, "unexpected element at the end of tbsCertificate")
        }
        return Fields(
            serialNumber: Array(buffer[serialElement.contentRange]), signatureAlgorithmOID: algorithm,
            issuer: issuer, notBefore: notBefore, notAfter: notAfter, subject: subject,
            subjectPublicKeyInfo: Array(buffer[publicKeyInfo.range]),
            subjectKeyIdentifier: keyIdentifiers.subject, authorityKeyIdentifier: keyIdentifiers.authority,
            extensionsRange: extensionsRange)
    }

    /// The part of a certificate's decoding that ``decode(_:)`` leaves: both Names by `d2i_X509_NAME` (which checks
    /// each attribute's value as OpenSSL reads it) and every extension (`d2i_X509_EXTENSIONS`, then the known ones
    /// by `X509V3_EXT_d2i`).
    /// - Parameters:
    ///   - der: the certificate's DER, as given to ``decode(_:)``.
    ///   - fields: what ``decode(_:)`` returned for it.
    /// - Returns: the decoded extensions (empty when the certificate has none).
    /// - Throws: ``X509Error`` `malformedCertificate` naming the Name or extension OpenSSL cannot decode.
    static func decodeDeferred(_ der: [UInt8], _ fields: Fields) throws(X509Error) -> CertificateExtensions {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        try checkName(fields.issuer.derEncoded, "issuer")
        if fields.subject.derEncoded != fields.issuer.derEncoded { try checkName(fields.subject.derEncoded, "subject") }
        guard let range = fields.extensionsRange else { return CertificateExtensions() }
        let extensions = try der.withUnsafeBufferPointer { buffer throws(X509Error) in
            let stack = try buffer.decode(
                range, as: "extensions", with: { d2i_X509_EXTENSIONS(nil, $0, $1) },
                free: { shim_sk_X509_EXTENSION_pop_free($0) })
            defer { shim_sk_X509_EXTENSION_pop_free(stack) }
            return try CertificateExtensions(openSSL: stack)
        }
        guard extensions.subjectKeyIdentifier == fields.subjectKeyIdentifier,
            extensions.authorityKeyIdentifier == fields.authorityKeyIdentifier
        else {
            throw X509Error(.malformedCertificate, "the key identifiers decode differently from the extension list")
        }
        return extensions
    }

    private static func algorithmOID(
        _ buffer: UnsafeBufferPointer<UInt8>, _ element: DERElement, _ what: String
    ) throws(X509Error) -> String {
        let algorithm = try buffer.decode(
            element.range, as: what, with: { d2i_X509_ALGOR(nil, $0, $1) },
            free: { X509_ALGOR_free($0) })
        defer { X509_ALGOR_free(algorithm) }
        var object: OpaquePointer?
        X509_ALGOR_get0(&object, nil, nil, algorithm)
        return objectText(object)
    }

    /// A Name whose element structure is checked here (a SEQUENCE of SETs of SEQUENCEs, each starting with an OBJECT
    /// IDENTIFIER, RFC 5280 §4.1.2.4); OpenSSL decodes it in ``decodeDeferred(_:_:)``, and prints it on first use
    /// (``DistinguishedName``).
    private static func name(
        _ buffer: UnsafeBufferPointer<UInt8>, _ element: DERElement, _ what: String
    ) throws(X509Error) -> DistinguishedName {
        guard element.isUniversal(V_ASN1_SEQUENCE), element.isConstructed else {
            throw X509Error(.malformedCertificate, "\(what) is not a SEQUENCE (Name)")
        }
        var sets = DERElements(buffer, range: element.contentRange)
        while !sets.isAtEnd {
            let set = try sets.next("an RDN of \(what)", constructed: V_ASN1_SET)
            guard !set.contentRange.isEmpty else { throw X509Error(.malformedCertificate, "\(what): an RDN is empty") }
            var attributes = DERElements(buffer, range: set.contentRange)
            while !attributes.isAtEnd {
                let attribute = try attributes.next("an attribute of \(what)", constructed: V_ASN1_SEQUENCE)
                var parts = DERElements(buffer, range: attribute.contentRange)
                guard try parts.next("\(what) attribute type").isUniversal(V_ASN1_OBJECT) else {
                    throw X509Error(.malformedCertificate, "\(what): an attribute type is not an OBJECT IDENTIFIER")
                }
                _ = try parts.next("\(what) attribute value")
                guard parts.isAtEnd else {
                    throw X509Error(.malformedCertificate, "\(what): an attribute has more than a type and a value")
                }
            }
        }
        return DistinguishedName(validatedDER: Array(buffer[element.range]))
    }

    /// Decodes a Name's DER with `d2i_X509_NAME`, which must consume it whole.
    private static func checkName(_ der: [UInt8], _ what: String) throws(X509Error) {
        try der.withUnsafeBufferPointer { buffer throws(X509Error) in
            X509_NAME_free(
                try buffer.decode(
                    0..<buffer.count, as: what, with: { d2i_X509_NAME(nil, $0, $1) }, free: { X509_NAME_free($0) }))
        }
    }

    private static func time(
        _ buffer: UnsafeBufferPointer<UInt8>, _ element: DERElement, _ what: String
    ) throws(X509Error) -> Date {
        let time = try buffer.decode(
            element.range, as: what, with: { d2i_ASN1_TIME(nil, $0, $1) },
            free: { ASN1_TIME_free($0) })
        defer { ASN1_TIME_free(time) }
        return try date(fromASN1Time: time, what)
    }

    /// An ASN1_TIME (UTCTime or GeneralizedTime, RFC 5280 §4.1.2.5) as a `Date`, converted by `ASN1_TIME_to_tm`.
    /// - Throws: `code` (``ReasonCode/malformedCertificate`` unless told) when OpenSSL cannot read the time.
    static func date(
        fromASN1Time time: UnsafePointer<ASN1_TIME>?, _ what: String, code: X509Error.Code = .malformedCertificate
    ) throws(X509Error) -> Date {
        var broken = tm()
        guard ASN1_TIME_to_tm(time, &broken) == 1 else {
            throw OpenSSLErrorQueue.error(code, "\(what) is not a valid time")
        }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&broken)))
    }
}

/// `OBJ_obj2txt` in dotted-decimal form (never a short name), so custom OIDs print the same as known ones. The
/// OIDs every certificate carries are looked up by NID instead: printing them costs more than the rest of an
/// extension's decoding.
func objectText(_ object: OpaquePointer?) -> String {
    guard let object else { return "" }
    if let known = commonObjectText[OBJ_obj2nid(object)] { return known }
    return printedObjectText(object)
}

/// Dotted forms of OIDs by NID; a test checks each against `OBJ_obj2txt`.
let commonObjectText: [Int32: String] = [
    NID_subject_key_identifier: "2.5.29.14", NID_key_usage: "2.5.29.15", NID_subject_alt_name: "2.5.29.17",
    NID_issuer_alt_name: "2.5.29.18", NID_basic_constraints: "2.5.29.19", NID_crl_distribution_points: "2.5.29.31",
    NID_certificate_policies: "2.5.29.32", NID_authority_key_identifier: "2.5.29.35", NID_ext_key_usage: "2.5.29.37",
    NID_info_access: "1.3.6.1.5.5.7.1.1", NID_ecdsa_with_SHA256: "1.2.840.10045.4.3.2",
    NID_ecdsa_with_SHA384: "1.2.840.10045.4.3.3", NID_ecdsa_with_SHA512: "1.2.840.10045.4.3.4",
    NID_sha256WithRSAEncryption: "1.2.840.113549.1.1.11", NID_ED25519: "1.3.101.112",
    NID_server_auth: "1.3.6.1.5.5.7.3.1", NID_client_auth: "1.3.6.1.5.5.7.3.2",
]

/// `OBJ_obj2txt` with numbers only.
func printedObjectText(_ object: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
    guard length > 0 else { return "" }
    if Int(length) >= buffer.count {
        buffer = [CChar](repeating: 0, count: Int(length) + 1)
        _ = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
