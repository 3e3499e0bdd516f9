internal import COpenSSL
import Foundation

/// An X.509 certificate revocation list (RFC 5280 §5), decoded by OpenSSL (`d2i_X509_CRL`) into values, with its
/// revoked serial numbers indexed once for lookups.
///
/// Decoding checks the structure only. Whether the CRL counts for a CA (its signature under that CA's key, its
/// issuer Name, its times, its profile) is decided by the caller: see ``isSigned(by:)`` and the `CRLVerifier` of
/// the TrustLists module. The OpenSSL object is kept for ``verifySignature(issuerKey:)``.
public struct CertificateRevocationList: Sendable {
    /// Largest input accepted, in bytes (DER or PEM). A CRL of 10^6 entries is about 40 MB of DER.
    public static let maximumSize = 128 * 1024 * 1024

    private let openSSL: OpenSSLCRL
    private let revoked: RevokedSerials
    private let tbsRange: Range<Int>

    /// The DER `CertificateList` as received (the content of the PEM block for PEM input).
    public let derEncoded: [UInt8]
    /// The CRL version: 1 or 2 (the RFC 5280 §5.1.2.1 value plus one).
    public let version: Int
    /// The issuer Name (RFC 5280 §5.1.2.3), as encoded in the CRL.
    public let issuer: DistinguishedName
    /// thisUpdate (RFC 5280 §5.1.2.4), UTC.
    public let thisUpdate: Date
    /// nextUpdate (RFC 5280 §5.1.2.5), UTC; nil when absent.
    public let nextUpdate: Date?
    /// The outer signatureAlgorithm OID, dotted (e.g. `1.2.840.10045.4.3.2`, ecdsa-with-SHA256).
    public let signatureAlgorithmOID: String
    /// cRLNumber (RFC 5280 §5.2.3) as a big-endian unsigned magnitude without leading zeros (zero is `[]`); nil when
    /// the extension is absent.
    public let crlNumber: [UInt8]?
    /// The keyIdentifier of the authorityKeyIdentifier extension (RFC 5280 §5.2.1); nil when absent.
    public let authorityKeyIdentifier: [UInt8]?
    /// The BaseCRLNumber of a delta CRL's deltaCRLIndicator (RFC 5280 §5.2.4), as ``crlNumber``; nil for a complete
    /// CRL.
    public let deltaBaseCRLNumber: [UInt8]?
    /// The issuingDistributionPoint extension (RFC 5280 §5.2.5); nil when absent.
    public let issuingDistributionPoint: IssuingDistributionPoint?
    /// OIDs of every CRL extension, dotted, in CRL order.
    public let extensionOIDs: [String]
    /// OIDs of the critical CRL extensions this module does not know (RFC 5280 §5.2 lists those it does). RFC 5280
    /// §5.2: a CRL with an unrecognized critical extension must not be used to determine revocation status.
    public let unknownCriticalExtensions: [String]
    /// The number of entries in revokedCertificates (RFC 5280 §5.1.2.6).
    public let revokedCount: Int
    /// Whether any entry carries extensions (ISO/IEC 18013-5 Table B.10 wants none).
    public let entryExtensionsPresent: Bool
    /// Whether an entry names a certificateIssuer (RFC 5280 §5.3.3): entries of other issuers, an indirect CRL.
    public let entryCertificateIssuerPresent: Bool
    /// OIDs of critical entry extensions this module does not know (reasonCode, invalidityDate and
    /// certificateIssuer are known), each once.
    public let unknownCriticalEntryExtensions: [String]

    /// Whether this is a delta CRL (deltaCRLIndicator present, RFC 5280 §5.2.4).
    public var isDelta: Bool { deltaBaseCRLNumber != nil }
    /// Whether this CRL may list certificates of other issuers: issuingDistributionPoint's indirectCRL, or an entry
    /// with a certificateIssuer (RFC 5280 §5.2.5, §5.3.3).
    public var isIndirect: Bool { issuingDistributionPoint?.indirectCRL == true || entryCertificateIssuerPresent }
    /// SHA-256 of ``derEncoded`` (32 bytes): the identity of these exact bytes.
    public var sha256: [UInt8] { Digest.sha256.hash(derEncoded) }
    /// SHA-256 of the DER `tbsCertList` (32 bytes): the identity of the signed content. Two CRLs with the same value
    /// say the same thing even when their (randomized ECDSA) signatures differ; the same cRLNumber with another
    /// value is equivocation.
    public var tbsSHA256: [UInt8] { Digest.sha256.hash(derEncoded[tbsRange]) }

