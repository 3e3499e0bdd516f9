import COSE
import X509

/// A VICAL or RICAL as pipeline steps 3 and 4 open it: CBOR decoded with limits before any crypto, then the
/// COSE_Sign1 structure (RFC 9052 §4.2: untagged 4-array, tag 18 tolerated with a warning), no `crit` label we do not
/// understand (§3.1), `alg` in the protected header, an attached payload, and an x5chain (RFC 9360 §2) whose
/// certificates OpenSSL parses, in the header ISO/IEC 18013-5 names for the kind (VICAL unprotected, RICAL
/// protected; the other tolerated with a warning). A document that is not a COSE_Sign1 but looks like a JWS (a LoTE
/// given as a VICAL or RICAL) keeps its reason code, and its message says so.
package struct COSEListEnvelope: SignerCarrying {
    /// The signed list, exactly as received.
    package let bytes: [UInt8]
    /// The decoded COSE_Sign1.
    package let message: COSESign1
    /// Its attached payload, a slice of the bytes.
    package let payload: ArraySlice<UInt8>
    /// Its `alg`.
    package let algorithm: COSEAlgorithm
    /// The x5chain's first certificate.
    package let signer: Certificate
    /// The rest of the x5chain, as sent.
    package let intermediates: [Certificate]
    /// SHA-256 of the Sig_structure (RFC 9052 §4.4): the signed content (protected header and payload), the identity
    /// of a version for equivocation.
    package let contentSHA256: [UInt8]

    /// How many certificates the x5chain carried.
    package var x5chainCount: Int { intermediates.count + 1 }

    /// Opens `bytes` as a list of `kind`.
    /// - Parameters:
    ///   - bytes: the signed list as published.
    ///   - kind: the kind expected, for the x5chain's header and messages.
    ///   - x5chainProtected: whether ISO/IEC 18013-5 puts the kind's x5chain in the protected header.
    ///   - limits: the CBOR limits.
    ///   - findings: where tolerated oddities go.
    /// - Throws: ``TrustListError`` `malformed_cbor`, `limits_exceeded`, `not_cose_sign1`, `unknown_critical_header`,
    ///   `unsupported_alg`, `detached_payload`, `missing_x5chain`, `chain_invalid` (an x5chain entry OpenSSL cannot
    ///   parse).
    init(
        _ bytes: [UInt8], kind: ListKind, x5chainProtected: Bool, limits: CBORDecoder.Limits,
        _ findings: inout SourceFindings
    ) throws(TrustListError) {
        let message: COSESign1
        do {
            message = try Self.cose { try COSESign1(cborEncoded: bytes, limits: limits) }
        } catch {
            guard SignedDocumentFormat.guess(bytes) == .jws else { throw error }
            throw TrustListError(
                error.code,
                error.reason + "; the document is a JWS, as a JAdES LoTE is, not a COSE_Sign1: a LoTE is configured in "
                    + "the network's lotes (trustctl verify --kind lote)")
        }
        if message.isTagged { findings.warnings.add("COSE_Sign1 carries tag 18 (lists are sent untagged)") }
        try Self.cose { try message.checkCriticalHeaders() }
        algorithm = try Self.cose { try message.algorithm() }
        guard let payload = message.payloadSlice else {
            throw TrustListError(.detachedPayload, "the payload is detached (nil); a list must carry it")
        }
        guard let x5chain = try Self.cose({ try message.x5chain() }), !x5chain.certificates.isEmpty else {
            throw TrustListError(.missingX5Chain, "no x5chain (label 33) in either header, or an empty one")
        }
        if x5chain.isProtected != x5chainProtected {
            findings.warnings.add(
                "x5chain is in the \(x5chain.isProtected ? "protected" : "unprotected") header; ISO/IEC 18013-5 puts a "
                    + "\(kind.displayName)'s in the \(x5chainProtected ? "protected" : "unprotected") one")
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
        self.bytes = bytes
        self.message = message
        self.payload = payload
        signer = chain[0]
        intermediates = Array(chain.dropFirst())
        contentSHA256 = try Self.cose { try message.toBeSignedDigest(.sha256) }
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
