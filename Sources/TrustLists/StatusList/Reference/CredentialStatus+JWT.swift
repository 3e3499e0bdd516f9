import JOSE

extension CredentialStatus {
    /// The `status` claim of an SD-JWT VC or other JOSE credential (draft-ietf-oauth-status-list §6.2): `status` an
    /// object, its `status_list` an object with `idx` (a non-negative integer) and `uri` (a URI string).
    /// - Parameter claims: the credential's JWT claims (after SD-JWT processing; `status` is not selectively
    ///   disclosable).
    /// - Returns: the status, or nil when the credential has no `status` claim.
    /// - Throws: ``TrustListError`` `malformed_status_reference` naming the member.
    public init?(jwtClaims claims: [String: JOSE.JSONValue]) throws(TrustListError) {
        guard let status = claims["status"] else { return nil }
        guard let object = status.objectValue else {
            throw Self.malformed("status", "an object of status mechanisms (§6.2)", found: status.kindName)
        }
        guard let list = object["status_list"] else {
            self = .unsupported(mechanisms: object.keys.sorted())
            return
        }
        guard let members = list.objectValue else {
            throw Self.malformed("status.status_list", "an object with idx and uri (§6.2)", found: list.kindName)
        }
        guard let indexValue = members["idx"] else {
            throw TrustListError(.malformedStatusReference, "status.status_list.idx is missing (§6.2)")
        }
        guard let index = indexValue.integerValue, index >= 0 else {
            throw Self.malformed(
                "status.status_list.idx", "a non-negative integer",
                found: indexValue.numberValue.map { "\($0)" } ?? indexValue.kindName)
        }
        guard let uriValue = members["uri"] else {
            throw TrustListError(.malformedStatusReference, "status.status_list.uri is missing (§6.2)")
        }
        guard let uri = uriValue.stringValue else {
            throw Self.malformed("status.status_list.uri", "a URI string", found: uriValue.kindName)
        }
        try Self.checkURI(uri, path: "status.status_list.uri")
        self = .statusList(StatusListReference(index: UInt64(index), uri: uri))
    }

    /// The error for a member of the wrong shape.
    static func malformed(_ path: String, _ expected: String, found: String) -> TrustListError {
        TrustListError(.malformedStatusReference, "\(path): expected \(expected), found \(found)")
    }

    /// A `uri` must be an absolute URI (RFC 3986 §4.3: a scheme, then `:`): the list is fetched from it and its
    /// token's `sub` compared with it.
    static func checkURI(_ uri: String, path: String) throws(TrustListError) {
        let scheme = uri.prefix { $0 != ":" }
        guard scheme.count < uri.count, let first = scheme.unicodeScalars.first,
            ("a"..."z").contains(first) || ("A"..."Z").contains(first),
            scheme.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "+-.".unicodeScalars.contains($0)
            }), uri.count > scheme.count + 1
        else {
            throw malformed(path, "an absolute URI with a scheme (RFC 3986 §4.3)", found: "\"\(uri.prefix(200))\"")
        }
    }
}
