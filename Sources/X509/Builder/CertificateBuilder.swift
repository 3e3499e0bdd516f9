internal import COpenSSL
import Foundation

/// Builds and signs X.509 v3 certificates with OpenSSL, for tests, the demo network and list publishing: roots,
/// intermediates and leaves with a chosen subject, validity, key identifiers, key usage, EKUs (custom OIDs too),
/// basic constraints, SANs, extra extensions and critical flags.
///
/// Signatures: ECDSA with SHA-256/384/512 for P-256/384/521 issuers (RFC 5758 §3.2), Ed25519 (RFC 8410).
public struct CertificateBuilder: Sendable {
    /// One attribute of a Name, by OpenSSL short name (`CN`, `C`, `O`, `OU`, `ST`, `L`) or dotted OID.
    public struct NameAttribute: Sendable, Hashable {
        /// Short name or dotted OID of the attribute type.
        public var type: String
        /// The value (UTF-8; OpenSSL picks the string type the attribute requires, e.g. PrintableString for `C`).
        public var value: String
        /// Creates an attribute.
        public init(_ type: String, _ value: String) {
            self.type = type
            self.value = value
        }
        /// commonName.
        public static func commonName(_ value: String) -> NameAttribute { NameAttribute("CN", value) }
        /// countryName (two letters, ISO 3166-1).
        public static func country(_ value: String) -> NameAttribute { NameAttribute("C", value) }
        /// organizationName.
        public static func organization(_ value: String) -> NameAttribute { NameAttribute("O", value) }
        /// stateOrProvinceName.
        public static func stateOrProvince(_ value: String) -> NameAttribute { NameAttribute("ST", value) }
    }

    /// How to fill a key identifier extension.
    public enum KeyIdentifier: Sendable, Hashable {
        /// Leave the extension out.
        case absent
        /// SKI: SHA-1 of the subjectPublicKey bits (RFC 5280 §4.2.1.2, method 1); AKI: the issuer's SKI.
        case derived
        /// These bytes.
        case explicit([UInt8])
    }

    /// An extension given as raw DER value, e.g. an unknown critical extension for a test.
    public struct RawExtension: Sendable, Hashable {
        /// Dotted OID.
        public var oid: String
        /// Whether it is marked critical.
        public var isCritical: Bool
        /// The DER encoding that goes into `extnValue`'s OCTET STRING.
        public var value: [UInt8]
        /// Creates an extension.
        public init(oid: String, isCritical: Bool, value: [UInt8]) {
            self.oid = oid
            self.isCritical = isCritical
            self.value = value
        }
    }

    /// The subject Name, most significant attribute first (e.g. `C`, `O`, `CN`).
    public var subject: [NameAttribute]
    /// The subject's public key.
    public var publicKey: PublicKey
    /// Start of validity, UTC (whole seconds).
    public var notBefore: Date
    /// End of validity, UTC (whole seconds).
    public var notAfter: Date
    /// Serial number content octets; nil picks 16 random bytes with the top bit clear (RFC 5280 §4.1.2.2).
    public var serialNumber: [UInt8]?
    /// Subject key identifier.
    public var subjectKeyIdentifier: KeyIdentifier = .derived
    /// Authority key identifier's keyIdentifier.
    public var authorityKeyIdentifier: KeyIdentifier = .derived
    /// Key usage bits; nil leaves the extension out.
    public var keyUsage: KeyUsage?
    /// Whether key usage is critical (RFC 5280 recommends it).
    public var keyUsageIsCritical = true
    /// Extended key usage OIDs; nil leaves the extension out.
    public var extendedKeyUsage: [String]?
    /// Whether extended key usage is critical.
    public var extendedKeyUsageIsCritical = false
    /// Basic constraints; nil leaves the extension out.
    public var basicConstraints: BasicConstraints?
    /// Whether basic constraints are critical.
    public var basicConstraintsIsCritical = true
    /// SAN dNSName entries.
    public var dnsNames: [String] = []
    /// SAN uniformResourceIdentifier entries.
    public var uris: [String] = []
    /// cRLDistributionPoints: one distribution point per URI, each a fullName uniformResourceIdentifier
    /// (RFC 5280 §4.2.1.13; ISO/IEC 18013-5 Annex B); none when empty.
    public var crlDistributionPointURIs: [String] = []
    /// Further extensions, added last.
    public var rawExtensions: [RawExtension] = []

