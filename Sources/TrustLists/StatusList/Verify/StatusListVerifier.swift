import Foundation
import X509

/// Decides whether status list token bytes are a usable status list, signed by a certificate that chains to one
/// anchor (docs/architecture.md, Status lists): decode (``StatusListToken``), resolve the signer, run the ordered
/// ``StatusListPolicy`` values (the first that throws is the reason), then inflate `lst`. A pure function of the
/// bytes, the anchor, the URI, the time and the settings: no I/O, no clock.
///
/// Rollback and equivocation, which need the last token accepted for the URI, are not decided here: the token's
/// ``StatusListToken/mark`` is what the store orders tokens by.
public struct StatusListVerifier: Sendable {
    /// The certificate the signer must chain to: for an mdoc's status list the IACA of the document signer, never
    /// the document signer (ISO/IEC 18013-5 second edition); for an SD-JWT VC's, the issuer's anchor.
    public let anchor: Certificate
    /// The settings.
    public let settings: StatusListVerificationSettings

    /// Creates a verifier for lists whose signer chains to `anchor`.
    /// - Parameters:
    ///   - anchor: the CA certificate the signer must chain to.
    ///   - settings: clock skew, limits, chain depth, expiry.
    public init(anchor: Certificate, settings: StatusListVerificationSettings = StatusListVerificationSettings()) {
        self.anchor = anchor
        self.settings = settings
    }

    /// The policies, in order: signature, signer validity, signer chain to the anchor, `sub` = URI, `iat`/`nbf` not
    /// in the future, `exp` not past (when refused).
    public var policies: [any StatusListPolicy] {
        var policies: [any StatusListPolicy] = [
            StatusListSignaturePolicy(), StatusListSignerValidityPolicy(), StatusListSignerChainPolicy(),
            StatusListSubjectPolicy(), StatusListIssuedAtPolicy(),
        ]
        if settings.refusesExpired { policies.append(StatusListExpiryPolicy()) }
        return policies
    }

    /// Verifies a token as received.
    /// - Parameters:
    ///   - bytes: the token: a JWS compact serialization or a CWT.
    ///   - uri: the URI it was fetched from (the credential's reference), which `sub` must equal; nil to skip that
    ///     check (a file verified alone).
    ///   - time: the verification time, UTC.
    ///   - expectedFormat: the only format accepted, when one is required (an mdoc's list must be a CWT; a response's
    ///     `Content-Type` names one); nil accepts both.
    ///   - signerCertificate: the signer's certificate as the credential's reference names it (the mdoc MSO status
    ///     `certificate`): used when the token carries no certificates, and must be the token's signer when it does.
    ///   - additional: policies run after the standard ones.
    /// - Returns: the verified, inflated list.
    /// - Throws: ``TrustListError``: the codes of ``StatusListToken/init(bytes:format:limits:)``; `wrong_list_type`
    ///   for a format other than `expectedFormat`; `missing_x5chain` when no signer certificate is known;
    ///   `status_list_signer_mismatch` when the token's signer is not the reference's certificate; then those of
    ///   the policies (`unsupported_alg`, `weak_key`, `bad_signature`, `signer_expired`, `signer_not_yet_valid`,
    ///   `status_list_signer_mismatch`, `chain_invalid`, `status_list_sub_mismatch`, `date_in_future`,
    ///   `status_list_expired`) and of inflating (`malformed_status_list`, `limits_exceeded`).
    public func verify(
        _ bytes: [UInt8], uri: String?, at time: Date, expectedFormat: StatusListTokenFormat? = nil,
        signerCertificate: Certificate? = nil, additional: [any StatusListPolicy] = []
    ) throws(TrustListError) -> VerifiedStatusList {
        let token = try StatusListToken(bytes: bytes, limits: settings.limits)
        return try verify(
            token, uri: uri, at: time, expectedFormat: expectedFormat, signerCertificate: signerCertificate,
            additional: additional)
    }

    /// Verifies a token already decoded (a stored token verified again on load); see
    /// ``verify(_:uri:at:expectedFormat:signerCertificate:additional:)``.
    public func verify(
        _ token: StatusListToken, uri: String?, at time: Date, expectedFormat: StatusListTokenFormat? = nil,
        signerCertificate: Certificate? = nil, additional: [any StatusListPolicy] = []
    ) throws(TrustListError) -> VerifiedStatusList {
        if let expectedFormat, token.format != expectedFormat {
            throw TrustListError(
                .wrongListType,
                "the status list token is a \(token.format.rawValue.uppercased()) where a "
                    + "\(expectedFormat.rawValue.uppercased()) is required (\(expectedFormat.mediaType))")
        }
        let candidate = try self.candidate(token, uri: uri, at: time, signerCertificate: signerCertificate)
        for policy in policies + additional { try policy.check(candidate) }
        return VerifiedStatusList(
            token: token, statusList: try token.statusList.inflate(limits: settings.limits), signer: candidate.signer,
            anchor: anchor, verifiedAt: time)
    }

    /// The candidate the policies check: the signer from the token's certificates, else the reference's.
    func candidate(
        _ token: StatusListToken, uri: String?, at time: Date, signerCertificate: Certificate?
    ) throws(TrustListError) -> StatusListCandidate {
        let signer: Certificate
        if let first = token.certificates.first {
            if let signerCertificate, signerCertificate != first {
                throw TrustListError(
                    .statusListSignerMismatch,
                    "the credential's status reference names \(signerCertificate.subject) (sha256 "
                        + "\(signerCertificate.sha256Hex)) as the list's signer, but the token is signed by "
                        + "\(first.subject) (sha256 \(first.sha256Hex))")
            }
            signer = first
        } else if let signerCertificate {
            signer = signerCertificate
        } else {
            let header = token.format == .jwt ? "x5c" : "x5chain (33)"
            throw TrustListError(
                .missingX5Chain,
                "the status list token carries no \(header) and no signer certificate was given: its signer cannot "
                    + "be checked against an anchor")
        }
        return StatusListCandidate(
            token: token, signer: signer, intermediates: Array(token.certificates.dropFirst()), anchor: anchor,
            uri: uri, time: time, settings: settings)
    }
}
