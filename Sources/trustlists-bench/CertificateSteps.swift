internal import COpenSSL
import Foundation
import X509

/// The OpenSSL calls that `Certificate(derEncoded:)` makes (X509 module, `CertificateDecoder`,
/// `DistinguishedName`, `CertificateExtensions`), grouped into steps that the `phases` group times one by one, so
/// that the decoder's cost can be attributed to its parts. Each step repeats the calls for one certificate and frees
/// what it made; none of it is used to decode anything for real.
struct CertificateSteps {
    /// Where the fields of one certificate lie in its DER (byte ranges, header included).
    struct Layout {
        /// `version [0]`'s INTEGER and `serialNumber`.
        var integers: [Range<Int>] = []
        /// `signature` in tbsCertificate and the outer `signatureAlgorithm`.
        var algorithms: [Range<Int>] = []
        /// `issuer` and `subject`.
        var names: [Range<Int>] = []
        /// `notBefore` and `notAfter`.
        var times: [Range<Int>] = []
        /// The `Extensions` SEQUENCE inside `[3]`.
        var extensions: Range<Int>?
        /// Every TLV header the decoder reads, as (start, end of container) pairs, in order.
        var headers: [(Int, Int)] = []
    }

    /// A certificate's DER.
    let der: [UInt8]
    /// Its layout.
    let layout: Layout

    /// Finds the fields of `der` with `ASN1_get_object`; nil when it is not a certificate of the expected shape.
    init?(der: [UInt8]) {
        self.der = der
        var layout = Layout()
        let found: Bool = der.withUnsafeBufferPointer { buffer in
            func element(at offset: Int, end: Int) -> (tag: Int32, content: Range<Int>, whole: Range<Int>)? {
                guard let base = buffer.baseAddress, offset < end else { return nil }
                var pointer: UnsafePointer<UInt8>? = base + offset
                var length = 0
                var tag: Int32 = 0
                var tagClass: Int32 = 0
                let flags = ASN1_get_object(&pointer, &length, &tag, &tagClass, end - offset)
                guard flags & 0x80 == 0, let pointer else { return nil }
                let start = pointer - base
                layout.headers.append((offset, end))
                return (tag, start..<(start + length), offset..<(start + length))
            }
            guard let certificate = element(at: 0, end: der.count),
                let tbs = element(at: certificate.content.lowerBound, end: certificate.content.upperBound),
                let outerAlgorithm = element(at: tbs.whole.upperBound, end: certificate.content.upperBound),
                element(at: outerAlgorithm.whole.upperBound, end: certificate.content.upperBound) != nil
            else { return false }
            var offset = tbs.content.lowerBound
            let end = tbs.content.upperBound
            var fields: [(tag: Int32, content: Range<Int>, whole: Range<Int>)] = []
            while let field = element(at: offset, end: end) {
                fields.append(field)
                offset = field.whole.upperBound
            }
            // version [0], serial, signature, issuer, validity, subject, spki, [3] extensions (the synthetic shape).
            guard fields.count == 8, fields[0].tag == 0, fields[7].tag == 3,
                let version = element(at: fields[0].content.lowerBound, end: fields[0].content.upperBound),
                let notBefore = element(at: fields[4].content.lowerBound, end: fields[4].content.upperBound),
                let notAfter = element(at: notBefore.whole.upperBound, end: fields[4].content.upperBound),
                let extensions = element(at: fields[7].content.lowerBound, end: fields[7].content.upperBound)
            else { return false }
            layout.integers = [version.whole, fields[1].whole]
            layout.algorithms = [fields[2].whole, outerAlgorithm.whole]
            layout.names = [fields[3].whole, fields[5].whole]
            layout.times = [notBefore.whole, notAfter.whole]
            layout.extensions = extensions.whole
            return true
        }
        guard found else { return nil }
        self.layout = layout
    }

