internal import COpenSSL
import Foundation

/// Decodes a DER CRL (RFC 5280 §5.1) with OpenSSL: `d2i_X509_CRL`, then its accessors (`X509_CRL_get0_lastUpdate`,
/// `X509_CRL_get_ext_d2i`, `X509_CRL_get_REVOKED`, `X509_REVOKED_get0_serialNumber`, …). No DER is read by hand;
/// ``DERElements`` only locates `tbsCertList` for its hash.
enum CRLDecoder {
    struct Fields {
        var version: Int
        var issuer: DistinguishedName
        var thisUpdate: Date
        var nextUpdate: Date?
        var signatureAlgorithmOID: String
        var crlNumber: [UInt8]?
        var deltaBaseCRLNumber: [UInt8]?
        var authorityKeyIdentifier: [UInt8]?
        var issuingDistributionPoint: IssuingDistributionPoint?
        var extensionOIDs: [String] = []
        var criticalExtensionOIDs: [String] = []
        var unknownCriticalExtensions: [String] = []
        var revokedCount: Int
        var revoked: RevokedSerials
        var entryExtensionsPresent = false
        var entryCertificateIssuerPresent = false
        var unknownCriticalEntryExtensions: [String] = []
        var tbsRange: Range<Int>
    }

    /// CRL extensions this module reads or may ignore (RFC 5280 §5.2): a critical one of any other kind is unknown.
    static let knownExtensions: Set<Int32> = [
        NID_authority_key_identifier, NID_issuer_alt_name, NID_crl_number, NID_delta_crl,
        NID_issuing_distribution_point, NID_freshest_crl, NID_info_access,
    ]

    /// CRL entry extensions this module reads or may ignore (RFC 5280 §5.3).
    static let knownEntryExtensions: Set<Int32> = [NID_crl_reason, NID_invalidity_date, NID_certificate_issuer]

    static func decode(_ der: [UInt8], crl object: OpenSSLCRL, maxEntries: Int) throws(X509Error) -> Fields {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        let crl = object.pointer
        let version = Int(X509_CRL_get_version(crl)) + 1
        guard (1...2).contains(version) else { throw X509Error(.malformedCRL, "version \(version) is unknown") }

        let entries = X509_CRL_get_REVOKED(crl)
        let count = entries.map { Int(shim_sk_X509_REVOKED_num($0)) } ?? 0
        guard count <= maxEntries else {
            throw X509Error(.limitsExceeded, "\(count) revoked certificates; at most \(maxEntries) are accepted")
        }
        var fields = Fields(
            version: version, issuer: try issuer(crl),
            thisUpdate: try CertificateDecoder.date(
                fromASN1Time: X509_CRL_get0_lastUpdate(crl), "thisUpdate", code: .malformedCRL),
            nextUpdate: try X509_CRL_get0_nextUpdate(crl).map { time throws(X509Error) in
                try CertificateDecoder.date(fromASN1Time: time, "nextUpdate", code: .malformedCRL)
            },
            signatureAlgorithmOID: signatureAlgorithm(crl), revokedCount: count, revoked: RevokedSerials(),
            tbsRange: try tbsRange(der))
        try readExtensions(crl, into: &fields)
        if let entries {
            try readEntries(entries, count: count, into: &fields)
            fields.revoked = RevokedSerials(object, entries: entries, count: count)
        }
        return fields
    }

    private static func issuer(_ crl: OpaquePointer) throws(X509Error) -> DistinguishedName {
        var output: UnsafeMutablePointer<UInt8>?
        // A decoded Name keeps its received encoding, which i2d_X509_NAME returns as is.
        let length = i2d_X509_NAME(X509_CRL_get_issuer(crl), &output)
        guard length > 0, let output else { throw OpenSSLErrorQueue.error(.malformedCRL, "the issuer Name") }
        defer { shim_OPENSSL_free(output) }
        return DistinguishedName(validatedDER: Array(UnsafeBufferPointer(start: output, count: Int(length))))
    }

    private static func signatureAlgorithm(_ crl: OpaquePointer) -> String {
        var algorithm: UnsafePointer<X509_ALGOR>?
        X509_CRL_get0_signature(crl, nil, &algorithm)
        var object: OpaquePointer?
        X509_ALGOR_get0(&object, nil, nil, algorithm)
        return objectText(object)
    }

    /// Where `tbsCertList` lies in the DER (the first element of the outer SEQUENCE), for the signed-content hash.
    private static func tbsRange(_ der: [UInt8]) throws(X509Error) -> Range<Int> {
        do {
            return try der.withUnsafeBufferPointer { buffer throws(X509Error) in
                var top = DERElements(buffer, range: 0..<buffer.count)
                var outer = DERElements(buffer, range: try top.next("CertificateList").contentRange)
                return try outer.next("tbsCertList").range
            }
        } catch {
            throw X509Error(.malformedCRL, error.reason)
        }
    }

