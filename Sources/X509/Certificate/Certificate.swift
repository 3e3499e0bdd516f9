import Foundation
import Synchronization

/// An X.509 certificate (RFC 5280), parsed by OpenSSL into values.
///
/// A certificate given alone (``init(derEncoded:)-([UInt8])``) is decoded whole at init. A list entry
/// (``init(listedDER:)``) is decoded at init as far as verifying and indexing a list needs (every element's structure,
/// serial, validity, SKI, AKI, SHA-256); its Names and other extensions are decoded by OpenSSL when first read, and
/// when that fails the entry must not be trusted (``deferredDecodingError``; docs/architecture.md, "The snapshot").
/// The OpenSSL `X509` object and the public key, which cost far more on OpenSSL 3.0, are made on first use (chain
/// validation, signature checks) and kept. Two certificates are equal when their DER bytes are. A `Certificate` is a
/// value: copies share the decoded fields.
public struct Certificate: Sendable, Hashable, CustomStringConvertible {
    private let storage: Storage

    /// Parses a DER-encoded certificate (RFC 5280 §4.1), every field at once.
    /// - Parameter der: exactly one certificate, no trailing bytes, at most 64 KiB.
    /// - Throws: ``X509Error`` `malformedCertificate` naming the field that OpenSSL could not decode,
    ///   `inputTooLarge` over 64 KiB.
    public init(derEncoded der: [UInt8]) throws(X509Error) {
        let fields = try CertificateDecoder.decode(der)
        storage = Storage(der: der, fields: fields)
        _ = storage.deferred.storeIfNil(Deferred(.success(try CertificateDecoder.decodeDeferred(der, fields))))
    }

    /// Parses a list entry's DER certificate (RFC 5280 §4.1), leaving its Names and its extensions other than SKI and
    /// AKI to be decoded when first read (``extensions``, ``deferredDecodingError``).
    /// - Parameter der: exactly one certificate, no trailing bytes, at most 64 KiB.
    /// - Throws: ``X509Error`` `malformedCertificate` naming the element that is not well formed or the field that
    ///   OpenSSL could not decode, `inputTooLarge` over 64 KiB.
    public init(listedDER der: [UInt8]) throws(X509Error) {
        storage = Storage(der: der, fields: try CertificateDecoder.decode(der))
    }

    /// Parses a DER-encoded certificate from a byte slice; see ``init(derEncoded:)-([UInt8])``.
    public init(derEncoded der: ArraySlice<UInt8>) throws(X509Error) {
        try self.init(derEncoded: Array(der))
    }

    /// Parses exactly one PEM `CERTIFICATE` block (RFC 7468 §5).
    /// - Throws: `malformedPEM` when the text holds no certificate block or more than one; the errors of
    ///   ``init(derEncoded:)-([UInt8])`` for its content.
    public init(pemEncoded pem: String) throws(X509Error) {
        let all = try Certificate.certificates(pemEncoded: pem)
        guard all.count == 1 else {
            throw X509Error(.malformedPEM, "expected one CERTIFICATE block, found \(all.count)")
        }
        self = all[0]
    }

    /// Parses every PEM `CERTIFICATE` block of a text, in order (RFC 7468 §5), e.g. a chain file.
    /// - Returns: at least one certificate.
    /// - Throws: `malformedPEM` when there is none or a block is damaged (bad base64, missing END line);
    ///   `malformedCertificate` for a block that is not a certificate.
    public static func certificates(pemEncoded pem: String) throws(X509Error) -> [Certificate] {
        try PEMBlocks.read(pem, label: "CERTIFICATE").map { der throws(X509Error) in try Certificate(derEncoded: der) }
    }

    /// Parses a certificate file as found in the wild: one DER certificate (it starts with a SEQUENCE tag, 0x30), else
    /// every PEM `CERTIFICATE` block.
    /// - Throws: the errors of ``init(derEncoded:)-([UInt8])`` or ``certificates(pemEncoded:)``.
    public static func certificates(derOrPEMEncoded bytes: [UInt8]) throws(X509Error) -> [Certificate] {
        if bytes.first == 0x30 { return [try Certificate(derEncoded: bytes)] }
        return try certificates(pemEncoded: String(decoding: bytes, as: UTF8.self))
    }