    /// A builder with the required fields; the rest have the defaults above.
    public init(subject: [NameAttribute], publicKey: PublicKey, notBefore: Date, notAfter: Date) {
        self.subject = subject
        self.publicKey = publicKey
        self.notBefore = notBefore
        self.notAfter = notAfter
    }

    /// Signs the certificate with its own key: issuer = subject, AKI (when derived) = its own SKI.
    /// - Parameter key: the private key matching ``publicKey``.
    /// - Throws: ``X509Error`` `openSSLFailure` when OpenSSL rejects an input (bad OID, attribute type).
    public func selfSigned(with key: PrivateKey) throws(X509Error) -> Certificate {
        try build(issuerName: nil, issuerKeyIdentifier: nil, signingKey: key)
    }

    /// Signs the certificate as `issuer` with `issuerKey`: issuer Name from the issuer's subject, AKI (when derived)
    /// from the issuer's SKI.
    /// - Throws: ``X509Error`` `openSSLFailure` when OpenSSL rejects an input.
    public func signed(by issuer: Certificate, key issuerKey: PrivateKey) throws(X509Error) -> Certificate {
        try build(
            issuerName: issuer.subject.derEncoded, issuerKeyIdentifier: issuer.subjectKeyIdentifier,
            signingKey: issuerKey)
    }

