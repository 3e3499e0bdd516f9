import Foundation
import X509

extension ReasonCode {
    /// A JAdES `sigT` (ETSI TS 119 182-1, the claimed signing time) outside the validity of the signer's certificate:
    /// the signature claims to have been made when the certificate could not make it.
    public static let signingTimeInvalid = Self(rawValue: "signing_time_invalid")
}

/// A JAdES baseline B signature (ETSI TS 119 182-1) decoded, not yet verified: a JWS in the compact or the JSON
/// serialization with one signature, whose protected header carries the signer's certificate chain in `x5c`, and may
/// carry the signing time `sigT` and the signer certificate's digest `x5t#S256`.
///
/// The rules on top of the JWS ones (``JWS``: `alg` a supported public-key algorithm, so `none` and HMAC are refused;
/// `b64: false` refused; the limits):
/// - `crit` is a closed list: `sigT` is the only extension understood; any other name in it is
///   `unknown_critical_header`.
/// - `x5c` is required (the verifier validates the signer's chain from it).
/// - `sigT`, when present, is an RFC 3339 date-time; when absent, a warning (some publishers omit it); when present
///   but not listed in `crit`, a warning (JAdES marks it critical).
/// - `x5t#S256`, when present, is the base64url SHA-256 of the `x5c` leaf (RFC 7515 §4.1.8), checked by
///   ``verifySignature()``.
///
/// Nothing here validates the chain: the caller does, against its pinned roots, before it trusts ``signer``.
public struct JAdESSignature: Sendable {
    /// The JWS header extensions this decoder processes, and so accepts in `crit`.
    public static let understoodCriticalHeaders: Set<String> = ["sigT"]

    /// The decoded JWS.
    public let jws: JWS
    /// The `x5c` certificates parsed by OpenSSL, the signer's first; never empty.
    public let certificates: [Certificate]
    /// The `sigT` signing time (UTC); nil when absent.
    public let signingTime: Date?
    /// The `x5t#S256` digest (32 bytes); nil when absent.
    public let certificateSHA256: [UInt8]?
    /// Tolerated oddities of the header, one line each.
    public let warnings: [String]

    /// The signer's certificate: the `x5c` leaf.
    public var signer: Certificate { certificates[0] }
    /// The signed payload.
    public var payload: [UInt8] { jws.payload }

