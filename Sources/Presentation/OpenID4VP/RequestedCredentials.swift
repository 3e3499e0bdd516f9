import JOSE

/// Reads what a request asks for out of its DCQL query (OpenID4VP 1.0 §6) or legacy Presentation Exchange definition,
/// for the consent screen: docTypes of `mso_mdoc` Credential Queries (`meta.doctype_value`, Appendix B.2.3) and
/// every claims path (§7), with `intent_to_retain` (Appendix B.2.4). The query itself is kept as received; reading is
/// lenient, and an element of an unexpected shape is skipped with a warning, since the wallet's matching, not this
/// summary, decides what is released.
enum RequestedCredentials {
    /// Fills `consent`'s docTypes and claims from a DCQL query or, without one, a `presentation_definition`.
    static func read(
        dcqlQuery: JSONValue?, presentationDefinition: JSONValue?, into consent: inout ConsentDetails,
        warnings: inout [String]
    ) {
        if let dcqlQuery {
            readDCQL(dcqlQuery, into: &consent, warnings: &warnings)
        } else if let presentationDefinition {
            readPresentationDefinition(presentationDefinition, into: &consent, warnings: &warnings)
        }
    }

    /// The `id`s of a DCQL query's Credential Queries (§6.1), what `transaction_data` entries refer to; nil without a
    /// DCQL query.
    static func queryIDs(_ dcqlQuery: JSONValue?) -> Set<String>? {
        guard let dcqlQuery else { return nil }
        return Set((dcqlQuery["credentials"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue })
    }

    private static func readDCQL(_ query: JSONValue, into consent: inout ConsentDetails, warnings: inout [String]) {
        guard let credentials = query["credentials"]?.arrayValue else {
            warnings.append("dcql_query.credentials: expected a non-empty array (OpenID4VP 1.0 §6)")
            return
        }
        for (index, credential) in credentials.enumerated() {
            let path = "dcql_query.credentials[\(index)]"
            guard credential.objectValue != nil else {
                warnings.append("\(path): expected an object, found \(credential.kindName)")
                continue
            }
            let id = credential["id"]?.stringValue
            let isMdoc = credential["format"]?.stringValue == "mso_mdoc"
            let docType = isMdoc ? credential["meta"]?["doctype_value"]?.stringValue : nil
            if let docType, !consent.requestedDocTypes.contains(docType) { consent.requestedDocTypes.append(docType) }
            guard let claims = credential["claims"] else { continue }
            guard let claimList = claims.arrayValue else {
                warnings.append("\(path).claims: expected an array, found \(claims.kindName)")
                continue
            }
            for (claimIndex, claim) in claimList.enumerated() {
                guard let pointer = claimPath(claim, mdoc: isMdoc) else {
                    warnings.append("\(path).claims[\(claimIndex)].path: expected a non-empty claims path (§7)")
                    continue
                }
                consent.requestedClaims.append(
                    RequestedClaim(
                        credentialID: id, docType: docType, path: pointer,
                        intentToRetain: claim["intent_to_retain"]?.boolValue))
            }
        }
    }

    /// A claims path pointer (§7): strings, non-negative integers and null; for drafts' mdoc claims, `namespace` and
    /// `claim_name` instead.
    private static func claimPath(_ claim: JSONValue, mdoc: Bool) -> [ClaimPathElement]? {
        if let elements = claim["path"]?.arrayValue, !elements.isEmpty {
            var path: [ClaimPathElement] = []
            for element in elements {
                switch element {
                case .string(let key): path.append(.key(key))
                case .null: path.append(.all)
                default:
                    guard let index = element.integerValue, index >= 0, index <= Int64(Int.max) else { return nil }
                    path.append(.index(Int(index)))
                }
            }
            return path
        }
        if mdoc, let namespace = claim["namespace"]?.stringValue, let name = claim["claim_name"]?.stringValue {
            return [.key(namespace), .key(name)]
        }
        return nil
    }

    /// DIF Presentation Exchange as ISO/IEC 18013-7 uses it: each input descriptor with an `mso_mdoc` format names
    /// the docType as its `id`. Claims are JSONPath expressions there and are not read.
    private static func readPresentationDefinition(
        _ definition: JSONValue, into consent: inout ConsentDetails, warnings: inout [String]
    ) {
        warnings.append(
            "presentation_definition (Presentation Exchange, drafts before OpenID4VP 1.0): docTypes read from mdoc "
                + "input descriptor ids; claims are not listed")
        for descriptor in definition["input_descriptors"]?.arrayValue ?? [] {
            let format = descriptor["format"]?.objectValue ?? definition["format"]?.objectValue ?? [:]
            guard format["mso_mdoc"] != nil, let id = descriptor["id"]?.stringValue,
                !consent.requestedDocTypes.contains(id)
            else { continue }
            consent.requestedDocTypes.append(id)
        }
    }
}
