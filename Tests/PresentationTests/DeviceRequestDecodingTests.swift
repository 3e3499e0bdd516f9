import COSE
import Presentation
import TestSupport
import Testing
import X509

/// Decoding a DeviceRequest (ISO/IEC 18013-5 §8.3.2.1.2.1): the Annex D example, what a consent screen gets, and
/// clean failures with paths for everything else.
@Suite("DeviceRequest decoding")
struct DeviceRequestDecodingTests {
    @Test("the Annex D request decodes to one mDL request with the annex's elements and intents")
    func annexDRequestDecodes() throws {
        let request = try DeviceRequest(cborEncoded: AnnexD.deviceRequest)
        #expect(request.version == "1.0")
        #expect(request.warnings.isEmpty)
        #expect(request.readerAuthAll.isEmpty)
        #expect(request.requestedDocTypes == ["org.iso.18013.5.1.mDL"])
        let docRequest = try #require(request.docRequests.first)
        #expect(docRequest.path == "docRequests[0]")
        #expect(docRequest.itemsRequestBytes == AnnexD.itemsRequest)
        #expect(docRequest.readerAuth != nil)
        let items = docRequest.itemsRequest
        #expect(items.docType == "org.iso.18013.5.1.mDL")
        #expect(items.nameSpaces.map(\.name) == ["org.iso.18013.5.1"])
        let elements = try #require(items.nameSpaces.first).elements
        #expect(elements.map(\.identifier) == AnnexD.requestedElements.map(\.0))
        #expect(elements.map(\.intentToRetain) == AnnexD.requestedElements.map(\.1))
        #expect(items.requestInfo == nil)
        #expect(items.requestInfoKeys.isEmpty)
    }

    @Test("every proper prefix of the Annex D request fails with malformed_cbor")
    func everyPrefixFailsCleanly() {
        let bytes = AnnexD.deviceRequest
        for length in 0..<bytes.count {
            let error = presentationError { try DeviceRequest(cborEncoded: Array(bytes[..<length])) }
            #expect(error?.code == .malformedCBOR, "prefix of \(length) bytes: \(String(describing: error))")
        }
    }

