import COSE

extension CredentialStatus {
    /// The `status` of an mdoc's MobileSecurityObject (ISO/IEC 18013-5 second edition; draft-ietf-oauth-status-list
    /// §6.3): a map with text keys, `status_list` = {`idx`: uint, `uri`: tstr, ? `certificate`: bstr} and/or
    /// `identifier_list` = {`id`: bstr, `uri`: tstr, ? `certificate`: bstr}.
    /// - Parameter node: the value of the MSO's `status` key.
    /// - Returns: ``statusList(_:)`` when the MSO names one (even beside an identifier list), else
    ///   ``identifierList(_:)``, else ``unsupported(mechanisms:)``.
    /// - Throws: ``TrustListError`` `malformed_status_reference` naming the member.
    public init(msoStatus node: CBORNode) throws(TrustListError) {
        guard case .map(let entries) = node.content else {
            throw Self.malformed("status", "a map of status mechanisms (§6.3)", found: Self.kind(node))
        }
        let status = CBORMapReader(entries: entries, path: "status")
        if let list = status.optional("status_list") {
            let members = try Self.map(list.node, path: "status.status_list")
            guard let indexReader = members.optional("idx") else {
                throw TrustListError(.malformedStatusReference, "status.status_list.idx is missing (§6.3)")
            }
            guard case .unsigned(let index) = indexReader.node.content else {
                throw Self.malformed(
                    "status.status_list.idx", "an unsigned integer", found: Self.kind(indexReader.node))
            }
            let uri = try Self.uri(members, path: "status.status_list")
            let certificate = try Self.certificate(members, path: "status.status_list")
            self = .statusList(StatusListReference(index: index, uri: uri, certificate: certificate))
        } else if let list = status.optional("identifier_list") {
            let members = try Self.map(list.node, path: "status.identifier_list")
            guard let idReader = members.optional("id") else {
                throw TrustListError(.malformedStatusReference, "status.identifier_list.id is missing")
            }
            guard case .byteString(let identifier) = idReader.node.content else {
                throw Self.malformed("status.identifier_list.id", "a byte string", found: Self.kind(idReader.node))
            }
            self = .identifierList(
                IdentifierListReference(
                    identifier: Array(identifier), uri: try Self.uri(members, path: "status.identifier_list"),
                    certificate: try Self.certificate(members, path: "status.identifier_list")))
        } else {
            self = .unsupported(
                mechanisms: entries.map { entry in
                    if case .textString(let name) = entry.key.content { return name }
                    return entry.key.value.description
                })
        }
    }

    /// The members of a mechanism's map.
    static func map(_ node: CBORNode, path: String) throws(TrustListError) -> CBORMapReader {
        guard case .map(let entries) = node.content else {
            throw malformed(path, "a map", found: kind(node))
        }
        return CBORMapReader(entries: entries, path: path)
    }

    /// The required `uri` (tstr, an absolute URI).
    static func uri(_ members: CBORMapReader, path: String) throws(TrustListError) -> String {
        guard let reader = members.optional("uri") else {
            throw TrustListError(.malformedStatusReference, "\(path).uri is missing")
        }
        guard case .textString(let uri) = reader.node.content else {
            throw malformed("\(path).uri", "a text string", found: kind(reader.node))
        }
        try checkURI(uri, path: "\(path).uri")
        return uri
    }

    /// The optional `certificate` (bstr, the DER of the list's signer).
    static func certificate(_ members: CBORMapReader, path: String) throws(TrustListError) -> [UInt8]? {
        guard let reader = members.optional("certificate") else { return nil }
        guard case .byteString(let der) = reader.node.content else {
            throw malformed("\(path).certificate", "a byte string (a DER certificate)", found: kind(reader.node))
        }
        return Array(der)
    }

    /// The kind of an item in words, for messages.
    static func kind(_ node: CBORNode) -> String { StatusListToken.kind(CBORReader(node)) }
}
