import Foundation
import HTTPServer
import JOSE
import Presentation
import X509

/// An access evaluation request of the AuthZEN Authorization API 1.0 (`subject`, `resource`, `action`, `context`),
/// as the AuthZEN profile for trust registries (draft-johansson-authzen-trust) shapes it: "is the key in `resource`
/// bound to the name `subject.id`, in the role `action.name`?". docs/operations.md ("POST /evaluation") has the
/// mapping to this server's decisions.
///
/// - `subject`: `type` must be `"key"`; `id` is the name (required).
/// - `resource`: `id` must equal `subject.id`; `type` `"x5c"` with `key` an array of standard base64 DER
///   certificates, leaf first (RFC 7517 §4.7). Another `type` (`"jwk"`), or none (name resolution), is read but not
///   decided here: the answer is `decision: false` with `unsupported_resource_type`.
/// - `action`: optional; `name` is the role, `parameters.credential_types` the docTypes an issuer is asked about.
/// - `context`: optional and never critical (the profile's rule); `time` (RFC 3339) is read as the decision time.
///
/// The draft's example wrapper `{"type": "authzen", "request": {…}}` is accepted too. `properties` members are
/// allowed and ignored; any other unknown member is refused, like every body of this API.
struct EvaluationRequest {
    /// `subject.id`: the name the key must be bound to.
    let subjectID: String
    /// `resource.type`, nil when absent.
    let resourceType: String?
    /// The chain of an `x5c` resource, leaf first; nil for other types.
    let chain: [Certificate]?
    /// `action.name`, nil without an action.
    let actionName: String?
    /// `action.parameters.credential_types`: docTypes, in order; empty when absent.
    let docTypes: [String]
    /// `context.time`, nil when absent.
    let time: Date?

    /// Reads the request.
    /// - Throws: ``APIFailure`` 400 (`malformed_request_body`, `malformed_json`, `malformed_x5c`,
    ///   `malformed_certificate`) or 415, naming the member.
    init(_ request: HTTPRequest, certificates: CertificateCache? = nil) throws(APIFailure) {
        var body = try RequestBody(request)
        if case .string("authzen") = body.members["type"] {
            try body.requireOnly(["type", "request"])
            guard let inner = try body.object("request") else {
                throw APIFailure.badBody(
                    "request: missing (required with \"type\": \"authzen\"): the evaluation request as an object")
            }
            body = inner
        }
        try body.requireOnly(["subject", "resource", "action", "context"])

        guard let subject = try body.object("subject") else {
            throw APIFailure.badBody("\(body.child("subject")): missing (required): {\"type\": \"key\", \"id\": name}")
        }
        try subject.requireOnly(["type", "id", "properties"])
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
        try resource.requireOnly(["type", "id", "key", "properties"])
        let resourceID = try resource.requiredString("id")
        guard resourceID == subjectID else {
            throw APIFailure.badBody(
                "\(resource.child("id")): must be the same string as subject.id (\"\(subjectID)\"), is \"\(resourceID)\""
            )
        }
        resourceType = try resource.string("type")
        switch resourceType {
        case "x5c":
            chain = try resource.certificateChain("key", cache: certificates)
        case nil:
            guard resource.members["key"] == nil else {
                throw APIFailure.badBody("\(resource.child("key")): must be absent when resource.type is absent")
            }
            chain = nil
        default:
            guard resource.members["key"] != nil else {
                throw APIFailure.badBody("\(resource.child("key")): missing (required with resource.type)")
            }
            chain = nil
        }

        if let action = try body.object("action") {
            try action.requireOnly(["name", "parameters", "properties"])
            actionName = try action.requiredString("name")
            docTypes = try action.object("parameters")?.strings("credential_types") ?? []
        } else {
            actionName = nil
            docTypes = []
        }
        time = try body.object("context")?.time("time")
    }
}

/// The roles `action.name` may ask about, and the decision each maps to.
enum EvaluationRole: Equatable {
    /// An mdoc reader (verifier) authenticating to a wallet: ``TrustQueries/readerDecision(chain:at:readerEKUExemptNetworks:)``
    /// against the RICALs.
    case reader
    /// An mdoc issuer's document signer: ``TrustQueries/issuerDecision(chain:docType:at:)`` against the VICALs, for
    /// every docType in `action.parameters.credential_types`.
    case issuer

    /// `action.name` values for readers: `mdoc-reader`, and go-trust's verifier role `credential-verifier`.
    static let readerNames: Set<String> = ["mdoc-reader", "credential-verifier"]
    /// `action.name` values for issuers: `mdoc-issuer`, and go-trust's `mdl-issuer` and `credential-issuer`.
    static let issuerNames: Set<String> = ["mdoc-issuer", "mdl-issuer", "credential-issuer"]

    /// The role `name` asks for; nil for no or another name.
    init?(actionName name: String?) {
        guard let name else { return nil }
        if Self.readerNames.contains(name) {
            self = .reader
        } else if Self.issuerNames.contains(name) {
            self = .issuer
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