    @Test("bytes after the request are malformed_cbor")
    func trailingBytes() {
        #expect(throws: PresentationError(.malformedCBOR)) {
            try DeviceRequest(cborEncoded: AnnexD.deviceRequest + [0x00])
        }
    }

    /// `depth` arrays nested in one another, around an integer.
    static func nested(_ depth: Int) -> CBOR {
        var value: CBOR = 0
        for _ in 0..<depth { value = [value] }
        return value
    }

    @Test("deep nesting at the top is limits_exceeded")
    func deepNestingAtTop() {
        let bytes = CBOR.map([
            .init(key: "version", value: "1.0"), .init(key: "deep", value: Self.nested(200)),
        ]).encoded()
        #expect(throws: PresentationError(.limitsExceeded)) { try DeviceRequest(cborEncoded: bytes) }
    }

    @Test("deep nesting inside the embedded ItemsRequest is limits_exceeded")
    func deepNestingInItemsRequest() {
        let items = CBOR.map([
            .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
            .init(key: "nameSpaces", value: ["org.iso.18013.5.1": ["portrait": false]]),
            .init(key: "requestInfo", value: ["deep": Self.nested(200)]),
        ]).encoded()
        let error = presentationError { try DeviceRequest(cborEncoded: Self.request(items: .byteString(items))) }
        #expect(error?.code == .limitsExceeded)
        #expect(error?.reason.hasPrefix("docRequests[0].itemsRequest") == true)
    }

    @Test("a request over the input limit is limits_exceeded")
    func inputLimit() {
        var limits = DeviceRequest.defaultLimits
        limits.maxInputBytes = 100
        #expect(throws: PresentationError(.limitsExceeded)) {
            try DeviceRequest(cborEncoded: AnnexD.deviceRequest, limits: limits)
        }
    }

    /// A DeviceRequest with one DocRequest whose ItemsRequestBytes hold `items`.
    static func request(items: CBOR, version: CBOR = "1.0", extra: [CBOR.MapEntry] = []) -> [UInt8] {
        CBOR.map(
            [
                .init(key: "version", value: version),
                .init(key: "docRequests", value: [.map([.init(key: "itemsRequest", value: .tagged(24, items))])]),
            ] + extra
        ).encoded()
    }

    /// An ItemsRequest map with the given nameSpaces.
    static func items(docType: CBOR = "org.iso.18013.5.1.mDL", nameSpaces: CBOR) -> CBOR {
        .byteString(
            CBOR.map([.init(key: "docType", value: docType), .init(key: "nameSpaces", value: nameSpaces)]).encoded())
    }

    struct Malformed: Sendable, CustomStringConvertible {
        let name: String
        let bytes: [UInt8]
        let code: PresentationError.Code
        let path: String
        var description: String { name }
    }

    static let validItems = items(nameSpaces: ["org.iso.18013.5.1": ["portrait": false]])
    static let validDocRequest: CBOR = .map([.init(key: "itemsRequest", value: .tagged(24, validItems))])

    static let malformed: [Malformed] = [
        Malformed(
            name: "top level is an array", bytes: CBOR.array([]).encoded(), code: .malformedDeviceRequest,
            path: "(top level): expected map"),
        Malformed(
            name: "version missing",
            bytes: CBOR.map([.init(key: "docRequests", value: [validDocRequest])]).encoded(),
            code: .malformedDeviceRequest, path: "version"),
        Malformed(
            name: "version is a number", bytes: request(items: validItems, version: 1),
            code: .malformedDeviceRequest, path: "version: expected text string"),
        Malformed(
            name: "version 2.0", bytes: request(items: validItems, version: "2.0"),
            code: .malformedDeviceRequest, path: "version"),
        Malformed(
            name: "docRequests is a map",
            bytes: CBOR.map([.init(key: "version", value: "1.0"), .init(key: "docRequests", value: [:])]).encoded(),
            code: .malformedDeviceRequest, path: "docRequests: expected array"),
        Malformed(
            name: "docRequests is empty",
            bytes: CBOR.map([.init(key: "version", value: "1.0"), .init(key: "docRequests", value: [])]).encoded(),
            code: .malformedDeviceRequest, path: "docRequests"),
        Malformed(
            name: "docRequests[1] is text",
            bytes: CBOR.map([
                .init(key: "version", value: "1.0"), .init(key: "docRequests", value: [validDocRequest, "x"]),
            ]).encoded(),
            code: .malformedDeviceRequest, path: "docRequests[1]: expected map"),
        Malformed(
            name: "itemsRequest without tag 24",
            bytes: CBOR.map([
                .init(key: "version", value: "1.0"),
                .init(
                    key: "docRequests", value: [validDocRequest, .map([.init(key: "itemsRequest", value: validItems)])]),
            ]).encoded(),
            code: .malformedDeviceRequest, path: "docRequests[1].itemsRequest: expected tag 24"),
        Malformed(
            name: "itemsRequest tag 24 over garbage", bytes: request(items: .byteString([0xa1, 0x61])),
            code: .malformedCBOR, path: "docRequests[0].itemsRequest"),
        Malformed(
            name: "nameSpaces is an array",
            bytes: CBOR.map([
                .init(key: "version", value: "1.0"),
                .init(
                    key: "docRequests",
                    value: [
                        validDocRequest, .map([.init(key: "itemsRequest", value: .tagged(24, items(nameSpaces: [])))]),
                    ]),
            ]).encoded(),
            code: .malformedDeviceRequest, path: "docRequests[1].itemsRequest.nameSpaces: expected map"),
        Malformed(
            name: "nameSpaces is empty", bytes: request(items: items(nameSpaces: [:])),
            code: .malformedDeviceRequest, path: "docRequests[0].itemsRequest.nameSpaces"),
        Malformed(
            name: "a namespace without elements",
            bytes: request(items: items(nameSpaces: ["org.iso.18013.5.1": [:]])),
            code: .malformedDeviceRequest, path: "docRequests[0].itemsRequest.nameSpaces.org.iso.18013.5.1"),
        Malformed(
            name: "IntentToRetain is a number",
            bytes: request(items: items(nameSpaces: ["org.iso.18013.5.1": ["portrait": 1]])),
            code: .malformedDeviceRequest,
            path: "docRequests[0].itemsRequest.nameSpaces.org.iso.18013.5.1.portrait: expected boolean"),
        Malformed(
            name: "an element identifier is a number",
            bytes: request(items: items(nameSpaces: ["org.iso.18013.5.1": [1: true]])),
            code: .malformedDeviceRequest,
            path: "docRequests[0].itemsRequest.nameSpaces.org.iso.18013.5.1: expected a text"),
        Malformed(
            name: "docType missing",
            bytes: request(
                items: .byteString(CBOR.map([.init(key: "nameSpaces", value: ["a": ["b": true]])]).encoded())),
            code: .malformedDeviceRequest, path: "docRequests[0].itemsRequest.docType"),
        Malformed(
            name: "requestInfo is an array",
            bytes: request(
                items: .byteString(
                    CBOR.map([
                        .init(key: "docType", value: "x"), .init(key: "nameSpaces", value: ["a": ["b": true]]),
                        .init(key: "requestInfo", value: []),
                    ]).encoded())),
            code: .malformedDeviceRequest, path: "docRequests[0].itemsRequest.requestInfo: expected map"),
        Malformed(
            name: "readerAuth is a map",
            bytes: CBOR.map([
                .init(key: "version", value: "1.0"),
                .init(
                    key: "docRequests",
                    value: [
                        .map([
                            .init(key: "itemsRequest", value: .tagged(24, validItems)),
                            .init(key: "readerAuth", value: [:]),
                        ])
                    ]),
            ]).encoded(),
            code: .notCOSESign1, path: "docRequests[0].readerAuth"),
        Malformed(
            name: "readerAuthAll is empty",
            bytes: request(items: validItems, extra: [.init(key: "readerAuthAll", value: [])]),
            code: .malformedDeviceRequest, path: "readerAuthAll"),
        Malformed(
            name: "readerAuthAll holds a number",
            bytes: request(items: validItems, extra: [.init(key: "readerAuthAll", value: [1])]),
            code: .notCOSESign1, path: "readerAuthAll[0]"),
        Malformed(
            name: "deviceRequestInfo is a map, not tag 24 over an encoded map",
            bytes: request(items: validItems, extra: [.init(key: "deviceRequestInfo", value: [:])]),
            code: .malformedDeviceRequest, path: "deviceRequestInfo"),
        Malformed(
            name: "deviceRequestInfo encodes an array",
            bytes: request(
                items: validItems, extra: [.init(key: "deviceRequestInfo", value: .tagged(24, .byteString([0x80])))]),
            code: .malformedDeviceRequest, path: "deviceRequestInfo"),
    ]

    @Test("a request of the wrong shape fails with its code and names the path", arguments: malformed)
    func wrongShapesNameThePath(_ vector: Malformed) {
        let error = presentationError { try DeviceRequest(cborEncoded: vector.bytes) }
        #expect(error?.code == vector.code)
        #expect(error?.reason.hasPrefix(vector.path) == true, "\(String(describing: error))")
    }

    @Test("unknown keys at every level are kept as warnings with their path")
    func unknownKeysAreWarnings() throws {
        let items = CBOR.map([
            .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
            .init(key: "nameSpaces", value: ["org.iso.18013.5.1": ["portrait": false]]),
            .init(key: "futureItemsKey", value: 1),
        ]).encoded()
        let bytes = CBOR.map([
            .init(key: "version", value: "1.0"),
            .init(
                key: "docRequests",
                value: [
                    .map([
                        .init(key: "itemsRequest", value: .tagged(24, .byteString(items))),
                        .init(key: "futureDocKey", value: true),
                    ])
                ]),
            .init(key: "futureTopKey", value: "x"),
        ]).encoded()
        let request = try DeviceRequest(cborEncoded: bytes)
        #expect(
            request.warnings == [
                "docRequests[0].itemsRequest: unknown key 'futureItemsKey' ignored",
                "docRequests[0]: unknown key 'futureDocKey' ignored",
                "(top level): unknown key 'futureTopKey' ignored",
            ])
    }

    @Test("version 1.1 is known; a later 1.x is accepted with a warning")
    func minorVersions() throws {
        let known = try DeviceRequest(cborEncoded: Self.request(items: Self.validItems, version: "1.1"))
        #expect(known.warnings.isEmpty)
        let later = try DeviceRequest(cborEncoded: Self.request(items: Self.validItems, version: "1.7"))
        #expect(later.version == "1.7")
        #expect(later.warnings.count == 1)
        #expect(later.warnings.first?.hasPrefix("version: 1.7") == true)
        for bad: CBOR in ["1", "1.", "1.x", "01.0", "", "1.0.1"] {
            #expect(throws: PresentationError(.malformedDeviceRequest)) {
                try DeviceRequest(cborEncoded: Self.request(items: Self.validItems, version: bad))
            }
        }
    }

    @Test("requestInfo keys are exposed in the order received")
    func requestInfoKeys() throws {
        let items = CBOR.map([
            .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
            .init(key: "nameSpaces", value: ["org.iso.18013.5.1": ["portrait": false, "age_over_21": true]]),
            .init(key: "requestInfo", value: ["purpose": "rental", "b": [1, 2]]),
        ])
        let request = try DeviceRequest(cborEncoded: Self.request(items: .byteString(items.encoded())))
        let itemsRequest = try #require(request.docRequests.first).itemsRequest
        // The deterministic encoder sorts keys by their encodings: "b" before "purpose", "portrait" before "age_over_21".
        #expect(itemsRequest.requestInfoKeys == ["b", "purpose"])
        #expect(itemsRequest.requestInfo?["purpose"] == "rental")
        #expect(itemsRequest.nameSpaces.first?.elements.map(\.identifier) == ["portrait", "age_over_21"])
    }
}
