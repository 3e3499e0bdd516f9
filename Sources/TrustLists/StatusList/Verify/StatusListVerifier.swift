import Foundation
import X509

/// Verifies status list tokens whose signer chains to one anchor: ``StatusListKind``'s pipeline (decode, signature,
/// signer validity, `sub`, times, the chain to the anchor, inflating `lst`; the first failure is the reason) with the
/// anchor and settings fixed. A pure function of the bytes, the anchor, the URI, the time and the settings: no I/O,
/// no clock.
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
    ///   - accepted: the URI's high-water mark, to refuse a rollback or an equivocation; nil to skip that rule.
    /// - Returns: the verified, inflated list.
    /// - Throws: ``TrustListError``: the codes of ``StatusListToken/init(bytes:format:limits:)``; `wrong_list_type`
    ///   for a format other than `expectedFormat`; `missing_x5chain` when no signer certificate is known;
    ///   `status_list_signer_mismatch` when the token's signer is not the reference's certificate; then, in order,
    ///   `unsupported_alg`, `weak_key`, `bad_signature`, `signer_expired`, `signer_not_yet_valid`,
    ///   `status_list_sub_mismatch`, `date_in_future`, `status_list_expired`, `status_list_signer_mismatch` or
    ///   `chain_invalid` (the chain), `malformed_status_list` or `limits_exceeded` (inflating), and `status_rollback`
    ///   or `status_equivocation` against `accepted`.
    public func verify(
        _ bytes: [UInt8], uri: String?, at time: Date, expectedFormat: StatusListTokenFormat? = nil,
        signerCertificate: Certificate? = nil, accepted: VersionMark? = nil
    ) throws(TrustListError) -> VerifiedStatusList {
        let context = StatusListKind.Context(
            anchor: anchor, uri: uri, expectedFormat: expectedFormat, signerCertificate: signerCertificate,
            settings: settings)
        return try StatusListKind.verify(bytes, context, at: time, accepted: accepted)
    }

    /// Verifies a token already decoded (a stored token verified again on load); see
    /// ``verify(_:uri:at:expectedFormat:signerCertificate:accepted:)``.
    public func verify(
        _ token: StatusListToken, uri: String?, at time: Date, expectedFormat: StatusListTokenFormat? = nil,
        signerCertificate: Certificate? = nil, accepted: VersionMark? = nil
    ) throws(TrustListError) -> VerifiedStatusList {
        let context = StatusListKind.Context(
            anchor: anchor, uri: uri, expectedFormat: expectedFormat, signerCertificate: signerCertificate,
            settings: settings, decoded: token)
        return try StatusListKind.verify(token.signedBytes, context, at: time, accepted: accepted)
    }
}
