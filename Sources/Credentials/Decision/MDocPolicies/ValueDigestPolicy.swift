import X509

/// Step 6 (ISO/IEC 18013-5 §9.3.1 step 4, §9.1.2.5): every disclosed IssuerSignedItemBytes, as sent, hashes with the
/// MSO's `digestAlgorithm` to `valueDigests[namespace][digestID]`. An item whose digest is missing or differs is
/// refused, never dropped; two items of one namespace with one digestID are refused. Refusal:
/// `value_digest_mismatch`, naming the item and its element. On success the context holds the vouched elements.
struct ValueDigestPolicy: MDocPolicy {
    /// The MSO's names of the digest algorithms (ISO/IEC 18013-5 §9.1.2.5).
    static let names: [Digest: String] = [.sha256: "SHA-256", .sha384: "SHA-384", .sha512: "SHA-512"]

    func check(_ context: inout MDocContext) -> CredentialError? {
        guard let mso = context.mso else { return CredentialError(.malformedMDoc, "no MSO") }
        var elements: [DocumentDecision.ElementGroup] = []
        for nameSpace in context.document.issuerSigned.nameSpaces {
            let digests = mso.valueDigests[nameSpace.name]
            var seen: [UInt64: String] = [:]
            for item in nameSpace.items {
                var element: String {
                    "\(item.path) (\(nameSpace.name) \(item.elementIdentifier), digestID \(item.digestID))"
                }
                if let earlier = seen.updateValue(item.elementIdentifier, forKey: item.digestID) {
                    return CredentialError(
                        .valueDigestMismatch, "\(element): digestID \(item.digestID) is also used by \(earlier)")
                }
                guard let digests else {
                    return CredentialError(
                        .valueDigestMismatch, "\(element): the MSO has no digests for namespace \(nameSpace.name)")
                }
                guard let expected = digests[item.digestID] else {
                    return CredentialError(
                        .valueDigestMismatch, "\(element): the MSO has no digest with this digestID")
                }
                guard mso.digestAlgorithm.hash(item.itemBytes).elementsEqual(expected) else {
                    return CredentialError(
                        .valueDigestMismatch,
                        "\(element): the \(Self.names[mso.digestAlgorithm] ?? "digest") of the IssuerSignedItemBytes "
                            + "is not the MSO's digest (the element was altered or belongs to another credential)")
                }
            }
            elements.append(.init(nameSpace: nameSpace.name, identifiers: nameSpace.items.map(\.elementIdentifier)))
        }
        context.elements = elements
        return nil
    }
}
