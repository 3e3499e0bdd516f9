import COSE
import Foundation
import X509

/// Decides whether signed list bytes are an authentic, current VICAL or RICAL: DESIGN.md pipeline steps 3 to 9
/// except rollback (which needs the store), as a pure function of the bytes, the pinned roots, the time and the
/// policy. No I/O.
public struct TrustListVerifier: Sendable {
    /// The pinned roots a signer chain must end in (self-signed only; no partial chains).
    public let anchors: [Certificate]
    /// The policy.
    public let policy: VerificationPolicy

    /// Creates a verifier.
    /// - Parameters:
    ///   - anchors: the pinned roots (their SHA-256 already checked against the configuration).
    ///   - policy: EKUs, clock skew, provider, decoding limits.
    public init(anchors: [Certificate], policy: VerificationPolicy = VerificationPolicy()) {
        self.anchors = anchors
        self.policy = policy
    }

    /// Verifies and decodes a signed list, in DESIGN.md's order: CBOR, COSE_Sign1, signature, chain, signer
    /// profile, payload, policy. The first failing step is the reason.
    /// - Parameters:
    ///   - bytes: the signed list (COSE_Sign1, untagged or tag 18).
    ///   - kind: the kind expected.
    ///   - time: the verification time (UTC): the refresh's start, or the list's own date for old fixtures.
    /// - Returns: the verified list.
    /// - Throws: ``TrustListError`` with one of `malformed_cbor`, `limits_exceeded`, `not_cose_sign1`,
    ///   `unknown_critical_header`, `unsupported_alg`, `missing_x5chain`, `detached_payload`, `bad_signature`,
    ///   `chain_invalid`, `signer_expired`, `signer_not_yet_valid`, `signer_eku`, `signer_key_usage`,
    ///   `malformed_payload`, `wrong_list_type`, `provider_mismatch`, `date_in_future`, `list_expired`.
    public func verify(_ bytes: [UInt8], kind: ListKind, at time: Date) throws(TrustListError) -> VerifiedList {
        var warnings = ListWarnings()

        // Steps 3 and 4: CBOR with limits, then the COSE_Sign1 structure and its headers.
        let message = try cose { try COSESign1(cborEncoded: bytes, limits: policy.limits) }
        if message.isTagged { warnings.add("COSE_Sign1 carries tag 18 (lists are sent untagged)") }
        try cose { try message.checkCriticalHeaders() }
        let algorithm = try cose { try message.algorithm() }
        guard let payload = message.payload else {
            throw TrustListError(.detachedPayload, "the payload is detached (nil); a list must carry it")
        }
        guard let x5chain = try cose({ try message.x5chain() }) else {
            throw TrustListError(.missingX5Chain, "no x5chain (label 33) in either header")
        }
        let expectProtected = kind == .rical
        if x5chain.isProtected != expectProtected {
            warnings.add(
                "x5chain is in the \(x5chain.isProtected ? "protected" : "unprotected") header; ISO/IEC 18013-5 puts a "
                    + "\(kind.displayName)'s in the \(expectProtected ? "protected" : "unprotected") one")
        }
        var chain: [Certificate] = []
        for (index, der) in x5chain.certificates.enumerated() {
            do {
                chain.append(try Certificate(derEncoded: der))
            } catch {
                throw TrustListError(
                    .chainInvalid, "x5chain[\(index)] is not a certificate OpenSSL can parse: \(error)")
            }
        }
        let signer = chain[0]

        // Step 5: the signature, with the x5chain leaf's key.
        let key: PublicKey
        do {
            key = try signer.publicKey
        } catch {
            throw TrustListError(.unsupportedAlgorithm, "the signer's key cannot be used: \(error.reason)")
        }
        try cose { try message.verifySignature(with: key) }

        // Step 6: the chain, to the pinned roots only, at the verification time.
        try SignerProfile.checkValidity(signer, at: time)
        let validator = ChainValidator(
            anchors: anchors, anchorRule: .selfSignedRootsOnly, maximumDepth: policy.maximumChainDepth)
        let validated: ValidatedChain
        switch validator.validate(leaf: signer, intermediates: Array(chain.dropFirst()), at: time) {
        case .valid(let result):
            validated = result
        case .invalid(let failure):
            throw TrustListError(.chainInvalid, "signer chain does not validate to a pinned root: \(failure)")
        }

        // Step 7: the signer profile, which OpenSSL does not check.
        try SignerProfile.checkUsage(signer, kind: kind, requiredEKU: policy.signerEKU(for: kind))

        // Step 8: the payload.
        let list = try TrustList.decode(payload: payload, kind: kind, limits: policy.limits, warnings: &warnings)

        // Step 9: policy (rollback is the refresh's, against the store).
        if let expected = policy.expectedProvider, list.provider != expected {
            throw TrustListError(
                .providerMismatch, "the list names provider \"\(list.provider)\"; expected \"\(expected)\"")
        }
        if list.date > time + policy.clockSkewSeconds {
            throw TrustListError(
                .dateInFuture,
                "date \(Timestamp.text(list.date)) is after \(Timestamp.text(time)) plus \(Int(policy.clockSkewSeconds)) s of clock skew"
            )
        }
        if let notAfter = list.notAfter, time > notAfter {
            throw TrustListError(
                .listExpired, "notAfter \(Timestamp.text(notAfter)) has passed (at \(Timestamp.text(time)))")
        }
        return VerifiedList(
            list: list, signedBytes: bytes, sha256: Digest.sha256.hash(bytes), signerChain: validated.certificates,
            algorithm: algorithm, x5chainCount: chain.count, verifiedAt: time, warnings: warnings.lines)
    }

    /// Runs a COSE-module step, mapping its error to the reason code of the same name.
    private func cose<T>(_ body: () throws -> T) throws(TrustListError) -> T {
        do {
            return try body()
        } catch let error as COSEError {
            let code =
                error.code == .unexpectedType
                ? TrustListError.Code.notCOSESign1 : TrustListError.Code(rawValue: error.code.rawValue)
            throw TrustListError(code, error.reason)
        } catch {
            throw TrustListError(.notCOSESign1, "\(error)")
        }
    }
}
