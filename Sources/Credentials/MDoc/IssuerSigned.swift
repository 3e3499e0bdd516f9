import COSE

/// What the issuer signed of one document (ISO/IEC 18013-5 §8.3.2.1.2.2):
///
///     IssuerSigned = { ? "nameSpaces": IssuerNameSpaces, "issuerAuth": IssuerAuth }
///     IssuerNameSpaces = { + NameSpace => [ + IssuerSignedItemBytes ] }
///
/// `issuerAuth` is kept as the decoded item: whether it is a COSE_Sign1 with the document signer's chain is the
/// first step of the decision (`issuer_auth_invalid`), not a decoding failure.
public struct IssuerSigned: Sendable {
    /// One namespace's disclosed items, in the order sent.
    public struct NameSpace: Sendable {
        /// The namespace, e.g. `org.iso.18013.5.1`.
        public let name: String
        /// Its items.
        public let items: [IssuerSignedItem]
    }

    /// The disclosed namespaces, in the order sent; empty when `nameSpaces` is absent.
    public let nameSpaces: [NameSpace]
    /// `issuerAuth`, as decoded (a COSE_Sign1 when well-formed).
    public let issuerAuth: CBORNode
    /// Where it is, for messages: `documents[0].issuerSigned`.
    public let path: String

    /// Decodes an IssuerSigned map.
    /// - Throws: `malformed_mdoc` for another shape, `limits_exceeded` over ``MDocLimits``.
    init(_ reader: CBORReader, limits: MDocLimits) throws(CredentialError) {
        let map = try MDocDecoding.field { try reader.map() }
        path = reader.path
        issuerAuth = try MDocDecoding.field { try map.required("issuerAuth").node }
        guard let spaces = map.optional("nameSpaces") else {
            nameSpaces = []
            return
        }
        let entries = try MDocDecoding.textKeyedEntries(spaces)
        try limits.check(entries.count, limits.maxNameSpaces, "namespaces", at: spaces.path)
        var decoded: [NameSpace] = []
        for (name, value) in entries {
            let elements = try MDocDecoding.field { try value.array() }
            guard !elements.isEmpty else {
                throw CredentialError(
                    .malformedMDoc, "\(value.path): expected at least one IssuerSignedItemBytes, found none")
            }
            try limits.check(elements.count, limits.maxItemsPerNameSpace, "items", at: value.path)
            var items: [IssuerSignedItem] = []
            items.reserveCapacity(elements.count)
            for element in elements {
                items.append(try IssuerSignedItem(element, limits: limits.cbor))
            }
            decoded.append(NameSpace(name: name, items: items))
        }
        nameSpaces = decoded
    }
}
