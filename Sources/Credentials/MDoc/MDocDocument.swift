import COSE

/// One document of a DeviceResponse (ISO/IEC 18013-5 §8.3.2.1.2.2):
///
///     Document = { "docType": DocType, "issuerSigned": IssuerSigned, "deviceSigned": DeviceSigned, ? "errors": Errors }
///
/// A Document without `deviceSigned` is accepted (an issuer-signed credential as a wallet stores it); its device
/// authentication is then `absent`. A bare IssuerSigned is a document whose docType comes from its MSO.
public struct MDocDocument: Sendable {
    /// The document's docType, e.g. `org.iso.18013.5.1.mDL`; nil for a bare IssuerSigned (the MSO then names it).
    public let docType: String?
    /// What the issuer signed.
    public let issuerSigned: IssuerSigned
    /// What the device signed; nil when absent.
    public let deviceSigned: DeviceSigned?
    /// `errors`: per namespace, the element identifiers not returned and their error codes; empty when absent.
    public let errors: [(nameSpace: String, elements: [(identifier: String, code: Int64)])]
    /// Where it is, for messages: `documents[0]`, or empty for a top-level document.
    public let path: String

    /// Decodes a Document map.
    /// - Throws: `malformed_mdoc` for another shape, `limits_exceeded`.
    init(_ reader: CBORReader, limits: MDocLimits) throws(CredentialError) {
        let map = try MDocDecoding.field { try reader.map() }
        path = reader.path
        docType = try MDocDecoding.field { try map.required("docType").text() }
        issuerSigned = try IssuerSigned(try MDocDecoding.field { try map.required("issuerSigned") }, limits: limits)
        deviceSigned = try map.optional("deviceSigned").map { reader throws(CredentialError) in
            try DeviceSigned(reader, limits: limits)
        }
        var errors: [(nameSpace: String, elements: [(identifier: String, code: Int64)])] = []
        if let errorsReader = map.optional("errors") {
            for (nameSpace, value) in try MDocDecoding.textKeyedEntries(errorsReader) {
                var elements: [(identifier: String, code: Int64)] = []
                for (identifier, code) in try MDocDecoding.textKeyedEntries(value) {
                    elements.append((identifier, try MDocDecoding.field { try code.int() }))
                }
                errors.append((nameSpace, elements))
            }
        }
        self.errors = errors
    }

    /// A bare IssuerSigned as a document.
    init(issuerSigned: IssuerSigned) {
        docType = nil
        self.issuerSigned = issuerSigned
        deviceSigned = nil
        errors = []
        path = issuerSigned.path
    }
}
