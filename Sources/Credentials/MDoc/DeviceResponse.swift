import COSE

/// What an mdoc returns to a reader (ISO/IEC 18013-5 §8.3.2.1.2.2):
///
///     DeviceResponse = { "version": tstr, ? "documents": [ + Document ], ? "documentErrors": [ + DocumentError ],
///                        "status": uint }
///     DocumentError = { DocType => ErrorCode }
///
/// Each document is decoded on its own: one that does not decode is kept as its error (it is answered
/// `malformed_mdoc`), and the others are still decided.
public struct DeviceResponse: Sendable {
    /// `version`, e.g. `1.0`.
    public let version: String
    /// The documents in the order sent, each decoded or the reason it did not decode.
    public let documents: [Result<MDocDocument, CredentialError>]
    /// `documentErrors`: the docTypes not returned and their error codes, in the order sent.
    public let documentErrors: [(docType: String, code: Int64)]
    /// `status` (§8.3.2.1.2.3): 0 OK, 10 general error, 11 CBOR decoding error, 12 CBOR validation error.
    public let status: UInt64

    /// Decodes a DeviceResponse map.
    /// - Throws: `malformed_mdoc` for another shape of the response itself, `limits_exceeded` (over
    ///   ``MDocLimits/maxDocuments`` too).
    init(_ reader: CBORReader, limits: MDocLimits) throws(CredentialError) {
        let map = try MDocDecoding.field { try reader.map() }
        version = try MDocDecoding.field { try map.required("version").text() }
        status = try MDocDecoding.field { try map.required("status").unsigned() }
        var documents: [Result<MDocDocument, CredentialError>] = []
        if let list = map.optional("documents") {
            let elements = try MDocDecoding.field { try list.array() }
            try limits.check(elements.count, limits.maxDocuments, "documents", at: list.path)
            for element in elements {
                do throws(CredentialError) {
                    documents.append(.success(try MDocDocument(element, limits: limits)))
                } catch {
                    documents.append(.failure(error))
                }
            }
        }
        self.documents = documents
        var errors: [(docType: String, code: Int64)] = []
        if let list = map.optional("documentErrors") {
            let elements = try MDocDecoding.field { try list.array() }
            try limits.check(elements.count, limits.maxDocuments, "documentErrors", at: list.path)
            for element in elements {
                for (docType, code) in try MDocDecoding.textKeyedEntries(element) {
                    errors.append((docType, try MDocDecoding.field { try code.int() }))
                }
            }
        }
        documentErrors = errors
    }
}
