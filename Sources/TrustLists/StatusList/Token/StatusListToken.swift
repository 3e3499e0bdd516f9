import COSE
import Foundation
import JOSE
import X509

/// A status list token (draft-ietf-oauth-status-list §5), decoded but not verified: a JWT (§5.1) or a CWT (§5.2) whose
/// type, claims and `status_list` have the shapes the draft requires, with the signer's certificates as sent.
///
/// Decoding checks limits first, then the envelope (JWS or COSE_Sign1), the type, and the claims: `sub`, `iat` and
/// `status_list` are required, so they are never optional here. Nothing is trusted yet: ``StatusListVerifier`` checks
/// the signature, the signer's chain to an anchor, `sub` against the URI and the times, then inflates `lst`.
public struct StatusListToken: Sendable {
    /// JWT or CWT.
    public let format: StatusListTokenFormat
    /// The signature algorithm the header names (`alg`): a supported public-key algorithm, never `none` or a MAC.
    public let algorithm: SignatureAlgorithm
    /// The type as received: the JWT `typ` or the CWT protected `typ` (16).
    public let type: String
    /// `sub` (JWT) / 2 (CWT): the URI of the status list token (§5.1, §5.2).
    public let subject: String
    /// `iat` / 6: when the token was issued, UTC.
    public let issuedAt: Date
    /// `exp` / 4: when the token expires, UTC; nil when absent.
    public let expires: Date?
    /// `nbf` / 5 (RFC 7519 §4.1.5, RFC 8392 §3.1.5): the time before which it must not be used; nil when absent.
    public let notBefore: Date?
    /// `ttl` / 65534: the most seconds a consumer may cache the token before fetching a fresh one; nil when absent.
    public let timeToLive: TimeInterval?
    /// `iss` / 1; nil when absent (the draft no longer requires it).
    public let issuer: String?
    /// `status_list` / 65533, not yet inflated.
    public let statusList: CompressedStatusList
    /// The certificates of `x5c` (JWT) or `x5chain` (CWT), signer first; empty when the token carries none (an mdoc's
    /// status reference may name the signer's certificate instead).
    public let certificates: [Certificate]
    /// SHA-256 of the signed content: the JWS signing input, or the CWT's `Sig_structure`.
    public let contentSHA256: [UInt8]
    /// The token as received (white space around a JWT included).
    public let signedBytes: [UInt8]
    /// SHA-256 of ``signedBytes``.
    public let sha256: [UInt8]
    /// Departures from the draft that do not stop the token from being used, one line each.
    public let warnings: [String]
    /// The signed envelope, for the signature check.
    let envelope: Envelope

    /// The signed envelope of a token.
    enum Envelope: Sendable {
        case jws(JWS)
        case cose(COSESign1)
    }

    /// Where the token stands among its URI's tokens (``StatusListKind``'s version rules): `iat`, no number, and the
    /// signed content, so that an earlier `iat` is a rollback and the same `iat` with other content equivocation; a
    /// token signed again over the same content (randomized ECDSA) is the same version.
    public var mark: VersionMark {
        VersionMark(date: issuedAt, number: [UInt8]?.none, contentSHA256: hexString(contentSHA256))
    }

    /// Decodes a status list token.
    /// - Parameters:
    ///   - bytes: the token as received: the JWS compact serialization (white space around it is ignored) or the
    ///     CWT's bytes.
    ///   - format: the format, when known (from the response's `Content-Type`); else
    ///     ``StatusListTokenFormat/guess(_:)``.
    ///   - limits: size bounds, checked before what they bound is read.
    /// - Throws: ``TrustListError`` with the code of the layer that refuses: `limits_exceeded`; for a JWT
    ///   `malformed_jws`, `malformed_json`, `malformed_x5c`, `unsupported_alg` (`none`, HMAC),
    ///   `unknown_critical_header`;
    ///   for a CWT `malformed_cbor`, `not_cose_sign1` (also a CWT tag 61 or a COSE_Mac0), `detached_payload`,
    ///   `unsupported_alg`, `unknown_critical_header`; `malformed_certificate` for a certificate OpenSSL cannot
    ///   parse; `wrong_list_type` for a `typ` that is absent or not the status list's; `malformed_status_list` for
    ///   claims of the wrong shape (the message names the claim).
    public init(
        bytes: [UInt8], format: StatusListTokenFormat? = nil, limits: StatusListLimits = StatusListLimits()
    ) throws(TrustListError) {
        guard bytes.count <= limits.maxTokenBytes else {
            throw TrustListError(
                .limitsExceeded, "the status list token has \(bytes.count) bytes; the limit is \(limits.maxTokenBytes)")
        }
        switch format ?? StatusListTokenFormat.guess(bytes) {
        case .jwt: self = try Self.decodeJWT(bytes, limits: limits)
        case .cwt: self = try Self.decodeCWT(bytes, limits: limits)
        }
    }

    /// A token from its decoded parts (the JWT and CWT decoders).
    init(
        format: StatusListTokenFormat, algorithm: SignatureAlgorithm, type: String, claims: StatusListClaims,
        certificates: [Certificate], contentSHA256: [UInt8], signedBytes: [UInt8], sha256: [UInt8],
        warnings: [String], envelope: Envelope
    ) {
        self.format = format
        self.algorithm = algorithm
        self.type = type
        self.subject = claims.subject
        self.issuedAt = claims.issuedAt
        self.expires = claims.expires
        self.notBefore = claims.notBefore
        self.timeToLive = claims.timeToLive
        self.issuer = claims.issuer
        self.statusList = claims.statusList
        self.certificates = certificates
        self.contentSHA256 = contentSHA256
        self.signedBytes = signedBytes
        self.sha256 = sha256
        self.warnings = warnings
        self.envelope = envelope
    }

    /// Verifies the signature with `key` (the signer certificate's), checking that ``algorithm`` fits it first.
    /// - Throws: ``TrustListError`` `unsupported_alg` (an `alg` of another key type), `weak_key` (a JWT PS256/384/512
    ///   over an RSA key under 2048 bits), `bad_signature`.
    public func verifySignature(with key: PublicKey) throws(TrustListError) {
        switch envelope {
        case .jws(let jws):
            do {
                try jws.verify(with: key)
            } catch {
                throw TrustListError(error.code, error.reason)
            }
        case .cose(let message):
            do {
                try message.verifySignature(with: key, toBeSignedSHA256: contentSHA256)
            } catch {
                throw TrustListError(error.code, error.reason)
            }
        }
    }

    /// Parses DER certificates (from `x5c` or `x5chain`) through the process's certificate cache.
    /// - Throws: ``TrustListError`` `malformed_certificate` naming the entry; `limits_exceeded` over the limit.
    static func certificates(
        _ ders: [[UInt8]], header: String, limits: StatusListLimits
    ) throws(TrustListError)
        -> [Certificate]
    {
        guard ders.count <= limits.maxCertificates else {
            throw TrustListError(
                .limitsExceeded, "\(header): \(ders.count) certificates; the limit is \(limits.maxCertificates)")
        }
        var certificates: [Certificate] = []
        for (index, der) in ders.enumerated() {
            do {
                certificates.append(try CertificateCache.shared.certificate(derEncoded: der))
            } catch {
                throw TrustListError(error.code, "\(header)[\(index)]: not an X.509 certificate: \(error.reason)")
            }
        }
        return certificates
    }
}
