import COSE

/// One document request of a DeviceRequest (ISO/IEC 18013-5 §8.3.2.1.2.1):
/// `DocRequest = { "itemsRequest": ItemsRequestBytes, ? "readerAuth": ReaderAuth }` with
/// `ItemsRequestBytes = #6.24(bstr .cbor ItemsRequest)`.
///
/// The ItemsRequestBytes are kept exactly as received, because the reader's signature covers them (§9.1.4).
public struct DocRequest: Sendable {
    /// The decoded ItemsRequest: docType, namespaces and elements, requestInfo.
    public let itemsRequest: ItemsRequest
    /// The encoded ItemsRequest exactly as received: the content of the tag-24 byte string.
    public let itemsRequestBytes: [UInt8]
    /// `readerAuth`: the reader's COSE_Sign1 over ReaderAuthenticationBytes (§9.1.4), not yet verified; nil when the
    /// request is not signed.
    public let readerAuth: COSESign1?
    /// Where this request sits in the DeviceRequest (`docRequests[0]`), for messages.
    public let path: String
    /// The ItemsRequestBytes data item (tag 24 and byte string) as received, embedded verbatim in
    /// ReaderAuthenticationBytes.
    let itemsRequestItem: CBORNode

    /// The requested document type (`org.iso.18013.5.1.mDL`).
    public var docType: String { itemsRequest.docType }

    static let knownKeys: Set<String> = ["itemsRequest", "readerAuth"]

    /// Decodes one DocRequest map; unknown keys become warnings.
    /// - Parameters:
    ///   - reader: the DocRequest with its path (`docRequests[0]`).
    ///   - limits: the limits for the embedded ItemsRequest and the readerAuth's protected header.
    ///   - warnings: collects what was tolerated.
    /// - Throws: ``PresentationError`` `malformed_device_request` naming the path; `malformed_cbor` or
    ///   `limits_exceeded` for the embedded ItemsRequest; `not_cose_sign1` for a readerAuth of the wrong shape.
    init(_ reader: CBORReader, limits: CBORDecoder.Limits, warnings: inout [String]) throws(PresentationError) {
        path = reader.path
        let map = try ISO18013Decoding.field(.malformedDeviceRequest) { try reader.map() }
        let itemsReader = try ISO18013Decoding.field(.malformedDeviceRequest) { try map.required("itemsRequest") }
        let embedded = try ISO18013Decoding.embedded(itemsReader, shapeCode: .malformedDeviceRequest, limits: limits)
        itemsRequestItem = itemsReader.node
        itemsRequestBytes = embedded.bytes
        itemsRequest = try ItemsRequest(embedded.reader, warnings: &warnings)
        if let authReader = map.optional("readerAuth") {
            do {
                readerAuth = try COSESign1(node: authReader.node, limits: limits)
            } catch {
                throw PresentationError(
                    PresentationError.Code(rawValue: error.code.rawValue), "\(authReader.path): \(error.reason)")
            }
        } else {
            readerAuth = nil
        }
        ISO18013Decoding.reportUnknownKeys(map, known: Self.knownKeys, warnings: &warnings)
    }
}