    /// The DER encoding, exactly as given.
    public var derEncoded: [UInt8] { storage.der }
    /// SHA-256 of the DER encoding: the pin of a root, the identity of a list entry (32 bytes).
    public var sha256: [UInt8] { storage.sha256 }
    /// ``sha256`` as lower-case hex.
    public var sha256Hex: String { hexString(storage.sha256) }
    /// The PEM encoding (RFC 7468), with a trailing newline.
    public var pemEncoded: String { PEMBlocks.write(storage.der, label: "CERTIFICATE") }
    /// The subject Name (RFC 5280 §4.1.2.6).
    public var subject: DistinguishedName { storage.fields.subject }
    /// The issuer Name (RFC 5280 §4.1.2.4).
    public var issuer: DistinguishedName { storage.fields.issuer }
    /// The serialNumber INTEGER's content octets as in the DER (a leading 0x00 kept), RFC 5280 §4.1.2.2.
    public var serialNumber: [UInt8] { storage.fields.serialNumber }
    /// Start of the validity period, UTC (RFC 5280 §4.1.2.5).
    public var notBefore: Date { storage.fields.notBefore }
    /// End of the validity period, UTC, inclusive (RFC 5280 §4.1.2.5).
    public var notAfter: Date { storage.fields.notAfter }
    /// The signature algorithm OID of `tbsCertificate.signature`, dotted.
    public var signatureAlgorithmOID: String { storage.fields.signatureAlgorithmOID }
    /// The DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7).
    public var subjectPublicKeyInfo: [UInt8] { storage.fields.subjectPublicKeyInfo }
    /// The decoded extensions. For a list entry they are decoded on first read; when that fails this holds only the
    /// SKI and AKI and ``deferredDecodingError`` says why (the entry must not be trusted).
    public var extensions: CertificateExtensions {
        switch storage.deferredResult {
        case .success(let extensions): extensions
        case .failure:
            CertificateExtensions(
                subjectKeyIdentifier: storage.fields.subjectKeyIdentifier,
                authorityKeyIdentifier: storage.fields.authorityKeyIdentifier)
        }
    }
    /// Why OpenSSL could not decode a list entry's Names or extensions when first read (``init(listedDER:)``); nil
    /// when they decoded (always nil for a certificate decoded whole at init). The first failure of a certificate is
    /// also passed once to the handler of ``reportDeferredDecodingFailures(to:)``.
    public var deferredDecodingError: X509Error? {
        if case .failure(let error) = storage.deferredResult { return error }
        return nil
    }
    /// The subject key identifier's key id; nil when the extension is absent.
    public var subjectKeyIdentifier: [UInt8]? { storage.fields.subjectKeyIdentifier }
    /// The authority key identifier's key id; nil when absent.
    public var authorityKeyIdentifier: [UInt8]? { storage.fields.authorityKeyIdentifier }
    /// Extended key usage OIDs, dotted; nil when the extension is absent.
    public var extendedKeyUsage: [String]? { extensions.extendedKeyUsage }
    /// Key usage bits; nil when the extension is absent.
    public var keyUsage: KeyUsage? { extensions.keyUsage }
    /// Basic constraints; nil when absent.
    public var basicConstraints: BasicConstraints? { extensions.basicConstraints }
    /// Whether subject and issuer are the same Name (a self-issued certificate, RFC 5280 §3.2).
    public var isSelfIssued: Bool { subject == issuer }

    /// Whether the extended key usage extension lists `oid`. OpenSSL's chain validation does not check custom
    /// EKUs such as ISO/IEC 18013-5's, so callers check them with this.
    /// - Parameter oid: dotted OID, e.g. ``OID/vicalSignerEKU``.
    public func hasExtendedKeyUsage(_ oid: String) -> Bool {
        extensions.extendedKeyUsage?.contains(oid) ?? false
    }

