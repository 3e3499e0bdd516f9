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
    /// Where it is, for messages: `documents[0].issuerSigned.nameSpaces.org.iso.18013.5.1[2]` (made when asked).
    public var path: String { reader.displayPath }
    /// The IssuerSignedItemBytes item, for its path.
    private let reader: CBORReader

    /// Decodes one IssuerSignedItemBytes.
    /// - Parameters:
    ///   - reader: the tag-24 item.
    ///   - limits: the CBOR limits of the embedded item.
    /// - Throws: `malformed_mdoc` for another shape, `limits_exceeded`.
    init(_ reader: CBORReader, limits: CBORDecoder.Limits) throws(CredentialError) {
        guard case .tagged(24, let content) = reader.node.content, case .byteString(let bytes) = content.content else {
            throw CredentialError(
                .malformedMDoc,
                "\(reader.displayPath): expected tag 24 over a byte string (IssuerSignedItemBytes), found "
                    + MDocDecoding.kind(reader.node))
        }
        let node = try MDocDecoding.decode(bytes, limits: limits, context: "\(reader.displayPath) (tag 24 content)")
        // The item's members are read without paths (none is built unless a message needs one), then the item's path
        // is put before the message.
        do {
            let map = try CBORReader(node).map()
            digestID = try map.required("digestID").unsigned()
            random = try map.required("random").bytes()
            elementIdentifier = try map.required("elementIdentifier").text()
            elementValue = try map.required("elementValue").node
        } catch let error as COSEError {
            throw CredentialError(.malformedMDoc, "\(reader.displayPath) (IssuerSignedItem): \(error.reason)")
        } catch {
            throw CredentialError(.malformedMDoc, "\(reader.displayPath) (IssuerSignedItem): \(error)")
        }
        itemBytes = reader.node.encodedBytes
        self.reader = reader
    }
}
