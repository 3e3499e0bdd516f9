import Foundation
import X509

/// A Token Status List token (draft-ietf-oauth-status-list §5) as a kind of signed source (docs/architecture.md,
/// Status lists): a JWT or a CWT whose signer chains to **one** anchor the caller names (for an mdoc's list the IACA
/// of the document signer; for an SD-JWT VC's the issuer's anchor), issued for the URI it was fetched from, not
/// expired, whose `lst` inflates within the limits. Ordered by `iat`; the same `iat` with other signed content is
/// equivocation.
package enum StatusListKind: SignedSourceKind {
    /// What a token is checked against besides its bytes and the time.
    package struct Context: Sendable {
        /// The CA certificate the signer must chain to.
        package var anchor: Certificate
        /// The URI the token was fetched from, which `sub` must equal; nil when not checked (a file alone).
        package var uri: String?
        /// The only format accepted (an mdoc's list is a CWT; a response's `Content-Type` names one); nil for both.
        package var expectedFormat: StatusListTokenFormat?
        /// The signer's certificate as the credential's reference names it (an mdoc MSO's `status_list.certificate`):
        /// the signer when the token carries no certificates, and the one the token's signer must be when it does.
        package var signerCertificate: Certificate?
        /// Clock skew, limits, chain depth, expiry.
        package var settings: StatusListVerificationSettings
        /// The token already decoded from the bytes (a stored token verified again on load): decoded once.
        package var decoded: StatusListToken?

        /// A context from its parts.
        package init(
            anchor: Certificate, uri: String?, expectedFormat: StatusListTokenFormat? = nil,
            signerCertificate: Certificate? = nil,
            settings: StatusListVerificationSettings = StatusListVerificationSettings(), decoded: StatusListToken? = nil
        ) {
            self.anchor = anchor
            self.uri = uri
            self.expectedFormat = expectedFormat
            self.signerCertificate = signerCertificate
            self.settings = settings
            self.decoded = decoded
        }
    }

    package static var versionRules: VersionRules { .statusList }

    /// Decodes the token (``StatusListToken/init(bytes:format:limits:)``) unless the context holds it, checks its
    /// format against the one expected, and resolves its signer.
    /// - Throws: ``TrustListError``: the decoder's codes; `wrong_list_type` for a format other than the expected one;
    ///   `missing_x5chain` when no signer certificate is known; `status_list_signer_mismatch` when the token's signer
    ///   is not the reference's certificate.
    package static func open(
        _ bytes: [UInt8], _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> StatusListEnvelope {
        let token: StatusListToken
        if let decoded = context.decoded {
            token = decoded
        } else {
            token = try StatusListToken(bytes: bytes, limits: context.settings.limits)
        }
        if let expected = context.expectedFormat, token.format != expected {
            throw TrustListError(
                .wrongListType,
                "the status list token is a \(token.format.rawValue.uppercased()) where a "
                    + "\(expected.rawValue.uppercased()) is required (\(expected.mediaType))")
        }
        for warning in token.warnings { findings.warnings.add(warning) }
        let reference = context.signerCertificate
        guard let signer = token.certificates.first ?? reference else {
            let header = token.format == .jwt ? "x5c" : "x5chain (33)"
            throw TrustListError(
                .missingX5Chain,
                "the status list token carries no \(header) and no signer certificate was given: its signer cannot "
                    + "be checked against an anchor")
        }
        if let reference, reference != signer {
            throw TrustListError(
                .statusListSignerMismatch,
                "the credential's status reference names \(reference.subject) (sha256 \(reference.sha256Hex)) as the "
                    + "list's signer, but the token is signed by \(signer.subject) (sha256 \(signer.sha256Hex))")
        }
        return StatusListEnvelope(token: token, signer: signer, intermediates: Array(token.certificates.dropFirst()))
    }

    /// In order: the signature (`alg` fitting the signer's key), the signer's validity, `sub` = the URI, `iat` and
    /// `nbf` not in the future, and `exp` not past (when refused, ``StatusListVerificationSettings/refusesExpired``).
    package static func envelopePolicies(_ context: Context) -> [any SourcePolicy<StatusListEnvelope>] {
        policies {
            StatusListSignaturePolicy()
            StatusListSignerValidityPolicy()
            StatusListSubjectPolicy(uri: context.uri)
            StatusListIssuedAtPolicy(clockSkewSeconds: context.settings.clockSkewSeconds)
            if context.settings.refusesExpired { StatusListExpiryPolicy() }
        }
    }

    private static func policies(
        @PolicyBuilder<any SourcePolicy<StatusListEnvelope>> _ build: () -> [any SourcePolicy<StatusListEnvelope>]
    ) -> [any SourcePolicy<StatusListEnvelope>] { build() }

    /// The signer's chain to the context's anchor (``StatusListSignerChain``).
    package static func authenticate(
        _ envelope: StatusListEnvelope, _ context: Context, at time: Date
    ) throws(TrustListError) -> [Certificate] {
        try StatusListSignerChain.validate(
            envelope, to: context.anchor, at: time, maximumDepth: context.settings.maximumChainDepth)
    }

    /// None: a status list signer needs no EKU (ISO/IEC 18013-5 second edition names none; the draft's
    /// id-kp-oauthStatusSigning has no number yet).
    package static func signerPolicies(
        _ context: Context
    ) -> [any SourcePolicy<SignedEnvelope<StatusListEnvelope>>] { [] }

    /// Inflates `lst` within the limits (``CompressedStatusList/inflate(limits:)``).
    /// - Throws: ``TrustListError`` `malformed_status_list` or `limits_exceeded`.
    package static func decode(
        _ signed: SignedEnvelope<StatusListEnvelope>, _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> VerifiedStatusList {
        let token = signed.envelope.token
        return VerifiedStatusList(
            token: token, statusList: try token.statusList.inflate(limits: context.settings.limits),
            chain: signed.chain, verifiedAt: findings.time)
    }

    package static func contentPolicies(_ context: Context) -> [any SourcePolicy<VerifiedStatusList>] { [] }
}

extension VersionRules {
    /// Status lists: by `iat`; the same `iat` with other signed content is equivocation.
    package static let statusList = VersionRules(
        order: .dateThenNumber, numberName: "number", dateName: "iat", noun: "a status list token",
        rollback: .statusRollback, equivocation: .statusEquivocation)
}
