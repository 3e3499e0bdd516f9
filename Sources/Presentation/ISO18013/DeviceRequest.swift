import COSE

/// What an mdoc reader asks an mdoc for (ISO/IEC 18013-5 §8.3.2.1.2.1):
/// `DeviceRequest = { "version": tstr, "docRequests": [+ DocRequest], ? "deviceRequestInfo": DeviceRequestInfoBytes,
/// ? "readerAuthAll": [+ ReaderAuthAll] }` (the last two from the second edition).
///
/// Decoding checks shape only. Reader authentication is a separate step that needs the session's
/// ``SessionTranscript``: ``verifyReaderAuthentication(sessionTranscript:)``. Unknown keys and a newer minor version
/// are reported in ``warnings``.
///
/// Versions: the first edition defines `"1.0"`; the second edition uses `"1.1"` for requests that carry its
/// additions (`readerAuthAll`, `deviceRequestInfo`). A later `1.x` is accepted with a warning, as a minor version
/// only adds keys; any other version is rejected.
public struct DeviceRequest: Sendable {
    /// Decoding limits sized for device requests: 1 MiB, nesting depth 32, 100,000 items. A real request with a
    /// reader certificate chain is a few kilobytes.
    public static let defaultLimits = CBORDecoder.Limits(maxInputBytes: 1024 * 1024, maxDepth: 32, maxItems: 100_000)

    /// The most `readerAuthAll` signatures a request may carry. Each is checked over all DocRequests, so their
    /// number multiplies the work; a reader signs once, or once per trust framework.
    public static let maxReaderAuthAll = 8

    /// The most DocRequests a request may carry. A reader asks for one per document type, a handful at most; each
    /// costs a signature check and a reader decision, so their number bounds the work one request can cause.
    public static let maxDocRequests = 32

    /// The versions this implementation knows (first edition `1.0`, second edition `1.1`).
    public static let knownVersions: Set<String> = ["1.0", "1.1"]

    /// `version`, as received.
    public let version: String
    /// `docRequests`, in the order received; never empty.
    public let docRequests: [DocRequest]
    /// `deviceRequestInfo` (second edition): the encoded DeviceRequestInfo map exactly as received (the content of
    /// the tag-24 byte string); nil when absent.
    public let deviceRequestInfoBytes: [UInt8]?
    /// `readerAuthAll` (second edition): COSE_Sign1 messages over all DocRequests at once, not yet verified (see
    /// ``ReaderAuthenticationAll``); empty when absent.
    public let readerAuthAll: [COSESign1]
    /// What was tolerated while decoding, each with its path: unknown keys, a newer minor version, second-edition
    /// keys in a version 1.0 request.
    public let warnings: [String]
    /// The DeviceRequestInfoBytes data item (tag 24 and byte string) as received, embedded verbatim in
    /// ReaderAuthenticationAllBytes.
    let deviceRequestInfoItem: CBORNode?

    static let knownKeys: Set<String> = ["version", "docRequests", "deviceRequestInfo", "readerAuthAll"]

    /// Decodes a DeviceRequest with the COSE module's limited decoder.
    /// - Parameters:
    ///   - bytes: the encoded DeviceRequest (after session decryption, §9.1.1.4).
    ///   - limits: the decoding limits, applied to the request and to each embedded ItemsRequest and
    ///     DeviceRequestInfo.
    /// - Throws: ``PresentationError``: `malformed_cbor` (also for every truncation), `limits_exceeded`,
    ///   `malformed_device_request` naming the path of an item of the wrong shape, an unsupported version, more
    ///   than ``maxDocRequests`` DocRequests or more than ``maxReaderAuthAll`` `readerAuthAll` signatures,
    ///   or a `deviceRequestInfo` that is not tag 24 over an encoded map, `not_cose_sign1` for a readerAuth or
    ///   readerAuthAll that is not a COSE_Sign1.
    public init(
        cborEncoded bytes: [UInt8], limits: CBORDecoder.Limits = DeviceRequest.defaultLimits
    )
        throws(PresentationError)
    {
        let node = try ISO18013Decoding.decode(bytes[...], limits: limits, context: "")
        let top = CBORReader(node)
        var warnings: [String] = []
        let map = try ISO18013Decoding.field(.malformedDeviceRequest) { try top.map() }
        version = try ISO18013Decoding.field(.malformedDeviceRequest) { try map.required("version").text() }
        try Self.checkVersion(version, warnings: &warnings)
        let requests = try ISO18013Decoding.field(.malformedDeviceRequest) { try map.required("docRequests").array() }
        guard !requests.isEmpty else {
            throw PresentationError(
                .malformedDeviceRequest, "docRequests: expected at least one DocRequest, found none")
        }
        guard requests.count <= Self.maxDocRequests else {
            throw PresentationError(
                .malformedDeviceRequest,
                "docRequests: \(requests.count) DocRequests, more than the \(Self.maxDocRequests) accepted")
        }
        var docRequests: [DocRequest] = []
        for request in requests {
            docRequests.append(try DocRequest(request, limits: limits, warnings: &warnings))
        }
        self.docRequests = docRequests
        if let infoReader = map.optional("deviceRequestInfo") {
            let embedded = try ISO18013Decoding.embedded(infoReader, shapeCode: .malformedDeviceRequest, limits: limits)
            _ = try ISO18013Decoding.field(.malformedDeviceRequest) { try embedded.reader.map() }
            deviceRequestInfoItem = infoReader.node
            deviceRequestInfoBytes = embedded.bytes
        } else {
            deviceRequestInfoItem = nil
            deviceRequestInfoBytes = nil
        }
        var readerAuthAll: [COSESign1] = []
        if let allReader = map.optional("readerAuthAll") {
            let items = try ISO18013Decoding.field(.malformedDeviceRequest) { try allReader.array() }
            guard !items.isEmpty else {
                throw PresentationError(
                    .malformedDeviceRequest, "readerAuthAll: expected at least one COSE_Sign1, found none")
            }
            guard items.count <= Self.maxReaderAuthAll else {
                throw PresentationError(
                    .malformedDeviceRequest,
                    "readerAuthAll: \(items.count) signatures, more than the \(Self.maxReaderAuthAll) accepted")
            }
            for item in items {
                do {
                    readerAuthAll.append(try COSESign1(node: item.node, limits: limits))
                } catch {
                    throw PresentationError(
                        error.code, "\(item.path): \(error.reason)")
                }
            }
        }
        self.readerAuthAll = readerAuthAll
        if version == "1.0" {
            for key in ["deviceRequestInfo", "readerAuthAll"] where map.optional(key) != nil {
                warnings.append("\(key): a second-edition key in a version 1.0 request, used as in version 1.1")
            }
        }
        ISO18013Decoding.reportUnknownKeys(map, known: Self.knownKeys, warnings: &warnings)
        self.warnings = warnings
    }

    /// The requested document types, in the order of ``docRequests``.
    public var requestedDocTypes: [String] { docRequests.map(\.docType) }

    /// `version` must be `1.minor`: known versions pass, a later minor version passes with a warning.
    static func checkVersion(_ version: String, warnings: inout [String]) throws(PresentationError) {
        if knownVersions.contains(version) { return }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "1", !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) else {
            throw PresentationError(
                .malformedDeviceRequest,
                "version: expected \"1.0\" (ISO/IEC 18013-5 §8.3.2.1.2.1) or another 1.x, found \"\(version)\"")
        }
        warnings.append("version: \(version) is newer than 1.1; unknown keys are reported")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