    /// Whether `date` lies within notBefore...notAfter (both inclusive, RFC 5280 §4.1.2.5).
    public func isValid(at date: Date) -> Bool { notBefore <= date && date <= notAfter }

    /// The subject public key, decoded by OpenSSL on first use.
    /// - Throws: `unsupportedKey` for a key that is not EC P-256/P-384/P-521, Ed25519 or RSA, or does not decode.
    public var publicKey: PublicKey {
        get throws(X509Error) {
            try storage.publicKey.withLock { cached throws(X509Error) in
                if let cached { return cached }
                let key = try PublicKey(subjectPublicKeyInfo: storage.fields.subjectPublicKeyInfo)
                cached = key
                return key
            }
        }
    }

    /// The OpenSSL `X509` object, made with `d2i_X509` on first use.
    var openSSL: OpenSSLCertificate {
        get throws(X509Error) {
            try storage.openSSL.withLock { cached throws(X509Error) in
                if let cached { return cached }
                let object = try OpenSSLCertificate(derEncoded: storage.der)
                cached = object
                return object
            }
        }
    }

    /// Wraps an `X509` object that OpenSSL handed out (a chain it built), keeping it as this value's object.
    init(openSSL object: OpenSSLCertificate) throws(X509Error) {
        try self.init(derEncoded: try object.derEncoded())
        storage.openSSL.withLock { $0 = object }
    }

    /// Subject, serial and SHA-256, for logs.
    public var description: String {
        "Certificate(subject: \(subject), serial: \(hexString(serialNumber)), sha256: \(sha256Hex))"
    }

    /// Certificates are equal when their DER bytes are.
    public static func == (lhs: Certificate, rhs: Certificate) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.sha256 == rhs.storage.sha256 && lhs.storage.der == rhs.storage.der
    }
    /// Hashes the SHA-256, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage.sha256) }

    /// Has every failure to decode a list entry's deferred fields reported once to `handler` (e.g. a daemon's log), on
    /// the thread that first read them; replaces any earlier handler.
    /// - Parameter handler: receives the certificate and the error of ``deferredDecodingError``.
    public static func reportDeferredDecodingFailures(
        to handler: @escaping @Sendable (Certificate, X509Error) -> Void
    ) {
        deferredFailureHandler.withLock { $0 = handler }
    }

    /// The result of decoding the Names and extensions, kept as one reference.
    private final class Deferred: Sendable {
        let result: Result<CertificateExtensions, X509Error>
        init(_ result: Result<CertificateExtensions, X509Error>) { self.result = result }
    }

    private final class Storage: Sendable {
        let der: [UInt8]
        let sha256: [UInt8]
        let fields: CertificateDecoder.Fields
        /// Set at init for a certificate decoded whole, on first read for a list entry; read without a lock, since
        /// every decision reads its chain's extensions (two threads that find it unset may both decode it, and the
        /// first kept wins).
        let deferred = AtomicLazyReference<Deferred>()
        let publicKey = Mutex<PublicKey?>(nil)
        let openSSL = Mutex<OpenSSLCertificate?>(nil)

        init(der: [UInt8], fields: CertificateDecoder.Fields) {
            self.der = der
            self.sha256 = Digest.sha256.hash(der)
            self.fields = fields
        }

        var deferredResult: Result<CertificateExtensions, X509Error> {
            if let known = deferred.load() { return known.result }
            let decoded: Result<CertificateExtensions, X509Error>
            do {
                decoded = .success(try CertificateDecoder.decodeDeferred(der, fields))
            } catch {
                decoded = .failure(error)
            }
            let mine = Deferred(decoded)
            let kept = deferred.storeIfNil(mine)
            if kept === mine, case .failure(let error) = decoded,
                let handler = Certificate.deferredFailureHandler.withLock({ $0 })
            {
                handler(Certificate(storage: self), error)
            }
            return kept.result
        }
    }

    private init(storage: Storage) { self.storage = storage }

    private static let deferredFailureHandler = Mutex<(@Sendable (Certificate, X509Error) -> Void)?>(nil)
}
