import COSE

/// What a reader asks of one document (ISO/IEC 18013-5 §8.3.2.1.2.1):
/// `ItemsRequest = { "docType": tstr, "nameSpaces": { + tstr => { + tstr => bool } }, ? "requestInfo": { * tstr => any } }`.
///
/// Everything here is what a consent screen shows: the docType, per namespace the elements and their
/// IntentToRetain, and the keys of `requestInfo`. Namespaces and elements keep the order received.
public struct ItemsRequest: Sendable, Hashable {
    /// The requested document type (`org.iso.18013.5.1.mDL`).
    public let docType: String
    /// The requested namespaces and elements, in the order received; never empty.
    public let nameSpaces: [RequestedNameSpace]
    /// `requestInfo`: additional information from the reader, by key; nil when absent.
    public let requestInfo: [String: CBOR]?
    /// The keys of `requestInfo` in the order received; empty when absent.
    public let requestInfoKeys: [String]

    static let knownKeys: Set<String> = ["docType", "nameSpaces", "requestInfo"]

    /// Decodes an ItemsRequest map; unknown keys become warnings.
    /// - Parameters:
    ///   - reader: the decoded ItemsRequest, with its path (`docRequests[0].itemsRequest`).
    ///   - warnings: collects what was tolerated.
    /// - Throws: ``PresentationError`` `malformed_device_request` naming the path of the offending item.
    init(_ reader: CBORReader, warnings: inout [String]) throws(PresentationError) {
        let map = try ISO18013Decoding.field(.malformedDeviceRequest) { try reader.map() }
        docType = try ISO18013Decoding.field(.malformedDeviceRequest) { try map.required("docType").text() }
        let nameSpacesReader = try ISO18013Decoding.field(.malformedDeviceRequest) { try map.required("nameSpaces") }
        let nameSpacesMap = try ISO18013Decoding.field(.malformedDeviceRequest) { try nameSpacesReader.map() }
        guard nameSpacesMap.count > 0 else {
            throw PresentationError(
                .malformedDeviceRequest, "\(nameSpacesReader.path): expected at least one namespace, found an empty map"
            )
        }
        var nameSpaces: [RequestedNameSpace] = []
        for entry in nameSpacesMap.entries {
            let name = try Self.textKey(entry.key, in: nameSpacesReader.path, what: "namespace")
            let elementsReader = CBORReader(entry.value, path: "\(nameSpacesReader.path).\(name)")
            let elementsMap = try ISO18013Decoding.field(.malformedDeviceRequest) { try elementsReader.map() }
            guard elementsMap.count > 0 else {
                throw PresentationError(
                    .malformedDeviceRequest,
                    "\(elementsReader.path): expected at least one data element, found an empty map")
            }
            var elements: [RequestedElement] = []
            for element in elementsMap.entries {
                let identifier = try Self.textKey(element.key, in: elementsReader.path, what: "data element identifier")
                let intent = CBORReader(element.value, path: "\(elementsReader.path).\(identifier)")
                let intentToRetain = try ISO18013Decoding.field(.malformedDeviceRequest) { try intent.bool() }
                elements.append(RequestedElement(identifier: identifier, intentToRetain: intentToRetain))
            }
            nameSpaces.append(RequestedNameSpace(name: name, elements: elements))
        }
        self.nameSpaces = nameSpaces
        if let infoReader = map.optional("requestInfo") {
            let infoMap = try ISO18013Decoding.field(.malformedDeviceRequest) { try infoReader.map() }
            var info: [String: CBOR] = [:]
            var keys: [String] = []
            for entry in infoMap.entries {
                let key = try Self.textKey(entry.key, in: infoReader.path, what: "requestInfo key")
                info[key] = entry.value.value
                keys.append(key)
            }
            requestInfo = info
            requestInfoKeys = keys
        } else {
            requestInfo = nil
            requestInfoKeys = []
        }
        ISO18013Decoding.reportUnknownKeys(map, known: Self.knownKeys, warnings: &warnings)
    }

    /// The text of a map key that must be a text string.
    private static func textKey(_ key: CBORNode, in path: String, what: String) throws(PresentationError) -> String {
        guard case .textString(let text) = key.content else {
            throw PresentationError(
                .malformedDeviceRequest,
                "\(path): expected a text string as \(what), found \(ISO18013Decoding.kind(key))")
        }
        return text
    }
}
