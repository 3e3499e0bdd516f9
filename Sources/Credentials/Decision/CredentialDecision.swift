import Foundation
import X509

/// The answer for what a wallet or a verifier holds (docs/architecture.md, Credentials): an mdoc (a DeviceResponse,
/// a Document or an IssuerSigned) or an SD-JWT VC, decided document by document.
///
/// Trusted only when there is at least one document and every one is; otherwise the reason and message are the first
/// refused document's (or the input's, when it does not decode at all). A DeviceResponse's own `status` and
/// `documentErrors` are reported, never merged into the answer.
public struct CredentialDecision: Sendable {
    /// mdoc or SD-JWT VC.
    public let format: DocumentDecision.Format
    /// Why not trusted; nil when trusted.
    public let reason: ReasonCode?
    /// What was decided, for a person.
    public let message: String
    /// The decision time, UTC.
    public let time: Date
    /// The snapshot generation the trust decisions came from; nil when the caller's trust has none.
    public let generation: UInt64?
    /// One answer per document, in input order.
    public let documents: [DocumentDecision]
    /// A DeviceResponse's `status` (ISO/IEC 18013-5 §8.3.2.1.2.3: 0 OK, 10 general error, 11 CBOR decoding error,
    /// 12 CBOR validation error); nil for other inputs.
    public let responseStatus: UInt64?
    /// A DeviceResponse's `documentErrors`: docTypes not returned, with their error codes.
    public let documentErrors: [DocumentError]

    /// One `documentErrors` entry (ISO/IEC 18013-5 §8.3.2.1.2.2: `DocumentError = { DocType => ErrorCode }`).
    public struct DocumentError: Sendable, Hashable {
        /// The docType not returned.
        public let docType: String
        /// Its error code (§8.3.2.1.2.3).
        public let code: Int64
    }

    /// Whether the credential is trusted.
    public var trusted: Bool { reason == nil }

    /// The answer over decided documents: the first refused one's reason, else trusted; `no_documents` without any.
    init(
        format: DocumentDecision.Format, documents: [DocumentDecision], time: Date, generation: UInt64?,
        responseStatus: UInt64? = nil, documentErrors: [DocumentError] = []
    ) {
        self.format = format
        self.time = time
        self.generation = generation
        self.documents = documents
        self.responseStatus = responseStatus
        self.documentErrors = documentErrors
        if let refused = documents.firstIndex(where: { !$0.trusted }) {
            reason = documents[refused].reason
            message =
                documents.count == 1
                ? documents[refused].message
                : "document \(refused + 1) of \(documents.count): \(documents[refused].message)"
        } else if documents.isEmpty {
            reason = .noDocuments
            let errors = documentErrors.map { "\($0.docType) (error \($0.code))" }.joined(separator: ", ")
            message =
                "the DeviceResponse carries no document (status \(responseStatus.map(String.init) ?? "?")"
                + (errors.isEmpty ? ")" : "; not returned: \(errors))")
        } else {
            reason = nil
            message =
                documents.count == 1
                ? documents[0].message
                : "\(documents.count) documents trusted: " + documents.map(\.message).joined(separator: "; ")
        }
    }

    /// The answer when what came with a credential cannot be used (a SessionTranscript that does not decode): not
    /// trusted, nothing decided.
    /// - Parameters:
    ///   - reason: the code (`malformed_session_transcript`, `malformed_cbor`, `limits_exceeded`).
    ///   - message: what was expected and what was found.
    ///   - time: the decision time.
    ///   - generation: the generation that would have decided.
    public init(refusal reason: ReasonCode, message: String, at time: Date, generation: UInt64?) {
        self.init(format: .mdoc, refusal: CredentialError(reason, message), time: time, generation: generation)
    }

    /// The answer for an input that does not decode at all.
    init(format: DocumentDecision.Format, refusal: CredentialError, time: Date, generation: UInt64?) {
        self.format = format
        self.time = time
        self.generation = generation
        documents = []
        responseStatus = nil
        documentErrors = []
        reason = refusal.code
        message = refusal.reason
    }
}
