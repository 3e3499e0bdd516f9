/// One DocRequest with the outcome of its reader authentication (ISO/IEC 18013-5 §8.3.2.1.2.1, §9.1.4): what a
/// consent screen shows for one document.
public struct DocRequestReport: Sendable {
    /// The request: docType, namespaces and elements with IntentToRetain, requestInfo.
    public let docRequest: DocRequest
    /// The outcome of its `readerAuth`.
    public let readerAuthentication: ReaderAuthenticationResult
    /// What was tolerated while checking its `readerAuth`, with the path.
    public let warnings: [String]

    /// The requested document type.
    public var docType: String { docRequest.docType }
    /// The requested namespaces and elements, in the order received.
    public var nameSpaces: [RequestedNameSpace] { docRequest.itemsRequest.nameSpaces }
    /// The keys of `requestInfo`, in the order received.
    public var requestInfoKeys: [String] { docRequest.itemsRequest.requestInfoKeys }
}

/// A DeviceRequest checked in a session (ISO/IEC 18013-5 §8.3.2.1.2.1, §9.1.4): per DocRequest its reader
/// authentication, and the `readerAuthAll` signatures reported but not verified.
public struct DeviceRequestReport: Sendable {
    /// `version` of the request.
    public let version: String
    /// One report per DocRequest, in the order of the request.
    public let documents: [DocRequestReport]
    /// One result per `readerAuthAll` signature; always ``ReaderAuthAllResult/notVerified(reason:)``.
    public let readerAuthAll: [ReaderAuthAllResult]
    /// The request's decoding warnings, then every document's.
    public let warnings: [String]
}

extension DeviceRequest {
    /// Checks every DocRequest's `readerAuth` in a session (see ``ReaderAuthentication``).
    /// - Parameter sessionTranscript: the session's transcript.
    /// - Returns: the report; a failed signature is a result in it, never an error.
    public func verifyReaderAuthentication(sessionTranscript: SessionTranscript) -> DeviceRequestReport {
        var all = warnings
        var documents: [DocRequestReport] = []
        for docRequest in docRequests {
            var local: [String] = []
            let result = ReaderAuthentication.verify(docRequest, sessionTranscript: sessionTranscript, warnings: &local)
            documents.append(DocRequestReport(docRequest: docRequest, readerAuthentication: result, warnings: local))
            all += local
        }
        return DeviceRequestReport(
            version: version, documents: documents,
            readerAuthAll: readerAuthAll.map { _ in .notVerified(reason: ReaderAuthAllResult.unknownStructure) },
            warnings: all)
    }
}
