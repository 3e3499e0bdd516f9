import Foundation
import HTTPServer
import JOSE
import Presentation
import TrustLists
import X509

/// An access evaluation request of the AuthZEN Authorization API 1.0 (`subject`, `resource`, `action`, `context`),
/// as the AuthZEN profile for trust registries (draft-johansson-authzen-trust) shapes it: "is the key in `resource`
/// bound to the name `subject.id`, in the role `action.name`?". docs/operations.md ("POST /evaluation") has the
/// mapping to this server's decisions.
///
/// - `subject`: `type` must be `"key"`; `id` is the name (required).
/// - `resource`: `id` must equal `subject.id`; `type` `"x5c"` with `key` an array of standard base64 DER
///   certificates, leaf first (RFC 7517 §4.7), `"jwk"` with `key` a JWK (RFC 7517 §4), or a credential
///   (``CredentialResource``): `"mso_mdoc"` with `key` an mdoc in base64url, `"dc+sd-jwt"` with `key` an SD-JWT VC.
///   Another `type`, or none (name resolution), is read but not decided here: the answer is `decision: false` with
///   `unsupported_resource_type`.
/// - `action`: `name` is the role; `parameters.credential_types` the docTypes an issuer is asked about.
/// - `context`: optional and never critical (the profile's rule); `time` (RFC 3339) is read as the decision time;
///   go-trust's clients name the docType as `context.doc_type` or `context.credential_type`.
///
/// Unknown members are ignored, as AuthZEN 1.0 requires of a PDP (§5: the API is extensible); the members read
/// here must have their types. The draft's example wrapper `{"type": "authzen", "request": {…}}` is accepted too.
struct EvaluationRequest {
    /// `subject.id`: the name the key must be bound to.
    let subjectID: String
    /// `resource.type`, nil when absent.
    let resourceType: String?
    /// The chain of an `x5c` resource, leaf first; nil for other types.
    let chain: [Certificate]?
    /// The key of a `jwk` resource; nil for other types.
    let jwk: JSONValue?
    /// The credential of an `mso_mdoc` or `dc+sd-jwt` resource, with what binds it; nil for other types.
    let credential: CredentialResource?
    /// `action.name`, nil without an action.
    let actionName: String?
    /// The docTypes an issuer is asked about: `action.parameters.credential_types`, else `context.doc_type` or
    /// `context.credential_type`; empty when none is given.
    let docTypes: [String]
    /// `context.time`, nil when absent.
    let time: Date?

    /// Reads a request body: one evaluation (unwrapping the draft's `{"type": "authzen", "request": …}`).
    /// - Throws: ``APIFailure`` 400 (`malformed_request_body`, `malformed_json`, `malformed_x5c`,
    ///   `malformed_certificate`) or 415, naming the member.
    init(_ request: HTTPRequest, chains: ChainCache? = nil) throws(APIFailure) {
        var body = try RequestBody(request)
        if case .string("authzen") = body.members["type"] {
            guard let inner = try body.object("request") else {
                throw APIFailure.badBody(
                    "request: missing (required with \"type\": \"authzen\"): the evaluation request as an object")
            }
            body = inner
        }
        try self.init(body, chains: chains)
    }

    /// The members of an access evaluation that a batch item inherits from the top level of an access evaluations
    /// request (AuthZEN 1.0 §7.1): each of them, when the item does not give it, replaced whole when it does.
    static let inheritedMembers = ["subject", "action", "resource", "context"]

    /// Reads one evaluation from an object (a body, or one item of a batch with the top level's defaults filled in).
    /// - Throws: ``APIFailure`` 400 naming the member.
    init(_ body: RequestBody, chains: ChainCache? = nil) throws(APIFailure) {
        guard let subject = try body.object("subject") else {
            throw APIFailure.badBody("\(body.child("subject")): missing (required): {\"type\": \"key\", \"id\": name}")
        }
        let subjectType = try subject.requiredString("type")
        guard subjectType == "key" else {
            throw APIFailure.badBody(
                "\(subject.child("type")): expected \"key\" (AuthZEN trust-registry profile), found \"\(subjectType)\"")
        }
        subjectID = try subject.requiredString("id")

        guard let resource = try body.object("resource") else {
            throw APIFailure.badBody(
                "\(body.child("resource")): missing (required): {\"type\": \"x5c\", \"id\": name, \"key\": [base64 DER]}"
            )
        }
        let resourceID = try resource.requiredString("id")
        guard resourceID == subjectID else {
            throw APIFailure.badBody(
                "\(resource.child("id")): must be the same string as subject.id (\"\(subjectID)\"), is \"\(resourceID)\""
            )
        }
        resourceType = try resource.string("type")
        let context = try body.object("context")
        credential = try CredentialResource(resource: resource, type: resourceType, context: context)
        switch resourceType {
        case "x5c":
            chain = try resource.certificateChain("key", cache: chains)
            jwk = nil
        case CredentialResource.mdocType?, CredentialResource.sdJWTType?:
            chain = nil
            jwk = nil
        case "jwk":
            guard let key = try resource.object("key") else {
                throw APIFailure.badBody(
                    "\(resource.child("key")): missing (required with resource.type \"jwk\"): a JWK")
            }
            chain = nil
            jwk = .object(key.members)
        case nil:
            guard resource.members["key"] == nil else {
                throw APIFailure.badBody("\(resource.child("key")): must be absent when resource.type is absent")
            }
            chain = nil
            jwk = nil
        default:
            guard resource.members["key"] != nil else {
                throw APIFailure.badBody("\(resource.child("key")): missing (required with resource.type)")
            }
            chain = nil
            jwk = nil
        }

        var docTypes: [String] = []
        if let action = try body.object("action") {
            actionName = try action.requiredString("name")
            docTypes = try action.object("parameters")?.strings("credential_types") ?? []
        } else {
            actionName = nil
        }
        if docTypes.isEmpty, let context {
            if let docType = try context.string("doc_type") {
                docTypes = [docType]
            } else if case .array = context.members["credential_type"] {
                docTypes = try context.strings("credential_type") ?? []
            } else if let docType = try context.string("credential_type") {
                docTypes = [docType]
            }
        }
        // go-trust's mdl-issuer role names its docType.
        if docTypes.isEmpty, actionName == "mdl-issuer" { docTypes = ["org.iso.18013.5.1.mDL"] }
        self.docTypes = docTypes
        time = try context?.time("time")
    }
}

