import COSE

/// One data element the issuer signed (ISO/IEC 18013-5 §8.3.2.1.2.2):
///
///     IssuerSignedItemBytes = #6.24(bstr .cbor IssuerSignedItem)
///     IssuerSignedItem = { "digestID": uint, "random": bstr, "elementIdentifier": tstr, "elementValue": any }
///
/// The MSO vouches for an element by the digest of its IssuerSignedItemBytes: tag 24, the byte string's head and the
/// encoded item, exactly as sent (§9.1.2.5). ``itemBytes`` are those bytes, never a re-encoding.
public struct IssuerSignedItem: Sendable {
    /// The digest's identifier in the MSO's `valueDigests` for the namespace.
    public let digestID: UInt64
    /// The random salt (§9.1.2.5: at least 16 bytes recommended); kept as sent.
    public let random: [UInt8]
    /// The element's identifier, e.g. `family_name`.
    public let elementIdentifier: String
    /// The element's value, decoded.
    public let elementValue: CBORNode
    /// IssuerSignedItemBytes exactly as sent: the digest input.
    public let itemBytes: ArraySlice<UInt8>
    /// Where it is, for messages: `documents[0].issuerSigned.nameSpaces.org.iso.18013.5.1[2]`.
    public let path: String

    /// Decodes one IssuerSignedItemBytes.
    /// - Parameters:
    ///   - reader: the tag-24 item.
    ///   - limits: the CBOR limits of the embedded item.
    /// - Throws: `malformed_mdoc` for another shape, `limits_exceeded`.
    init(_ reader: CBORReader, limits: CBORDecoder.Limits) throws(CredentialError) {
        let item = try MDocDecoding.embedded(reader, limits: limits)
        let map = try MDocDecoding.field { try item.map() }
        digestID = try MDocDecoding.field { try map.required("digestID").unsigned() }
        random = try MDocDecoding.field { try map.required("random").bytes() }
        elementIdentifier = try MDocDecoding.field { try map.required("elementIdentifier").text() }
        elementValue = try MDocDecoding.field { try map.required("elementValue").node }
        itemBytes = reader.node.encodedBytes
        path = reader.path
    }
}
