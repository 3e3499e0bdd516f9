import Foundation
import JOSE
import Presentation
import TrustLists

/// `trustctl query request|device-request --json` and `POST /v1/decisions/request|device-request`: the decision on
/// the request (``Document``'s members), the `query` (`request` or `device-request`), `at`, `generation`, and for a
/// DeviceRequest one ``Document`` per DocRequest in `documents` (empty for OpenID4VP) (docs/cli.md).
public struct WirePresentationDecision: Encodable, Sendable {
    /// A decision on a request or on one DocRequest: `trusted`, `reason`, `message`, `verifiedBy` (`kind`
    /// `certificate` with `commonName` and the anchor, `kind` `domain` with `domain`, or null), the consent details
    /// (`clientID`, `clientIDPrefix`, `responseURI` or `redirectURI` (only the destination the response mode uses,
    /// which was checked), `responseMode`, `origin`, `expectedOrigins`, `nonce`, the DCQL query and legacy
    /// presentation definition as received, `transactionData`, `verifierInfo` and `clientMetadata` as received,
    /// `requestedDocTypes`, `requestedClaims`), `warnings` and the reader's `anchor`.
    public struct Document: Encodable, Sendable {
        public let trusted: Bool
        public let reason: String?
        public let message: String
        public let verifiedBy: WireVerifiedBy?
        public let clientID: String?
        public let clientIDPrefix: String?
        public let responseURI: String?
        public let redirectURI: String?
        public let responseMode: String?
        public let origin: String?
        public let expectedOrigins: [String]
        public let transactionData: [TransactionData]
        public let verifierInfo: JSONValue?
        public let clientMetadata: JSONValue?
        public let nonce: String?
        public let dcqlQuery: JSONValue?
        public let presentationDefinition: JSONValue?
        public let requestedDocTypes: [String]
        public let requestedClaims: [RequestedClaim]
        public let warnings: [String]
        public let anchor: WireAnchor?

        /// The document part of `decision`.
        public init(_ decision: PresentationDecision) {
            let consent = decision.consent
            trusted = decision.trusted
            reason = decision.reasonCode
            message = decision.message
            verifiedBy =
                switch decision.verifiedBy {
                case .certificate(let commonName, let anchor):
                    .certificate(commonName: commonName, anchor: WireAnchor(anchor))
                case .domain(let host): .domain(host)
                case .none: nil
                }
            clientID = consent.clientID
            clientIDPrefix = consent.clientIDPrefix?.description
            responseURI = consent.responseURI
            redirectURI = consent.redirectURI
            responseMode = consent.responseMode
            origin = consent.origin
            expectedOrigins = consent.expectedOrigins
            transactionData = consent.transactionData.map {
                TransactionData(type: $0.type, credentialIDs: $0.credentialIDs, data: $0.value, encoded: $0.encoded)
            }
            verifierInfo = consent.verifierInfo
            clientMetadata = consent.clientMetadata
            nonce = consent.nonce
            dcqlQuery = consent.dcqlQuery
            presentationDefinition = consent.presentationDefinition
            requestedDocTypes = consent.requestedDocTypes
            requestedClaims = consent.requestedClaims.map {
                RequestedClaim(
                    credentialID: $0.credentialID, docType: $0.docType, path: $0.path.map(\.description),
                    intentToRetain: $0.intentToRetain)
            }
            warnings = decision.warnings
            anchor = decision.readerDecision?.anchor.map(WireAnchor.init)
        }
    }

    /// One entry of `transaction_data`: its `type`, `credentialIDs`, `data` (decoded) and `encoded` (as received).
    public struct TransactionData: Encodable, Sendable {
        public let type: String
        public let credentialIDs: [String]
        public let data: JSONValue
        public let encoded: String
    }

    /// A claim the request asks for: `credentialID`, `docType`, `path` (each element as text, `*` for all) and
    /// `intentToRetain`.
    public struct RequestedClaim: Encodable, Sendable {
        public let credentialID: String?
        public let docType: String?
        public let path: [String]
        public let intentToRetain: Bool?
    }

    /// The members of the request's decision as a whole.
    public struct Request: Encodable, Sendable {
        /// `request` or `device-request`.
        public let query: String
        public let at: Date
        public let generation: UInt64
        /// One per DocRequest of a DeviceRequest.
        public let documents: [Document]
    }

    public let document: Document
    public let request: Request

    /// The wire form of `decision`.
    /// - Parameters:
    ///   - decision: the decision.
    ///   - query: `request` or `device-request`.
    ///   - time: the decision time.
    ///   - generation: the snapshot generation it was answered from.
    public init(_ decision: PresentationDecision, query: String, at time: Date, generation: UInt64) {
        document = Document(decision)
        request = Request(
            query: query, at: time, generation: generation, documents: decision.documents.map(Document.init))
    }

    public func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        try request.encode(to: encoder)
    }
}