    /// Runs `d2i` over `range` of the DER.
    private func decode<T>(
        _ range: Range<Int>, _ d2i: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> T?
    ) -> T? {
        der.withUnsafeBufferPointer { buffer in
            var pointer: UnsafePointer<UInt8>? = buffer.baseAddress.map { $0 + range.lowerBound }
            return d2i(&pointer, range.count)
        }
    }

    /// `ASN1_get_object` over every header the decoder reads.
    func walkHeaders() -> Int {
        der.withUnsafeBufferPointer { buffer in
            var total = 0
            for (offset, end) in layout.headers {
                var pointer: UnsafePointer<UInt8>? = buffer.baseAddress.map { $0 + offset }
                var length = 0
                var tag: Int32 = 0
                var tagClass: Int32 = 0
                _ = ASN1_get_object(&pointer, &length, &tag, &tagClass, end - offset)
                total &+= length
            }
            return total
        }
    }

    /// `d2i_ASN1_INTEGER` of version and serial, `ASN1_INTEGER_get` of the version.
    func integers() -> Int {
        var total = 0
        for range in layout.integers {
            guard let integer = decode(range, { d2i_ASN1_INTEGER(nil, $0, $1) }) else { continue }
            total &+= ASN1_INTEGER_get(integer)
            ASN1_INTEGER_free(integer)
        }
        return total
    }

    /// `d2i_X509_ALGOR` of both algorithm identifiers and `OBJ_obj2txt` of the inner one's OID.
    func algorithms() -> Int {
        var total = 0
        for (index, range) in layout.algorithms.enumerated() {
            guard let algorithm = decode(range, { d2i_X509_ALGOR(nil, $0, $1) }) else { continue }
            if index == 0 {
                var object: OpaquePointer?
                X509_ALGOR_get0(&object, nil, nil, algorithm)
                total &+= Self.objectText(object).utf8.count
            }
            X509_ALGOR_free(algorithm)
        }
        return total
    }

    /// `d2i_X509_NAME` of issuer and subject (OpenSSL also builds each name's canonical encoding here).
    func nameDecode() -> Int {
        var total = 0
        for range in layout.names {
            guard let name = decode(range, { d2i_X509_NAME(nil, $0, $1) }) else { continue }
            total &+= Int(X509_NAME_entry_count(name))
            X509_NAME_free(name)
        }
        return total
    }

    /// The issuer and subject Names' DER, for the library's ``DistinguishedName``.
    var nameDERs: [[UInt8]] { layout.names.map { Array(der[$0]) } }

    /// The library's Name text for both names: ``DistinguishedName(derEncoded:)`` (a `d2i_X509_NAME`), then its
    /// RFC 4514 string, CN and C (`X509_NAME_print_ex` and lookups, on first use), as the snapshot build reads them.
    static func nameText(_ names: [[UInt8]]) -> Int {
        names.reduce(0) { total, der in
            guard let name = try? DistinguishedName(derEncoded: der) else { return total }
            return total &+ name.rfc4514.utf8.count &+ (name.commonName?.utf8.count ?? 0)
                &+ (name.country?.utf8.count ?? 0)
        }
    }

    /// `d2i_ASN1_TIME`, `ASN1_TIME_to_tm` and `timegm` of both validity times.
    func times() -> Int {
        var total = 0
        for range in layout.times {
            guard let time = decode(range, { d2i_ASN1_TIME(nil, $0, $1) }) else { continue }
            var broken = tm()
            if ASN1_TIME_to_tm(time, &broken) == 1 { total &+= timegm(&broken) }
            ASN1_TIME_free(time)
        }
        return total
    }

    /// `d2i_X509_EXTENSIONS` alone.
    func extensionsDecode() -> Int {
        guard let range = layout.extensions, let stack = decode(range, { d2i_X509_EXTENSIONS(nil, $0, $1) }) else {
            return 0
        }
        let count = Int(shim_sk_X509_EXTENSION_num(stack))
        shim_sk_X509_EXTENSION_pop_free(stack)
        return count
    }

