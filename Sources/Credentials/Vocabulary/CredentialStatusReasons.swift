import X509

// The reasons and the warning of a credential's status check (docs/architecture.md, Status lists): what the status
// list the credential names says at its index, and what a decision does when no list is at hand
// (`networks[].statusLists.mode`, docs/configuration.md).
extension ReasonCode {
    /// The credential's status in its issuer's status list is 0x01 INVALID: revoked (draft-ietf-oauth-status-list
    /// §7.1).
    public static let credentialRevoked = Self(rawValue: "credential_revoked")
    /// The credential's status is 0x02 SUSPENDED: temporarily invalid (§7.1).
    public static let credentialSuspended = Self(rawValue: "credential_suspended")
    /// The credential's status is a value other than VALID, INVALID and SUSPENDED (0x03, application-specific or
    /// reserved); the message names it. Never trusted.
    public static let credentialStatusUnknown = Self(rawValue: "credential_status_unknown")
    /// The credential names a status list and no statement can be made about it: its index is past the list's end (in
    /// every mode; §8.3 step 6), or, in mode `require`, no verified, unexpired list whose signer chains to the
    /// issuer's anchor is at hand (the list's own fault, e.g. `status_list_signer_mismatch`, is in the message).
    public static let statusUnavailable = Self(rawValue: "status_unavailable")
    /// Warning of mode `warn`: the credential names a status list and none was at hand; trusted without its status.
    public static let statusUnchecked = Self(rawValue: "status_unchecked")
}