/// The roles `action.name` may ask about, and the decision each maps to (the names of this server and of go-trust's
/// clients).
enum EvaluationRole: Equatable {
    /// An mdoc reader (verifier) authenticating to a wallet: ``TrustQueries/readerDecision(chain:at:readerEKUExemptNetworks:)``
    /// against the RICALs.
    case reader
    /// An mdoc issuer's document signer: ``TrustQueries/issuerDecision(chain:docType:at:)`` against the VICALs, for
    /// every docType in `action.parameters.credential_types`.
    case issuer
    /// A wallet provider (ETSI TS 119 602's wallet-provider lists): answered from wallet-provider LoTEs.
    case walletProvider

    /// `action.name` values for readers: `mdoc-reader`, and go-trust's verifier roles `credential-verifier` and
    /// `verifier`.
    static let readerNames: Set<String> = ["mdoc-reader", "credential-verifier", "verifier"]
    /// `action.name` values for issuers: `mdoc-issuer`, and go-trust's `mdl-issuer` (docType
    /// `org.iso.18013.5.1.mDL` unless another is given), `credential-issuer`, `issuer` and
    /// `urn:eudi:credential-issuer`.
    static let issuerNames: Set<String> = [
        "mdoc-issuer", "mdl-issuer", "credential-issuer", "issuer", "urn:eudi:credential-issuer",
    ]
    /// `action.name` values for wallet providers: the EU's `http://ec.europa.eu/NS/wallet-provider`.
    static let walletProviderNames: Set<String> = ["http://ec.europa.eu/NS/wallet-provider"]
    /// The role the decision asks about in the lists.
    var anchorRole: AnchorRole {
        switch self {
        case .reader: .reader
        case .issuer: .issuer
        case .walletProvider: .walletProvider
        }
    }

    /// Every role name, sorted, for messages.
    static var allNames: [String] { readerNames.union(issuerNames).union(walletProviderNames).sorted() }

    /// The role `name` asks for; nil for no or another name.
    init?(actionName name: String?) {
        guard let name else { return nil }
        if Self.readerNames.contains(name) {
            self = .reader
        } else if Self.issuerNames.contains(name) {
            self = .issuer
        } else if Self.walletProviderNames.contains(name) {
            self = .walletProvider
        } else {
            return nil
        }
    }
}

/// Whether `subject.id` names the key of an `x5c` resource: the profile asks the PDP to check the name-to-key
/// binding even when the key is trusted. The names of a leaf certificate, compared exactly unless said otherwise:
/// its subject commonName; a dNSName SAN (ASCII case-insensitive), also written `x509_san_dns:<name>` (OpenID4VP
/// §5.9.3) or as the host of an `https://` URL without user, password or encoded host (`URIHost.secure`); a URI SAN; `x509_hash:<base64url SHA-256 of the DER>`
/// (OpenID4VP §5.9.3); the SHA-256 of the DER in hex.
enum SubjectBinding {
    /// True when `id` is one of the leaf's names.
    static func binds(_ id: String, to leaf: Certificate) -> Bool {
        // Exactly means byte for byte: Swift's == would also accept canonically equivalent Unicode.
        func identical(_ first: String?, _ second: String) -> Bool { first?.utf8.elementsEqual(second.utf8) == true }
        let dnsNames = leaf.extensions.dnsNames
        func isDNSName(_ name: Substring) -> Bool { dnsNames.contains { DNSName.same($0, String(name)) } }
        if identical(leaf.subject.commonName, id) || leaf.extensions.uris.contains(where: { identical($0, id) })
            || isDNSName(id[...])
        {
            return true
        }
        if id.hasPrefix("x509_san_dns:") { return isDNSName(id.dropFirst(13)) }
        if id.hasPrefix("x509_hash:") { return identical(String(id.dropFirst(10)), Base64URL.encode(leaf.sha256)) }
        if let host = URIHost.secure(id), isDNSName(host[...]) { return true }
        return DNSName.same(id, leaf.sha256Hex)
    }
}