    /// `d2i_X509_EXTENSIONS`, then per extension `OBJ_obj2txt`, the critical flag and, for the known ones (SKI, AKI,
    /// key usage, basic constraints, EKU, SAN), `X509V3_EXT_d2i` and the free of its result.
    func extensionsFull() -> Int {
        guard let range = layout.extensions, let stack = decode(range, { d2i_X509_EXTENSIONS(nil, $0, $1) }) else {
            return 0
        }
        defer { shim_sk_X509_EXTENSION_pop_free(stack) }
        var total = 0
        for index in 0..<shim_sk_X509_EXTENSION_num(stack) {
            guard let ext = shim_sk_X509_EXTENSION_value(stack, index) else { continue }
            let oid = Self.objectText(X509_EXTENSION_get_object(ext))
            total &+= Int(X509_EXTENSION_get_critical(ext))
            let nid = OBJ_obj2nid(X509_EXTENSION_get_object(ext))
            guard Self.knownExtensions.contains(nid), let decoded = X509V3_EXT_d2i(ext) else { continue }
            total &+= oid.utf8.count
            switch nid {
            case NID_subject_key_identifier:
                ASN1_OCTET_STRING_free(decoded.assumingMemoryBound(to: ASN1_OCTET_STRING.self))
            case NID_authority_key_identifier:
                AUTHORITY_KEYID_free(decoded.assumingMemoryBound(to: AUTHORITY_KEYID.self))
            case NID_key_usage: ASN1_BIT_STRING_free(decoded.assumingMemoryBound(to: ASN1_BIT_STRING.self))
            case NID_basic_constraints: BASIC_CONSTRAINTS_free(decoded.assumingMemoryBound(to: BASIC_CONSTRAINTS.self))
            case NID_ext_key_usage: shim_sk_ASN1_OBJECT_pop_free(OpaquePointer(decoded))
            default: shim_sk_GENERAL_NAME_pop_free(OpaquePointer(decoded))
            }
        }
        return total
    }

    /// SHA-256 with an `EVP_MD` fetched once (`EVP_MD_fetch`), instead of `EVP_sha256()` whose implicit fetch
    /// `EVP_Digest` repeats on every call in OpenSSL 3.0: what caching the fetch would save.
    static func sha256Prefetched(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard let md = FetchedDigest.sha256.pointer,
            EVP_Digest(bytes, bytes.count, &output, &length, md, nil) == 1
        else { return [] }
        return output
    }

    /// Two `ERR_clear_error` calls, as `CertificateDecoder.decode` makes around its work.
    static func clearErrors() -> Int {
        ERR_clear_error()
        ERR_clear_error()
        return 0
    }

    /// The extensions `CertificateExtensions` decodes with `X509V3_EXT_d2i`.
    private static let knownExtensions: Set<Int32> = [
        NID_subject_key_identifier, NID_authority_key_identifier, NID_key_usage, NID_basic_constraints,
        NID_ext_key_usage, NID_subject_alt_name,
    ]

    /// `OBJ_obj2txt` in dotted form into a 128-byte buffer, as the X509 module's `objectText` does.
    private static func objectText(_ object: OpaquePointer?) -> String {
        guard let object else { return "" }
        var buffer = [CChar](repeating: 0, count: 128)
        let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An `EVP_MD` fetched once and kept for the life of the process.
///
/// `@unchecked Sendable`: the fetched method is immutable and OpenSSL allows using it from any thread.
final class FetchedDigest: @unchecked Sendable {
    /// SHA-256 from the default provider.
    static let sha256 = FetchedDigest("SHA256")

    /// The fetched method; nil when the fetch failed.
    let pointer: OpaquePointer?

    /// Fetches the digest called `name` from the default library context.
    private init(_ name: String) {
        pointer = EVP_MD_fetch(nil, name, nil)
    }
}
