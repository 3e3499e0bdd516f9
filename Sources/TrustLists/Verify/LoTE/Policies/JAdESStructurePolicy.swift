import JOSE

/// LoTE step 1: the document is a JAdES signature (a JWS in the compact or the JSON serialization, ETSI TS 119 182-1)
/// within the limits, with a closed `crit` (`sigT` only), a supported public-key `alg` (never `none` or HMAC), no
/// `b64: false`, and an `x5c` whose certificates OpenSSL parses. An XML document (a LoTE signed with XAdES) is
/// `unsupported_format`; a COSE_Sign1 (a VICAL or RICAL given as a LoTE) is `malformed_jws` saying so.
public struct JAdESStructurePolicy: LoTEVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `unsupported_format`, `limits_exceeded`, `malformed_jws`, `malformed_json`,
    ///   `unsupported_alg`, `unknown_critical_header`, `malformed_x5c`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        switch SignedDocumentFormat.guess(candidate.bytes) {
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
            try JAdESSignature(serialized: candidate.bytes, limits: candidate.settings.jwsLimits)
        }
        for warning in signature.warnings { candidate.warnings.add(warning) }
        candidate.signature = signature
    }

    /// Runs a JOSE-module step; its error keeps its code (one vocabulary).
    static func jose<T>(_ body: () throws(JOSEError) -> T) throws(TrustListError) -> T {
        do {
            return try body()
        } catch {
            throw TrustListError(error.code, error.reason)
        }
    }
}
