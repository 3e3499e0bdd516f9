import COSE

/// An mdoc as a wallet or a verifier holds it: a DeviceResponse (a verifier's input), a Document, or a bare
/// IssuerSigned (what a wallet stores), told apart by their keys (ISO/IEC 18013-5 §8.3.2.1.2.2): `status` for a
/// DeviceResponse, `issuerSigned` for a Document, `issuerAuth` for an IssuerSigned.
public enum MDocInput: Sendable {
    /// A DeviceResponse.
    case deviceResponse(DeviceResponse)
    /// One Document.
    case document(MDocDocument)
    /// A bare IssuerSigned.
    case issuerSigned(IssuerSigned)

    /// Decodes an mdoc, limits first.
    /// - Parameters:
    ///   - bytes: the CBOR encoding.
    ///   - limits: the bounds (``MDocLimits``).
    /// - Throws: `malformed_mdoc` when the bytes are not one CBOR map of one of the three shapes (a DeviceResponse
    ///   whose documents do not decode is still one: those documents carry their errors); `limits_exceeded`.
    public init(cborEncoded bytes: [UInt8], limits: MDocLimits = MDocLimits()) throws(CredentialError) {
        let node = try MDocDecoding.decode(bytes[...], limits: limits.cbor, context: "")
        let reader = CBORReader(node)
        let map = try MDocDecoding.field { try reader.map() }
        if map.optional("status") != nil || map.optional("documents") != nil {
            self = .deviceResponse(try DeviceResponse(reader, limits: limits))
        } else if map.optional("issuerSigned") != nil {
            self = .document(try MDocDocument(reader, limits: limits))
        } else if map.optional("issuerAuth") != nil {
            self = .issuerSigned(try IssuerSigned(reader, limits: limits))
        } else {
            let keys = map.keys(notIn: []).prefix(8).joined(separator: ", ")
            throw CredentialError(
                .malformedMDoc,
                "(top level): expected a DeviceResponse (status, documents), a Document (docType, issuerSigned) or an "
                    + "IssuerSigned (issuerAuth) (ISO/IEC 18013-5 §8.3.2.1.2.2), found a map with keys [\(keys)]")
        }
    }
}