    private static func readExtensions(_ crl: OpaquePointer, into fields: inout Fields) throws(X509Error) {
        guard let stack = X509_CRL_get0_extensions(crl) else { return }
        var seen = Set<String>()
        for index in 0..<shim_sk_X509_EXTENSION_num(stack) {
            guard let ext = shim_sk_X509_EXTENSION_value(stack, index) else { continue }
            let object = X509_EXTENSION_get_object(ext)
            let oid = objectText(object)
            guard seen.insert(oid).inserted else {
                throw X509Error(.malformedCRL, "CRL extension \(oid) appears twice (RFC 5280 §5.2)")
            }
            fields.extensionOIDs.append(oid)
            guard X509_EXTENSION_get_critical(ext) > 0 else { continue }
            fields.criticalExtensionOIDs.append(oid)
            if !knownExtensions.contains(OBJ_obj2nid(object)) { fields.unknownCriticalExtensions.append(oid) }
        }
        fields.crlNumber = try integerExtension(crl, NID_crl_number, "cRLNumber")
        fields.deltaBaseCRLNumber = try integerExtension(crl, NID_delta_crl, "deltaCRLIndicator")
        if let aki = try extensionValue(crl, NID_authority_key_identifier, "authorityKeyIdentifier") {
            let keyID = aki.assumingMemoryBound(to: AUTHORITY_KEYID.self)
            fields.authorityKeyIdentifier = keyID.pointee.keyid.map { bytes(of: $0) }
            AUTHORITY_KEYID_free(keyID)
        }
        if let idp = try extensionValue(crl, NID_issuing_distribution_point, "issuingDistributionPoint") {
            let point = idp.assumingMemoryBound(to: ISSUING_DIST_POINT.self).pointee
            fields.issuingDistributionPoint = IssuingDistributionPoint(
                onlyContainsUserCertificates: point.onlyuser > 0, onlyContainsCACertificates: point.onlyCA > 0,
                onlySomeReasons: point.onlysomereasons != nil, indirectCRL: point.indirectCRL > 0,
                onlyContainsAttributeCertificates: point.onlyattr > 0)
            ISSUING_DIST_POINT_free(idp.assumingMemoryBound(to: ISSUING_DIST_POINT.self))
        }
    }

    /// The decoded value of a CRL extension (`X509_CRL_get_ext_d2i`), owned by the caller; nil when absent.
    private static func extensionValue(
        _ crl: OpaquePointer, _ nid: Int32, _ what: String
    ) throws(X509Error) -> UnsafeMutableRawPointer? {
        var critical: Int32 = 0
        let value = X509_CRL_get_ext_d2i(crl, nid, &critical, nil)
        if value == nil && critical != -1 {
            if critical == -2 { throw X509Error(.malformedCRL, "\(what) appears twice (RFC 5280 §5.2)") }
            throw OpenSSLErrorQueue.error(.malformedCRL, "\(what) does not decode")
        }
        return value
    }

    /// A non-negative INTEGER extension (cRLNumber, RFC 5280 §5.2.3; deltaCRLIndicator's BaseCRLNumber, §5.2.4) as
    /// a big-endian magnitude without leading zeros (zero is empty).
    private static func integerExtension(
        _ crl: OpaquePointer, _ nid: Int32, _ what: String
    ) throws(X509Error) -> [UInt8]? {
        guard let value = try extensionValue(crl, nid, what) else { return nil }
        let integer = value.assumingMemoryBound(to: ASN1_INTEGER.self)
        defer { ASN1_INTEGER_free(integer) }
        guard ASN1_STRING_type(integer) != V_ASN1_NEG_INTEGER else {
            throw X509Error(.malformedCRL, "\(what) is negative (RFC 5280 §5.2.3)")
        }
        return Array(bytes(of: integer).drop { $0 == 0 })
    }

    /// Checks each entry's revocationDate (`ASN1_TIME_check`; it is converted to a `Date` only when a lookup finds
    /// its serial) and reads the entry extensions.
    private static func readEntries(_ entries: OpaquePointer, count: Int, into fields: inout Fields) throws(X509Error) {
        for index in 0..<Int32(count) {
            guard let entry = shim_sk_X509_REVOKED_value(entries, index) else { continue }
            guard ASN1_TIME_check(X509_REVOKED_get0_revocationDate(entry)) == 1 else {
                throw OpenSSLErrorQueue.error(.malformedCRL, "revocationDate of entry \(index) is not a valid time")
            }
            if let extensions = X509_REVOKED_get0_extensions(entry), shim_sk_X509_EXTENSION_num(extensions) > 0 {
                readEntryExtensions(extensions, into: &fields)
            }
        }
    }

    private static func readEntryExtensions(_ stack: OpaquePointer, into fields: inout Fields) {
        fields.entryExtensionsPresent = true
        for index in 0..<shim_sk_X509_EXTENSION_num(stack) {
            guard let ext = shim_sk_X509_EXTENSION_value(stack, index) else { continue }
            let object = X509_EXTENSION_get_object(ext)
            let nid = OBJ_obj2nid(object)
            if nid == NID_certificate_issuer { fields.entryCertificateIssuerPresent = true }
            if X509_EXTENSION_get_critical(ext) > 0, !knownEntryExtensions.contains(nid) {
                let oid = objectText(object)
                if !fields.unknownCriticalEntryExtensions.contains(oid) {
                    fields.unknownCriticalEntryExtensions.append(oid)
                }
            }
        }
    }
}
