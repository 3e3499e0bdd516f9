/// The token's `sub` equals the URI it was fetched from, the `uri` of the credential's reference
/// (draft-ietf-oauth-status-list §8.3 step 4a), compared as strings (RFC 3986 §6.2.1, Simple String Comparison): a
/// token served for one URI never answers for another. Skipped when the candidate has no URI.
public struct StatusListSubjectPolicy: StatusListPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `status_list_sub_mismatch`.
    public func check(_ candidate: StatusListCandidate) throws(TrustListError) {
        guard let uri = candidate.uri, candidate.token.subject != uri else { return }
        throw TrustListError(
            .statusListSubMismatch,
            "the token's sub is \"\(candidate.token.subject)\", not the URI it was fetched from, \"\(uri)\" "
                + "(draft-ietf-oauth-status-list §8.3 step 4a)")
    }
}