    private func build(
        issuerName: [UInt8]?, issuerKeyIdentifier: [UInt8]?, signingKey: PrivateKey
    ) throws(X509Error) -> Certificate {
        OpenSSLErrorQueue.clear()
        guard let x509 = X509_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_new") }
        let owner = OpenSSLCertificate(owning: x509)
        func check(_ result: Int32, _ what: String) throws(X509Error) {
            guard result == 1 else { throw OpenSSLErrorQueue.error(.openSSLFailure, "\(what) failed") }
        }
        try check(X509_set_version(x509, 2), "X509_set_version")
        try setSerialNumber(x509)
        try setTime(notBefore, X509_set1_notBefore, x509, "notBefore")
        try setTime(notAfter, X509_set1_notAfter, x509, "notAfter")

        let subjectName = try makeName()
        defer { X509_NAME_free(subjectName) }
        try check(X509_set_subject_name(x509, subjectName), "X509_set_subject_name")
        if let issuerName {
            let name: OpaquePointer? = issuerName.withUnsafeBufferPointer { buffer in
                var cursor = buffer.baseAddress
                return d2i_X509_NAME(nil, &cursor, buffer.count)
            }
            guard let name else { throw OpenSSLErrorQueue.error(.openSSLFailure, "issuer Name does not decode") }
            defer { X509_NAME_free(name) }
            try check(X509_set_issuer_name(x509, name), "X509_set_issuer_name")
        } else {
            try check(X509_set_issuer_name(x509, subjectName), "X509_set_issuer_name")
        }
        try check(X509_set_pubkey(x509, publicKey.pointer), "X509_set_pubkey")

        if let basicConstraints { try addBasicConstraints(basicConstraints, x509) }
        let ownKeyIdentifier = try keyIdentifierForSubject(x509)
        if let ownKeyIdentifier {
            try addOctetString(ownKeyIdentifier, nid: NID_subject_key_identifier, critical: false, x509)
        }
        switch authorityKeyIdentifier {
        case .absent: break
        case .explicit(let bytes): try addAuthorityKeyIdentifier(bytes, x509)
        case .derived:
            let identifier = issuerName == nil ? ownKeyIdentifier : issuerKeyIdentifier
            if let identifier { try addAuthorityKeyIdentifier(identifier, x509) }
        }
        if let keyUsage { try addKeyUsage(keyUsage, x509) }
        if let extendedKeyUsage { try addExtendedKeyUsage(extendedKeyUsage, x509) }
        if !dnsNames.isEmpty || !uris.isEmpty { try addSubjectAlternativeNames(x509) }
        if !crlDistributionPointURIs.isEmpty { try addCRLDistributionPoints(x509) }
        for raw in rawExtensions { try addRaw(raw, x509) }

        let md = signingKey.algorithm.certificateSigningDigest
        guard X509_sign(x509, signingKey.pointer, md) > 0 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_sign")
        }
        return try Certificate(openSSL: owner)
    }

    private func setSerialNumber(_ x509: OpaquePointer) throws(X509Error) {
        var serial = serialNumber ?? []
        if serialNumber == nil {
            serial = [UInt8](repeating: 0, count: 16)
            guard RAND_bytes(&serial, 16) == 1 else { throw OpenSSLErrorQueue.error(.openSSLFailure, "RAND_bytes") }
            serial[0] &= 0x7f
            serial[0] |= 0x01
        }
        guard let number = BN_bin2bn(serial, Int32(serial.count), nil) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "BN_bin2bn")
        }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "BN_to_ASN1_INTEGER")
        }
        defer { ASN1_INTEGER_free(integer) }
        guard X509_set_serialNumber(x509, integer) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_set_serialNumber")
        }
    }

    private func setTime(
        _ date: Date, _ setter: (OpaquePointer?, UnsafePointer<ASN1_TIME>?) -> Int32, _ x509: OpaquePointer,
        _ what: String
    ) throws(X509Error) {
        guard let time = ASN1_TIME_set(nil, time_t(date.timeIntervalSince1970.rounded(.down))) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_TIME_set for \(what)")
        }
        defer { ASN1_TIME_free(time) }
        guard setter(x509, time) == 1 else { throw OpenSSLErrorQueue.error(.openSSLFailure, "setting \(what)") }
    }

    private func makeName() throws(X509Error) -> OpaquePointer {
        guard let name = X509_NAME_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_NAME_new") }
        for attribute in subject {
            let value = Array(attribute.value.utf8)
            guard X509_NAME_add_entry_by_txt(name, attribute.type, MBSTRING_UTF8, value, Int32(value.count), -1, 0) == 1
            else {
                X509_NAME_free(name)
                throw OpenSSLErrorQueue.error(.openSSLFailure, "Name attribute \(attribute.type)=\(attribute.value)")
            }
        }
        return name
    }

    private func keyIdentifierForSubject(_ x509: OpaquePointer) throws(X509Error) -> [UInt8]? {
        switch subjectKeyIdentifier {
        case .absent: return nil
        case .explicit(let bytes): return bytes
        case .derived:
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            guard X509_pubkey_digest(x509, EVP_sha1(), &digest, &length) == 1 else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_pubkey_digest")
            }
            return Array(digest.prefix(Int(length)))
        }
    }

    private func add(
        _ nid: Int32, _ value: UnsafeMutableRawPointer, critical: Bool, _ x509: OpaquePointer
    )
        throws(X509Error)
    {
        guard X509_add1_ext_i2d(x509, nid, value, critical ? 1 : 0, UInt(X509V3_ADD_DEFAULT)) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "adding extension \(nid)")
        }
    }

    private func addOctetString(_ bytes: [UInt8], nid: Int32, critical: Bool, _ x509: OpaquePointer) throws(X509Error) {
        guard let octets = ASN1_OCTET_STRING_new() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_OCTET_STRING_new")
        }
        defer { ASN1_OCTET_STRING_free(octets) }
        guard ASN1_OCTET_STRING_set(octets, bytes, Int32(bytes.count)) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_OCTET_STRING_set")
        }
        try add(nid, UnsafeMutableRawPointer(octets), critical: critical, x509)
    }

    private func addAuthorityKeyIdentifier(_ bytes: [UInt8], _ x509: OpaquePointer) throws(X509Error) {
        guard let aki = AUTHORITY_KEYID_new(), let octets = ASN1_OCTET_STRING_new() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "AUTHORITY_KEYID_new")
        }
        aki.pointee.keyid = octets  // owned by aki from here on
        defer { AUTHORITY_KEYID_free(aki) }
        guard ASN1_OCTET_STRING_set(octets, bytes, Int32(bytes.count)) == 1 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_OCTET_STRING_set")
        }
        try add(NID_authority_key_identifier, UnsafeMutableRawPointer(aki), critical: false, x509)
    }

    private func addBasicConstraints(_ constraints: BasicConstraints, _ x509: OpaquePointer) throws(X509Error) {
        guard let value = BASIC_CONSTRAINTS_new() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "BASIC_CONSTRAINTS_new")
        }
        defer { BASIC_CONSTRAINTS_free(value) }
        value.pointee.ca = constraints.isCA ? 0xff : 0
        if let pathLength = constraints.pathLength {
            guard let integer = ASN1_INTEGER_new(), ASN1_INTEGER_set(integer, pathLength) == 1 else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_INTEGER_set")
            }
            value.pointee.pathlen = integer  // owned by value from here on
        }
        try add(NID_basic_constraints, UnsafeMutableRawPointer(value), critical: basicConstraintsIsCritical, x509)
    }

    private func addKeyUsage(_ usage: KeyUsage, _ x509: OpaquePointer) throws(X509Error) {
        guard let bits = ASN1_BIT_STRING_new() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_BIT_STRING_new")
        }
        defer { ASN1_BIT_STRING_free(bits) }
        for bit in 0..<9 where usage.rawValue & (1 << bit) != 0 {
            guard ASN1_BIT_STRING_set_bit(bits, Int32(bit), 1) == 1 else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_BIT_STRING_set_bit")
            }
        }
        try add(NID_key_usage, UnsafeMutableRawPointer(bits), critical: keyUsageIsCritical, x509)
    }

    private func addExtendedKeyUsage(_ oids: [String], _ x509: OpaquePointer) throws(X509Error) {
        guard let stack = shim_sk_ASN1_OBJECT_new_null() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "sk_new")
        }
        defer { shim_sk_ASN1_OBJECT_pop_free(stack) }
        for oid in oids {
            guard let object = OBJ_txt2obj(oid, 1) else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "bad EKU OID \(oid)")
            }
            guard shim_sk_ASN1_OBJECT_push(stack, object) > 0 else {
                ASN1_OBJECT_free(object)
                throw OpenSSLErrorQueue.error(.openSSLFailure, "sk_ASN1_OBJECT_push")
            }
        }
        try add(NID_ext_key_usage, UnsafeMutableRawPointer(stack), critical: extendedKeyUsageIsCritical, x509)
    }

    private func addSubjectAlternativeNames(_ x509: OpaquePointer) throws(X509Error) {
        guard let names = shim_sk_GENERAL_NAME_new_null() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "sk_new")
        }
        defer { shim_sk_GENERAL_NAME_pop_free(names) }
        for (type, value) in dnsNames.map({ (GEN_DNS, $0) }) + uris.map({ (GEN_URI, $0) }) {
            guard let name = GENERAL_NAME_new(), let string = ASN1_IA5STRING_new() else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "GENERAL_NAME_new")
            }
            let bytes = Array(value.utf8)
            ASN1_STRING_set(string, bytes, Int32(bytes.count))
            GENERAL_NAME_set0_value(name, type, UnsafeMutableRawPointer(string))
            guard shim_sk_GENERAL_NAME_push(names, name) > 0 else {
                GENERAL_NAME_free(name)
                throw OpenSSLErrorQueue.error(.openSSLFailure, "sk_GENERAL_NAME_push")
            }
        }
        try add(NID_subject_alt_name, UnsafeMutableRawPointer(names), critical: false, x509)
    }

    /// Made by OpenSSL's own extension configuration (`URI:…` values), one point per URI.
    private func addCRLDistributionPoints(_ x509: OpaquePointer) throws(X509Error) {
        guard !crlDistributionPointURIs.contains(where: { $0.contains(",") || $0.contains("\n") }) else {
            throw X509Error(.openSSLFailure, "a CRL distribution point URI may not contain ',' or a line break here")
        }
        let value = crlDistributionPointURIs.map { "URI:\($0)" }.joined(separator: ",")
        guard let ext = X509V3_EXT_conf_nid(nil, nil, NID_crl_distribution_points, value) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "cRLDistributionPoints \(value)")
        }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(x509, ext, -1) == 1 else { throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_add_ext") }
    }

    private func addRaw(_ raw: RawExtension, _ x509: OpaquePointer) throws(X509Error) {
        guard let object = OBJ_txt2obj(raw.oid, 1) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "bad OID \(raw.oid)")
        }
        defer { ASN1_OBJECT_free(object) }
        guard let octets = ASN1_OCTET_STRING_new() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_OCTET_STRING_new")
        }
        defer { ASN1_OCTET_STRING_free(octets) }
        ASN1_OCTET_STRING_set(octets, raw.value, Int32(raw.value.count))
        guard let ext = X509_EXTENSION_create_by_OBJ(nil, object, raw.isCritical ? 1 : 0, octets) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_EXTENSION_create_by_OBJ")
        }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(x509, ext, -1) == 1 else { throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_add_ext") }
    }
}