    /// Decodes a JAdES signature from its serialized bytes: the JSON serialization when the first byte that is not
    /// JSON whitespace is `{`, otherwise the compact serialization (trailing whitespace, such as a file's final line
    /// break, ignored).
    /// - Parameters:
    ///   - bytes: the signed document.
    ///   - limits: the JWS limits (the whole document is bounded by ``JWS/Limits/maxCompactBytes``).
    /// - Throws: ``JOSEError``: those of ``JWS/init(compactSerialization:limits:understoodCriticalHeaders:)`` and
    ///   ``JWS/init(jsonSerialization:limits:understoodCriticalHeaders:)``; `malformed_x5c` when `x5c` is missing or
    ///   an entry is not a certificate; `malformed_jws` when `sigT` is not an RFC 3339 string or `x5t#S256` not the
    ///   base64url of 32 bytes.
    public init(serialized bytes: [UInt8], limits: JWS.Limits = JWS.Limits()) throws(JOSEError) {
        let understood = Self.understoodCriticalHeaders
        if Self.isJSONSerialization(bytes) {
            jws = try JWS(jsonSerialization: bytes, limits: limits, understoodCriticalHeaders: understood)
        } else {
            guard bytes.count <= limits.maxCompactBytes else {
                throw JOSEError(
                    .limitsExceeded,
                    "JWS of \(bytes.count) bytes; the limit is \(limits.maxCompactBytes) (compact serialization)")
            }
            let end = bytes.lastIndex(where: { !Self.isWhitespace($0) }).map { $0 + 1 } ?? 0
            jws = try JWS(compactBytes: bytes[..<end], limits: limits, understoodCriticalHeaders: understood)
        }
        guard let certificates = try jws.x5cCertificates() else {
            let unsigned =
                jws.unprotectedHeader?["x5c"] != nil ? " (it is only in the unprotected header, not signed)" : ""
            throw JOSEError(
                .malformedX5C,
                "header.x5c: missing\(unsigned); a JAdES signature here must carry the signer's certificate chain in its "
                    + "protected header (ETSI TS 119 182-1)")
        }
        self.certificates = certificates
        var warnings: [String] = []
        let header = jws.protectedHeader
        if let value = header["sigT"] {
            guard let text = value.stringValue else {
                throw JOSEError(.malformedJWS, "header.sigT: expected an RFC 3339 string, found \(value.kindName)")
            }
            switch RFC3339.parse(text) {
            case .success(let date): signingTime = date
            case .failure(let failure):
                throw JOSEError(
                    .malformedJWS, "header.sigT: expected an RFC 3339 date-time, found \"\(text)\" (\(failure.reason))")
            }
            let critical = header["crit"]?.arrayValue?.contains(.string("sigT")) ?? false
            if !critical { warnings.append("header.sigT is not listed in crit (JAdES marks it critical)") }
        } else {
            signingTime = nil
            if jws.unprotectedHeader?["sigT"] != nil {
                warnings.append("header.sigT is only in the unprotected header, not signed: ignored, no signing time")
            } else {
                warnings.append("header.sigT is absent: the signature carries no signing time")
            }
        }
        if let value = header["x5t#S256"] {
            guard let text = value.stringValue else {
                throw JOSEError(.malformedJWS, "header.x5t#S256: expected a base64url string, found \(value.kindName)")
            }
            let digest = try Base64URL.decode(text, path: "header.x5t#S256")
            guard digest.count == 32 else {
                throw JOSEError(
                    .malformedJWS, "header.x5t#S256: expected a SHA-256 digest of 32 bytes, found \(digest.count)")
            }
            certificateSHA256 = digest
        } else {
            certificateSHA256 = nil
        }
        self.warnings = warnings
    }

    /// Verifies the signature with the signer's key and checks the header against the signer's certificate: `alg`
    /// fits the `x5c` leaf's key, the signature verifies over the JWS signing input, `x5t#S256` (when present) is the
    /// leaf's SHA-256, and `sigT` (when present) lies inside the leaf's validity.
    ///
    /// Call it after validating the chain of ``certificates`` (the leaf's key is only as good as that chain).
    /// - Throws: ``JOSEError`` `unsupported_alg` (a key this package cannot use, or an `alg` that does not fit it),
    ///   `bad_signature`, `malformed_x5c` (`x5t#S256` of another certificate), `signing_time_invalid`.
    public func verifySignature() throws(JOSEError) {
        let key: PublicKey
        do {
            key = try signer.publicKey
        } catch {
            throw JOSEError(.unsupportedAlgorithm, "header.x5c[0]: the signer's key cannot be used: \(error.reason)")
        }
        try jws.verify(with: key)
        if let certificateSHA256, certificateSHA256 != signer.sha256 {
            throw JOSEError(
                .malformedX5C,
                "header.x5t#S256 is not the SHA-256 of the x5c leaf (RFC 7515 §4.1.8): another certificate")
        }
        if let signingTime, !signer.isValid(at: signingTime) {
            throw JOSEError(
                .signingTimeInvalid,
                "header.sigT \(RFC3339.string(from: signingTime) ?? "\(signingTime)") lies outside the signer's validity "
                    + "\(RFC3339.string(from: signer.notBefore) ?? "?") .. \(RFC3339.string(from: signer.notAfter) ?? "?")"
            )
        }
    }

    /// Whether `bytes` are in the JWS JSON serialization (RFC 7515 §7.2): the first byte that is not JSON whitespace
    /// is `{`. Anything else is read as the compact serialization.
    public static func isJSONSerialization(_ bytes: [UInt8]) -> Bool {
        bytes.first(where: { !isWhitespace($0) }) == UInt8(ascii: "{")
    }

    /// JSON whitespace (RFC 8259 §2): space, tab, line feed, carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
