import X509

// The reasons a Token Status List token (draft-ietf-oauth-status-list) is refused, and those of the status reference a
// credential carries (docs/architecture.md, Status lists). A token also meets the codes of the layers it is made of:
// `malformed_jws`, `malformed_json`, `malformed_x5c`, `weak_key` (JOSE), `malformed_cbor`, `not_cose_sign1`,
// `missing_x5chain` (COSE), `limits_exceeded`, `unsupported_alg`, `bad_signature`, `unknown_critical_header`,
// `malformed_certificate` (X509), and of the list pipeline: `wrong_list_type` (its `typ`), `date_in_future`,
// `chain_invalid`, `signer_expired`, `signer_not_yet_valid`.
extension ReasonCode {
    /// A status list token whose claims or `status_list` are not what draft-ietf-oauth-status-list §4–§5 require:
    /// `sub`, `iat` or `status_list` missing or of the wrong type, `bits` other than 1, 2, 4 or 8, `lst` not
    /// base64url (JWT) or not a byte string (CWT), `lst` that is not one complete zlib stream (RFC 1950) or that
    /// inflates to nothing, a `ttl` that is not a positive number. The message names the claim.
    public static let malformedStatusList = Self(rawValue: "malformed_status_list")
    /// The status list token's signer does not chain to the anchor it must chain to (for an mdoc's list, the IACA of
    /// the document signer, ISO/IEC 18013-5 second edition; for an SD-JWT VC's, the issuer's anchor), or the anchor
    /// given is not a CA certificate (a document signer is never the anchor of a status list).
    public static let statusListSignerMismatch = Self(rawValue: "status_list_signer_mismatch")
    /// The verification time is at or past the token's `exp` (draft-ietf-oauth-status-list §8.3 step 4c, RFC 7519
    /// §4.1.4).
    public static let statusListExpired = Self(rawValue: "status_list_expired")
    /// The token's `sub` is not the URI it was fetched from, which the credential's reference names
    /// (draft-ietf-oauth-status-list §8.3 step 4a).
    public static let statusListSubMismatch = Self(rawValue: "status_list_sub_mismatch")
    /// A credential's `status` is not of the shape draft-ietf-oauth-status-list §6.2 / §6.3 and ISO/IEC 18013-5
    /// (second edition) give it: `status` not an object / map, `status_list` without an integer `idx` ≥ 0 or a text
    /// `uri`, a `certificate` that is not a byte string. The message names the member.
    public static let malformedStatusReference = Self(rawValue: "malformed_status_reference")
    /// A credential's `status` names only a status mechanism this implementation does not check: the ISO/IEC
    /// 18013-5 `identifier_list`, or a mechanism registered later. The message names it.
    public static let statusMechanismUnsupported = Self(rawValue: "status_mechanism_unsupported")
    /// No status list for a credential's URI is at hand: none is cached, and none was fetched (the host is not in
    /// `statusLists.allowedHosts`, or the network's mode does not fetch).
    public static let statusListMissing = Self(rawValue: "status_list_missing")
}

extension ReasonCode {
    /// A status list token whose `iat` is earlier than that of the token already accepted for its URI
    /// (``VersionRules/statusList``).
    public static let statusRollback = Self(rawValue: "status_rollback")
    /// A status list token with the `iat` of the token already accepted for its URI but other signed content.
    public static let statusEquivocation = Self(rawValue: "status_equivocation")
}
