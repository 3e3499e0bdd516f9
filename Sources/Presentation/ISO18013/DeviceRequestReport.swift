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

/// A DeviceRequest checked in a session (ISO/IEC 18013-5 §8.3.2.1.2.1, §9.1.4): per DocRequest its own `readerAuth`,
/// and per `readerAuthAll` signature (second edition) its check over all DocRequests, side by side and not combined.
/// ``ProximityVerifier`` combines them: a failed `readerAuthAll` fails every DocRequest, even one whose own
/// `readerAuth` verified, and `readerAuthAll` stands in for DocRequests without one. Use it rather than reading
/// ``DocRequestReport/readerAuthentication`` alone.
public struct DeviceRequestReport: Sendable {
    /// `version` of the request.
    public let version: String
    /// One report per DocRequest, in the order of the request.
    public let documents: [DocRequestReport]
    /// One result per `readerAuthAll` signature, in order (see ``ReaderAuthenticationAll``); empty when absent.
    public let readerAuthAll: [ReaderAuthenticationResult]
    /// The request's decoding warnings, then every document's, then every `readerAuthAll` signature's.
    public let warnings: [String]
}

extension DeviceRequest {
    /// Checks every DocRequest's `readerAuth` (see ``ReaderAuthentication``) and every `readerAuthAll` signature
    /// (see ``ReaderAuthenticationAll``) in a session.
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
        var results: [ReaderAuthenticationResult] = []
        if !readerAuthAll.isEmpty {
            let payloads = ReaderAuthenticationAll.Payloads(request: self, sessionTranscript: sessionTranscript)
            for (index, signature) in readerAuthAll.enumerated() {
                results.append(
                    ReaderAuthenticationAll.verify(
                        signature, path: "readerAuthAll[\(index)]", payloads: payloads, warnings: &all))
            }
        }
        return DeviceRequestReport(version: version, documents: documents, readerAuthAll: results, warnings: all)
    }
}
