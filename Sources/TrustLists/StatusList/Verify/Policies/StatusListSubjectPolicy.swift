/// The token's `sub` equals the URI it was fetched from, the `uri` of the credential's reference
/// (draft-ietf-oauth-status-list §8.3 step 4a), compared as strings (RFC 3986 §6.2.1, Simple String Comparison): a
/// token served for one URI never answers for another.
package struct StatusListSubjectPolicy: SourcePolicy {
    /// The URI; nil checks nothing (a file verified alone).
    package let uri: String?

    /// A policy for tokens fetched from `uri`.
    package init(uri: String?) { self.uri = uri }

    /// - Throws: ``TrustListError`` `status_list_sub_mismatch`.
    package func check(_ envelope: StatusListEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        guard let uri, envelope.token.subject != uri else { return }
        throw TrustListError(
            .statusListSubMismatch,
            "the token's sub is \"\(envelope.token.subject)\", not the URI it was fetched from, \"\(uri)\" "
                + "(draft-ietf-oauth-status-list §8.3 step 4a)")
    }
}
