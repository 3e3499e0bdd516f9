import Foundation
import TrustLists
import X509

/// The status step of a credential decision (draft-ietf-oauth-status-list §8.3; docs/architecture.md, Status lists),
/// shared by mdoc and SD-JWT VC decisions once the issuer is trusted and what it signed is checked: the credential's
/// reference is looked up in a list a ``StatusListSource`` hands over, whose signer chains to the issuer's anchor.
///
/// 0x00 VALID passes; 0x01 `credential_revoked`; 0x02 `credential_suspended`; any other value
/// `credential_status_unknown`; an index past the list's end `status_unavailable` in every mode. No list at hand: by
/// the network's mode, `warn` trusted with the warning `status_unchecked`, `require` `status_unavailable`, `off`
/// nothing looked up.
enum StatusStep {
    /// What the step found: the reported check, a refusal, warnings.
    struct Outcome {
        var check: CredentialStatusCheck?
        var refusal: CredentialError?
        var warnings: [ReasonCode] = []
    }

    /// Runs the step.
    /// - Parameters:
    ///   - status: the credential's decoded status (nil when it names none), or the error of a malformed one.
    ///   - format: the token format the credential's kind requires (CWT for an mdoc), nil for both.
    ///   - anchor: the anchor the issuer's chain validated to.
    ///   - anchorCertificate: its certificate (from the chain as sent, else the trust); nil when unknown.
    ///   - source: the status lists.
    ///   - time: the decision time, UTC.
    static func run(
        _ status: Result<CredentialStatus?, TrustListError>, format: StatusListTokenFormat?,
        anchor: TrustDecision.Anchor?, anchorCertificate: Certificate?, source: any StatusListSource, at time: Date
    ) -> Outcome {
        let decoded: CredentialStatus?
        switch status {
        case .success(let value): decoded = value
        case .failure(let error): return Outcome(refusal: CredentialError(error.code, error.reason))
        }
        guard let decoded else { return Outcome() }
        let reference = decoded.statusListReference
        let network = anchor?.list.network
        let mode = source.statusListMode(network: network)
        guard mode != .off else {
            return Outcome(check: CredentialStatusCheck(checked: false, uri: reference?.uri, index: reference?.index))
        }
        guard let reference else {
            let reason = decoded.unsupportedReason
                ?? TrustListError(.statusMechanismUnsupported, "the credential's status names no status list")
            return byMode(mode, uri: nil, index: nil, reason)
        }
        guard let anchorCertificate else {
            return byMode(
                mode, uri: reference.uri, index: reference.index,
                TrustListError(
                    .statusListSignerMismatch,
                    "the issuer's anchor certificate is not known, so no status list signer can be checked against it"))
        }
        let list: VerifiedStatusList
        switch source.statusList(
            for: reference, format: format, anchor: anchorCertificate, network: network, at: time)
        {
        case .list(let found): list = found
        case .unavailable(let error): return byMode(mode, uri: reference.uri, index: reference.index, error)
        }
        switch list.lookup(reference.index) {
        case .indexOutOfRange(let index, let count):
            return Outcome(
                check: CredentialStatusCheck(
                    checked: true, uri: reference.uri, index: index, listIssuedAt: list.issuedAt,
                    listExpires: list.expires, reason: .statusUnavailable),
                refusal: CredentialError(
                    .statusUnavailable,
                    "status: index \(index) is past the end of the status list \(reference.uri) (\(count) entries); "
                        + "no statement about the credential can be made (draft-ietf-oauth-status-list §8.3)"))
        case .status(let value):
            let check = CredentialStatusCheck(
                checked: true, uri: reference.uri, index: reference.index, value: value, listIssuedAt: list.issuedAt,
                listExpires: list.expires)
            let listed =
                "the status list \(reference.uri) (iat \(Timestamp.text(list.issuedAt))) holds \(value.name) at "
                + "index \(reference.index)"
            switch value {
            case .valid:
                return Outcome(check: check)
            case .invalid:
                return Outcome(check: check, refusal: CredentialError(.credentialRevoked, "revoked: \(listed)"))
            case .suspended:
                return Outcome(check: check, refusal: CredentialError(.credentialSuspended, "suspended: \(listed)"))
            default:
                return Outcome(
                    check: check,
                    refusal: CredentialError(
                        .credentialStatusUnknown, "status \(value.name) is neither VALID, INVALID nor SUSPENDED: \(listed)"))
            }
        }
    }

    /// No list at hand: `warn` trusted with `status_unchecked`, `require` `status_unavailable`, the list's fault in
    /// the message and in the check.
    private static func byMode(
        _ mode: StatusListSettings.Mode, uri: String?, index: UInt64?, _ error: TrustListError
    ) -> Outcome {
        let check = CredentialStatusCheck(checked: false, uri: uri, index: index, reason: error.code)
        switch mode {
        case .require:
            return Outcome(
                check: check,
                refusal: CredentialError(
                    .statusUnavailable,
                    "status: no usable status list (statusLists.mode require): \(error.code.rawValue): \(error.reason)"))
        case .warn, .off:
            return Outcome(check: check, warnings: [.statusUnchecked])
        }
    }
}
