import Foundation
import JOSE
import X509

/// A LoTE as its kind opens it (LoTE step 1): a JAdES signature (a JWS in the compact or the JSON serialization,
/// ETSI TS 119 182-1) within the limits, with a closed `crit` (`sigT` only), a supported public-key `alg` (never
/// `none` or HMAC), no `b64: false`, and an `x5c` whose certificates OpenSSL parses. An XML document (a LoTE signed
/// with XAdES) is `unsupported_format`; a COSE_Sign1 (a VICAL or RICAL given as a LoTE) is `malformed_jws` saying so.
/// The SHA-256 of the JWS signing input (the signed content, which equivocation is judged on) is taken here, with
/// the document's own in the same pass when the document begins with it (the compact form).
package struct JAdESEnvelope: SignerCarrying {
    /// The document, exactly as received.
    package let bytes: [UInt8]
    /// The decoded JAdES signature.
    package let signature: JAdESSignature
    /// SHA-256 of the JWS signing input: the protected header and the payload as signed.
    package let contentSHA256: [UInt8]
    /// SHA-256 of ``bytes``, when the one pass that made ``contentSHA256`` gave it; nil otherwise.
    package let documentSHA256: [UInt8]?

    /// The `x5c` leaf.
    package var signer: Certificate { signature.signer }
    /// The rest of `x5c`.
    package var intermediates: [Certificate] { Array(signature.certificates.dropFirst()) }

    /// Opens `bytes`.
    /// - Throws: ``TrustListError`` `unsupported_format`, `limits_exceeded`, `malformed_jws`, `malformed_json`,
    ///   `unsupported_alg`, `unknown_critical_header`, `malformed_x5c`.
    init(_ bytes: [UInt8], limits: JWS.Limits, _ findings: inout SourceFindings) throws(TrustListError) {
        switch SignedDocumentFormat.guess(bytes) {
        case .xml:
            throw TrustListError(
                .unsupportedFormat,
                "the document is XML: XML LoTEs (XAdES) are not supported; a JAdES (JWS) LoTE is expected")
        case .coseSign1:
            throw TrustListError(
                .malformedJWS,
                "the document is CBOR, a COSE_Sign1 as VICALs and RICALs are, not a JAdES (JWS) LoTE: a VICAL or RICAL "
                    + "is configured as the network's vical or rical (trustctl verify --kind vical|rical)")
        case .jws, nil: break
        }
        let signature = try Self.jose { () throws(JOSEError) in
            try JAdESSignature(serialized: bytes, limits: limits)
        }
        for warning in signature.warnings { findings.warnings.add(warning) }
        self.bytes = bytes
        self.signature = signature
        let input = signature.jws.signingInput
        if Self.starts(bytes, with: input) {
            let digests = Digest.sha256.hash(bytes, prefix: input.count)
            contentSHA256 = digests.prefix
            documentSHA256 = digests.whole
        } else {
            contentSHA256 = Digest.sha256.hash(input)
            documentSHA256 = nil
        }
    }

    /// Runs a JOSE-module step; its error keeps its code (one vocabulary).
    static func jose<T>(_ body: () throws(JOSEError) -> T) throws(TrustListError) -> T {
        do {
            return try body()
        } catch {
            throw TrustListError(error.code, error.reason)
        }
    }

    /// Whether `bytes` begins with `prefix`, compared with `memcmp`.
    private static func starts(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        guard prefix.count <= bytes.count else { return false }
        return bytes.withUnsafeBytes { whole in
            prefix.withUnsafeBytes { part in
                guard let wholeBase = whole.baseAddress, let partBase = part.baseAddress else { return part.isEmpty }
                return memcmp(wholeBase, partBase, part.count) == 0
            }
        }
    }
}
