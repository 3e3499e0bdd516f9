import COSE
import X509

/// Pipeline steps 3 and 4: CBOR with limits before any crypto, then the COSE_Sign1 structure (RFC 9052 §4.2:
/// untagged 4-array, tag 18 tolerated with a warning), no `crit` label we do not understand (§3.1), `alg` in the
/// protected header, an attached payload, and an x5chain (RFC 9360 §2) whose certificates OpenSSL parses, in the header
/// ISO/IEC 18013-5 names for the kind (VICAL unprotected, RICAL protected; the other tolerated with a warning). A
/// document that is not a COSE_Sign1 but looks like a JWS (a LoTE given as a VICAL or RICAL) keeps its reason code,
/// and its message says so.
public struct COSEStructurePolicy: ListVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `malformed_cbor`, `limits_exceeded`, `not_cose_sign1`, `unknown_critical_header`,
    ///   `unsupported_alg`, `detached_payload`, `missing_x5chain`, `chain_invalid` (an x5chain entry OpenSSL cannot
    ///   parse).
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        let limits = candidate.settings.limits
        let message: COSESign1
        do {
            message = try Self.cose { try COSESign1(cborEncoded: candidate.bytes, limits: limits) }
        } catch {
            guard SignedDocumentFormat.guess(candidate.bytes) == .jws else { throw error }
            throw TrustListError(
                error.code,
                error.reason + "; the document is a JWS, as a JAdES LoTE is, not a COSE_Sign1: a LoTE is configured in "
                    + "the network's lotes (trustctl verify --kind lote)")
        }
        if message.isTagged { candidate.warnings.add("COSE_Sign1 carries tag 18 (lists are sent untagged)") }
        try Self.cose { try message.checkCriticalHeaders() }
        candidate.algorithm = try Self.cose { try message.algorithm() }
        guard let payload = message.payloadSlice else {
            throw TrustListError(.detachedPayload, "the payload is detached (nil); a list must carry it")
        }
        guard let x5chain = try Self.cose({ try message.x5chain() }) else {
            throw TrustListError(.missingX5Chain, "no x5chain (label 33) in either header")
        }
        let expectProtected = candidate.kind == .rical
        if x5chain.isProtected != expectProtected {
            candidate.warnings.add(
                "x5chain is in the \(x5chain.isProtected ? "protected" : "unprotected") header; ISO/IEC 18013-5 puts a "
                    + "\(candidate.kind.displayName)'s in the \(expectProtected ? "protected" : "unprotected") one")
        }
        var chain: [Certificate] = []
        for (index, der) in x5chain.certificates.enumerated() {
            do {
                chain.append(try CertificateCache.shared.certificate(derEncoded: der))
            } catch {
                throw TrustListError(
                    .chainInvalid, "x5chain[\(index)] is not a certificate OpenSSL can parse: \(error)")
            }
        }
        candidate.message = message
        candidate.payload = payload
        candidate.x5chain = chain
    }

    /// Runs a COSE-module step; its error keeps its code (one vocabulary), except a COSE_Sign1 of the wrong shape,
    /// which the list pipeline calls `not_cose_sign1`.
    static func cose<T>(_ body: () throws -> T) throws(TrustListError) -> T {
        do {
            return try body()
        } catch let error as COSEError {
            throw TrustListError(error.code == .unexpectedType ? .notCOSESign1 : error.code, error.reason)
        } catch {
            throw TrustListError(.notCOSESign1, "\(error)")
        }
    }
}
