internal import COpenSSL
import Foundation

/// Builds and signs a complete X.509 v2 CRL (RFC 5280 §5) with OpenSSL (`X509_CRL_new`, `X509_CRL_add0_revoked`,
/// `X509_CRL_add1_ext_i2d`, `X509_CRL_sign`), in ISO/IEC 18013-5 Table B.10's profile by default: issuer = the CA's
/// subject, authorityKeyIdentifier = the CA's subjectKeyIdentifier, a cRLNumber, nextUpdate present, no entry
/// extensions. For the demo network, tests and benchmarks; a CA's real CRLs come from its own software.
public struct CRLBuilder {
    /// One revoked certificate.
    public struct Entry: Sendable {
        /// The serial's content octets as ``Certificate/serialNumber`` gives them, or its magnitude (non-negative).
        public var serialNumber: [UInt8]
        /// When it was revoked, UTC (whole seconds).
        public var revocationDate: Date

        /// An entry.
        public init(serialNumber: [UInt8], revocationDate: Date) {
            self.serialNumber = serialNumber
            self.revocationDate = revocationDate
        }
    }

    /// thisUpdate, UTC.
    public var thisUpdate: Date
    /// nextUpdate, UTC; nil leaves it out (which RFC 5280 §5.1.2.5 forbids; for tests).
    public var nextUpdate: Date?
    /// The cRLNumber; nil leaves the extension out.
    public var crlNumber: UInt64?
    /// Whether the authorityKeyIdentifier extension is added (when the CA has a subjectKeyIdentifier).
    public var includesAuthorityKeyIdentifier = true
    /// The revoked certificates, in order.
    public var entries: [Entry] = []

    /// A builder with the required times.
    public init(thisUpdate: Date, nextUpdate: Date?, crlNumber: UInt64? = 1) {
        self.thisUpdate = thisUpdate
        self.nextUpdate = nextUpdate
        self.crlNumber = crlNumber
    }

    /// Signs the CRL as `issuer` with `key`.
    /// - Parameters:
    ///   - issuer: the CA certificate: its subject becomes the CRL's issuer, its SKI the AKI.
    ///   - key: the CA's private key (EC P-256/P-384/P-521 with SHA-256/384/512, or Ed25519).
    /// - Returns: the DER CertificateList.
    /// - Throws: ``X509Error`` `openSSLFailure` when OpenSSL rejects an input.
    public func signed(by issuer: Certificate, key: PrivateKey) throws(X509Error) -> [UInt8] {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        guard let crl = X509_CRL_new() else { throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_CRL_new") }
        defer { X509_CRL_free(crl) }
        func check(_ result: Int32, _ what: String) throws(X509Error) {
            guard result == 1 else { throw OpenSSLErrorQueue.error(.openSSLFailure, "\(what) failed") }
        }
        try check(X509_CRL_set_version(crl, 1), "X509_CRL_set_version")
        let name: OpaquePointer? = issuer.subject.derEncoded.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_X509_NAME(nil, &cursor, buffer.count)
        }
        guard let name else { throw OpenSSLErrorQueue.error(.openSSLFailure, "the issuer Name does not decode") }
        defer { X509_NAME_free(name) }
        try check(X509_CRL_set_issuer_name(crl, name), "X509_CRL_set_issuer_name")
        try Self.withTime(thisUpdate) { time throws(X509Error) in
            try check(X509_CRL_set1_lastUpdate(crl, time), "X509_CRL_set1_lastUpdate")
        }
        if let nextUpdate {
            try Self.withTime(nextUpdate) { time throws(X509Error) in
                try check(X509_CRL_set1_nextUpdate(crl, time), "X509_CRL_set1_nextUpdate")
            }
        }
        if let crlNumber {
            guard let integer = ASN1_INTEGER_new() else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_INTEGER")
            }
            defer { ASN1_INTEGER_free(integer) }
            try check(ASN1_INTEGER_set_uint64(integer, crlNumber), "ASN1_INTEGER_set_uint64")
            try check(X509_CRL_add1_ext_i2d(crl, NID_crl_number, integer, 0, 0), "adding cRLNumber")
        }
        if includesAuthorityKeyIdentifier, let keyID = issuer.subjectKeyIdentifier {
            guard let aki = AUTHORITY_KEYID_new(), let octets = ASN1_OCTET_STRING_new() else {
                throw OpenSSLErrorQueue.error(.openSSLFailure, "AUTHORITY_KEYID_new")
            }
            aki.pointee.keyid = octets
            defer { AUTHORITY_KEYID_free(aki) }
            try check(ASN1_OCTET_STRING_set(octets, keyID, Int32(keyID.count)), "ASN1_OCTET_STRING_set")
            try check(X509_CRL_add1_ext_i2d(crl, NID_authority_key_identifier, aki, 0, 0), "adding the AKI")
        }
        for entry in entries { try Self.add(entry, to: crl) }
        try check(X509_CRL_sort(crl), "X509_CRL_sort")
        let md = key.algorithm.certificateSigningDigest
        guard X509_CRL_sign(crl, key.pointer, md) > 0 else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_CRL_sign")
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_X509_CRL(crl, &output)
        guard length > 0, let output else { throw OpenSSLErrorQueue.error(.openSSLFailure, "i2d_X509_CRL") }
        defer { shim_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    private static func add(_ entry: Entry, to crl: OpaquePointer) throws(X509Error) {
        guard let revoked = X509_REVOKED_new() else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "X509_REVOKED_new")
        }
        guard let number = BN_bin2bn(entry.serialNumber, Int32(entry.serialNumber.count), nil) else {
            X509_REVOKED_free(revoked)
            throw OpenSSLErrorQueue.error(.openSSLFailure, "BN_bin2bn")
        }
        defer { BN_free(number) }
        guard let integer = BN_to_ASN1_INTEGER(number, nil) else {
            X509_REVOKED_free(revoked)
            throw OpenSSLErrorQueue.error(.openSSLFailure, "BN_to_ASN1_INTEGER")
        }
        defer { ASN1_INTEGER_free(integer) }
        let serialSet = X509_REVOKED_set_serialNumber(revoked, integer)
        let dateSet = try withTime(entry.revocationDate) { time in X509_REVOKED_set_revocationDate(revoked, time) }
        // X509_CRL_add0_revoked takes ownership on success only.
        guard serialSet == 1, dateSet == 1, X509_CRL_add0_revoked(crl, revoked) == 1 else {
            X509_REVOKED_free(revoked)
            throw OpenSSLErrorQueue.error(.openSSLFailure, "adding a revoked entry")
        }
    }

    private static func withTime<T>(
        _ date: Date, _ body: (UnsafeMutablePointer<ASN1_TIME>) throws(X509Error) -> T
    ) throws(X509Error) -> T {
        guard let time = ASN1_TIME_set(nil, time_t(date.timeIntervalSince1970.rounded(.down))) else {
            throw OpenSSLErrorQueue.error(.openSSLFailure, "ASN1_TIME_set")
        }
        defer { ASN1_TIME_free(time) }
        return try body(time)
    }
}