    /// Decodes a CRL given as DER or as PEM (RFC 7468 `X509 CRL` block; text before and after the block is skipped).
    ///
    /// Input that starts with a SEQUENCE tag (0x30) is DER; anything else is read as PEM.
    /// - Parameters:
    ///   - bytes: the CRL as fetched.
    ///   - maxEntries: the most revoked certificates accepted.
    /// - Throws: ``X509Error`` `malformed_crl` when OpenSSL cannot decode the CRL (trailing bytes included) or a
    ///   field breaks RFC 5280 §5 (version, a time, an extension twice, a negative CRL number); `malformed_pem`
    ///   when PEM input holds no `X509 CRL` block or more than one; `limits_exceeded` over ``maximumSize`` bytes or
    ///   `maxEntries` entries.
    public init(derOrPEMEncoded bytes: [UInt8], maxEntries: Int = 2_000_000) throws(X509Error) {
        guard bytes.count <= Self.maximumSize else {
            throw X509Error(.limitsExceeded, "\(bytes.count) bytes; a CRL may have at most \(Self.maximumSize)")
        }
        guard !bytes.isEmpty else { throw X509Error(.malformedCRL, "empty input") }
        if bytes.first == 0x30 {
            try self.init(der: bytes, maxEntries: maxEntries)
            return
        }
        let blocks = try PEMBlocks.read(utf8: bytes, label: "X509 CRL", maximumSize: Self.maximumSize)
        guard blocks.count == 1 else {
            throw X509Error(.malformedPEM, "expected one X509 CRL block, found \(blocks.count)")
        }
        try self.init(der: blocks[0], maxEntries: maxEntries)
    }

    private init(der: [UInt8], maxEntries: Int) throws(X509Error) {
        let object = try OpenSSLCRL(derEncoded: der)
        let fields = try CRLDecoder.decode(der, crl: object, maxEntries: maxEntries)
        openSSL = object
        revoked = fields.revoked
        tbsRange = fields.tbsRange
        derEncoded = der
        version = fields.version
        issuer = fields.issuer
        thisUpdate = fields.thisUpdate
        nextUpdate = fields.nextUpdate
        signatureAlgorithmOID = fields.signatureAlgorithmOID
        crlNumber = fields.crlNumber
        authorityKeyIdentifier = fields.authorityKeyIdentifier
        deltaBaseCRLNumber = fields.deltaBaseCRLNumber
        issuingDistributionPoint = fields.issuingDistributionPoint
        extensionOIDs = fields.extensionOIDs
        unknownCriticalExtensions = fields.unknownCriticalExtensions
        revokedCount = fields.revokedCount
        entryExtensionsPresent = fields.entryExtensionsPresent
        entryCertificateIssuerPresent = fields.entryCertificateIssuerPresent
        unknownCriticalEntryExtensions = fields.unknownCriticalEntryExtensions
    }

    /// When the certificate with this serial number was revoked; nil when the CRL does not list it.
    /// - Parameter serialNumber: the serialNumber INTEGER's content octets, as ``Certificate/serialNumber`` gives
    ///   them (a leading 0x00 allowed). Both sides are compared by value, so encodings with and without leading
    ///   zeros match.
    /// - Returns: the entry's revocationDate (RFC 5280 §5.1.2.6), UTC; the earliest when a serial is listed twice.
    public func revocationDate(serialNumber: [UInt8]) -> Date? {
        revoked.revocationDate(serialContentOctets: serialNumber)
    }

    /// Whether the signature verifies under `issuerKey` (`X509_CRL_verify`, which also requires the two signature
    /// algorithm fields to agree, RFC 5280 §5.1.1.2).
    public func verifySignature(issuerKey: PublicKey) -> Bool {
        verify(with: issuerKey.pointer)
    }

    /// Whether the signature verifies under the public key of `certificate` (any key type OpenSSL reads, RSA
    /// included). Says nothing about names: compare ``issuer`` with the certificate's subject too.
    public func isSigned(by certificate: Certificate) -> Bool {
        guard let object = try? certificate.openSSL, let key = X509_get0_pubkey(object.pointer) else {
            OpenSSLErrorQueue.clear()
            return false
        }
        return verify(with: key)
    }

    private func verify(with key: OpaquePointer) -> Bool {
        OpenSSLErrorQueue.clear()
        defer { OpenSSLErrorQueue.clear() }
        return X509_CRL_verify(openSSL.pointer, key) == 1
    }
}
