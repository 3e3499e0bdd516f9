import JOSE

/// One element of a claims path pointer (OpenID4VP 1.0 §7): a key, an array index, or all elements (`null`).
public enum ClaimPathElement: Sendable, Hashable, CustomStringConvertible {
    /// A key of an object (for mdocs: the namespace, then the data element identifier).
    case key(String)
    /// An index into an array.
    case index(Int)
    /// Every element of an array (`null` in the pointer).
    case all

    /// The element as written in a pointer: the key, the index, or `*` for all.
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        case .all: "*"
        }
    }
}

/// One claim a verifier asks for, as a consent screen lists it: a DCQL claims query (OpenID4VP 1.0 §6.3) or an
/// ISO/IEC 18013-5 data element (§8.3.2.1.2.1).
public struct RequestedClaim: Sendable, Hashable {
    /// The DCQL Credential Query's `id`; nil for an ISO/IEC 18013-5 DeviceRequest.
    public let credentialID: String?
    /// The docType of the mdoc the claim belongs to, when known (DCQL `meta.doctype_value`, or the DocRequest's).
    public let docType: String?
    /// The claims path: for an mdoc, namespace then data element identifier.
    public let path: [ClaimPathElement]
    /// Whether the verifier intends to retain the value (`intent_to_retain`, OpenID4VP 1.0 Appendix B.2.4;
    /// IntentToRetain, ISO/IEC 18013-5); nil when not said.
    public let intentToRetain: Bool?

    /// Creates a requested claim.
    /// - Parameters:
    ///   - credentialID: the DCQL Credential Query id.
    ///   - docType: the mdoc docType.
    ///   - path: the claims path.
    ///   - intentToRetain: the verifier's stated intent to retain.
    public init(credentialID: String?, docType: String?, path: [ClaimPathElement], intentToRetain: Bool?) {
        self.credentialID = credentialID
        self.docType = docType
        self.path = path
        self.intentToRetain = intentToRetain
    }
}

/// What a consent screen shows about a presentation request (docs/architecture.md, Presentation): who asks
/// (client id and prefix, the origin), where the answer goes (the response URI or redirect URI the response mode really
/// uses: a URI the mode does not use is never carried), the nonce, what is asked for (as received and as docTypes and
/// claims), and what else the holder would consent to (transaction data, verifier info, client metadata). Fields the
/// request did not carry, or that could not be read, are nil or empty.
public struct ConsentDetails: Sendable, Hashable {
    /// `client_id` as received, prefix included (OpenID4VP); nil for ISO/IEC 18013-5.
    public var clientID: String?
    /// The client identifier prefix (OpenID4VP 1.0 §5.9).
    public var clientIDPrefix: ClientIdentifierPrefix?
    /// `response_uri` (OpenID4VP 1.0 §8.2).
    public var responseURI: String?
    /// `redirect_uri`.
    public var redirectURI: String?
    /// `response_mode`.
    public var responseMode: String?
    /// `nonce`.
    public var nonce: String?
    /// `state`.
    public var state: String?
    /// `dcql_query` as received (OpenID4VP 1.0 §6).
    public var dcqlQuery: JSONValue?
    /// `presentation_definition` as received (drafts before 1.0, ISO/IEC 18013-7).
    public var presentationDefinition: JSONValue?
    /// `transaction_data`, each entry decoded (OpenID4VP 1.0 §5.1, §8.4): what the holder is asked to authorize
    /// besides disclosing claims. The wallet must show every entry, and refuse the request when it does not support
    /// an entry's type.
    public var transactionData: [TransactionDataEntry]
    /// `client_metadata` as received (OpenID4VP 1.0 §5.1), including the keys an encrypted response goes to.
    public var clientMetadata: JSONValue?
    /// `verifier_info` as received (OpenID4VP 1.0 §5.1): attestations about the verifier.
    public var verifierInfo: JSONValue?
    /// The origin the platform delivered the request from over the Digital Credentials API, as the caller said; nil
    /// for any other request.
    public var origin: String?
    /// `expected_origins` of the request (OpenID4VP 1.0 Appendix A.2); empty when absent.
    public var expectedOrigins: [String]
    /// The requested docTypes, first occurrence first: DCQL `credentials[].meta.doctype_value` of `mso_mdoc`
    /// queries, a legacy `presentation_definition`'s mdoc input descriptor ids, or the DocRequests' docTypes.
    public var requestedDocTypes: [String]
    /// The requested claims, in request order.
    public var requestedClaims: [RequestedClaim]

    /// Empty details: nothing was read.
    public init() {
        requestedDocTypes = []
        requestedClaims = []
        transactionData = []
        expectedOrigins = []
    }
}
