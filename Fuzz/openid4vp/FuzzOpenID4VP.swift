import Foundation
import FuzzSupport
import JOSE
import Presentation
import Publishing
import TrustLists
import X509

// OpenID4VP authorization requests over arbitrary input, decided against a real RICAL (a demo network built and
// verified at start). The first byte picks the mode, the rest is the input:
//   0: an authorization request URL; after its first newline, the body any request_uri returns
//      (as application/oauth-authz-req+jwt);
//   1: a request object (JWS compact serialization) by itself, as the Digital Credentials API gives it;
//   2: request object claims (JSON), signed here by a verifier the RICAL trusts (dNSName verifier.example), so that
//      the checks after the signature are reached.
// Every decision is a value: not trusted with a code and a message, or trusted only when the request object's
// signature verifies under its x5c leaf, the leaf is the trusted verifier, the client_id names it, and the response
// goes over https to the host the certificate names (or, over the Digital Credentials API, to the platform).
//
// libFuzzer options: -max_len=8192 -dict=Fuzz/Dictionaries/json.dict

/// The demo network's RICAL, verified, as the reader decision; and a verifier it trusts.
struct Trust {
    static let time = Date(timeIntervalSince1970: 1_796_119_200)  // 2026-12-01T10:00:00Z
    static let host = "verifier.example"
    let queries: TrustQueries
    let verifier: DemoNetwork.Issued
    let chain: [Certificate]

    init() throws {
        let network = try DemoNetwork(name: "Fuzz", at: Self.time - 3600)
        let content = network.ricalContent()
        let verified = try TrustListVerifier(anchors: [network.root.certificate])
            .verify(try network.signed(content), kind: .rical, at: Self.time)
        let input = SnapshotBuilder.Input(
            id: ListID(network: "fuzz", kind: .rical), maxAgeSeconds: 30 * 86_400, overdueGraceSeconds: 3 * 86_400,
            verified: verified, at: Self.time)
        queries = TrustQueries(snapshot: SnapshotBuilder.build([input], previousGeneration: nil, at: Self.time))
        verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "Fuzz Verifier", host: Self.host, issuer: network.readerIntermediate, at: Self.time)
        chain = [verifier.certificate, network.readerIntermediate.certificate]
    }
}

let trust = try! Trust()

/// Answers every request_uri with the input's body.
struct BodyFetcher: RequestObjectFetching {
    let body: [UInt8]
    func fetchRequestObject(
        url: String, method: RequestObjectFetchMethod, accept: String
    ) throws -> (body: [UInt8], contentType: String?) {
        (body, RequestObject.mediaType)
    }
}

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    guard let mode = input.first else { return 0 }
    let rest = Array(input.dropFirst())
    let decision: PresentationDecision
    var compact: String?
    switch mode % 3 {
    case 0:
        let newline = rest.firstIndex(of: 0x0a) ?? rest.endIndex
        let url = String(decoding: rest[..<newline], as: UTF8.self)
        let body = Array(rest[min(newline + 1, rest.endIndex)...])
        compact = String(decoding: body, as: UTF8.self)
        decision = OpenID4VPVerifier.decide(
            url: url, at: Trust.time, fetcher: BodyFetcher(body: body), trust: trust.queries)
    case 1:
        compact = String(decoding: rest, as: UTF8.self)
        decision = OpenID4VPVerifier.decide(
            requestObject: compact!, clientID: nil, at: Trust.time, trust: trust.queries)
    default:
        let header: [String: JSONValue] = [
            "typ": .string(RequestObject.typ),
            "x5c": .array(trust.chain.map { .string(Base64.encode($0.derEncoded)) }),
        ]
        guard let signed = try? JWS.sign(header: header, payload: rest, key: trust.verifier.key) else {
            fatalError("cannot sign with the fuzz verifier's key")
        }
        compact = signed
        decision = OpenID4VPVerifier.decide(requestObject: signed, clientID: nil, at: Trust.time, trust: trust.queries)
    }
    check(decision, compact: compact)
    return 0
}

/// The invariants of one decision.
func check(_ decision: PresentationDecision, compact: String?) {
    guard decision.trusted else {
        Fuzz.require(decision.reason != nil, "not trusted without a reason")
        Fuzz.require(!decision.message.isEmpty, "not trusted (\(decision.reason?.rawValue ?? "")) without a message")
        Fuzz.require(decision.verifiedBy.commonName == nil, "not trusted but verifiedBy names a certificate")
        return
    }
    Fuzz.require(decision.reason == nil, "trusted with a reason")
    Fuzz.require(decision.verifiedBy.commonName == "Fuzz Verifier", "trusted someone else: \(decision.verifiedBy)")
    // A URL with request parameters alone (no request object) is never trusted: only a signed request names a
    // certificate. The compact is the body or the request object; it must verify under its own x5c leaf.
    guard let compact, let requestObject = try? RequestObject(compactSerialization: compact),
        let leafDER = requestObject.jws.x5c?.first, let leaf = try? Certificate(derEncoded: leafDER),
        let key = try? leaf.publicKey
    else {
        fatalError("trusted without a request object carrying an x5c leaf")
    }
    Fuzz.require(leaf.derEncoded == trust.verifier.certificate.derEncoded, "trusted a leaf that is not the verifier")
    Fuzz.require((try? requestObject.jws.verify(with: key)) != nil, "trusted a request whose signature fails")
    guard let parameters = try? AuthorizationRequestParameters(claims: requestObject.claims.claims) else {
        fatalError("trusted a request whose claims are not authorization request parameters")
    }
    // The answer carries only the destination that was checked: the one the response mode uses.
    for shown in [decision.consent.responseURI, decision.consent.redirectURI].compactMap({ $0 }) {
        Fuzz.require(shown == parameters.responseDestination, "trusted answer shows an unchecked destination \(shown)")
    }
    let client = ClientIdentifier(clientID: parameters.clientID ?? "", clientIDScheme: parameters.clientIDScheme)
    switch client.prefix {
    case .x509SanDNS:
        Fuzz.require(client.identifier.lowercased() == Trust.host, "trusted client_id \(client.clientID)")
        // The fuzzer never says the request came through the Digital Credentials API (no origin), so the response
        // goes to https://verifier.example only, whatever response_mode the request names.
        Fuzz.require(
            URIHost.secure(parameters.responseDestination) == Trust.host,
            "trusted a response to \(parameters.responseDestination ?? "nowhere"), not https://\(Trust.host)")
    case .x509Hash:
        Fuzz.require(client.identifier == Base64URL.encode(leaf.sha256), "trusted client_id \(client.clientID)")
    default:
        fatalError("trusted client_id \(client.clientID) of prefix \(client.prefix): no x509 binding to the leaf")
    }
}
