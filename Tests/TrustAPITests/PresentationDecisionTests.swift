import COSE
import Foundation
import HTTPServer
import Presentation
import Publishing
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// `POST /v1/decisions/request` and `/device-request`, in-process: the JSON of `trustctl query request|device-request
/// --json`, 200 for every decision, 400 for every body that is not the request.
@Suite("TrustAPI: request and device-request decisions")
struct PresentationDecisionTests {
    let host = "verifier.sim.example"

    func requestObject(_ world: APIWorld, issuer: DemoNetwork.Issued?) throws -> String {
        let verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "API Verifier", host: host, issuer: issuer, at: TestPKI.referenceTime)
        return try RequestObjectPublisher.signed(
            host: host, signer: verifier.key, chain: [verifier.certificate] + (issuer.map { [$0.certificate] } ?? []),
            nonce: "api-nonce", at: APIWorld.now - 60)
    }

    @Test("a request object by value from a listed verifier: 200, trusted, the CLI's JSON")
    func requestByValue() throws {
        let world = try APIWorld()
        let jwt = try requestObject(world, issuer: world.sim.readerIntermediate)
        let response = world.post(
            "/v1/decisions/request", "{\"request\": \"\(jwt)\", \"clientID\": \"x509_san_dns:\(host)\"}")
        #expect(response.status == 200)
        let service = world.service
        let expected = try WireJSON.render(
            WirePresentationDecision(
                service.requestDecision(requestObject: jwt, clientID: "x509_san_dns:\(host)", at: APIWorld.now),
                query: "request", at: APIWorld.now, generation: service.queries.generation))
        #expect(response.bodyText == expected)
        #expect(response.jsonObject["trusted"] as? Bool == true)
        #expect((response.jsonObject["verifiedBy"] as? [String: Any])?["commonName"] as? String == "API Verifier")
    }

    @Test("origin: a Digital Credentials API request is trusted only with an expected origin; without one, refused")
    func requestWithOrigin() throws {
        let world = try APIWorld()
        let verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "API Verifier", host: host, issuer: world.sim.readerIntermediate, at: TestPKI.referenceTime)
        let jwt = try RequestObjectPublisher.signed(
            host: host, signer: verifier.key, chain: [verifier.certificate, world.sim.readerIntermediate.certificate],
            nonce: "api-nonce", at: APIWorld.now - 60,
            changing: [
                "response_mode": "dc_api.jwt", "response_uri": .null, "expected_origins": [.string("https://\(host)")],
            ])
        let given = world.post("/v1/decisions/request", "{\"request\": \"\(jwt)\", \"origin\": \"https://\(host)\"}")
        #expect(given.status == 200)
        #expect(given.jsonObject["trusted"] as? Bool == true, "\(given.bodyText)")
        #expect(given.jsonObject["origin"] as? String == "https://\(host)")
        let absent = world.post("/v1/decisions/request", "{\"request\": \"\(jwt)\"}")
        #expect(absent.status == 200)
        #expect(absent.jsonObject["reason"] as? String == "unsupported_response_mode")
        let other = world.post(
            "/v1/decisions/request", "{\"request\": \"\(jwt)\", \"origin\": \"https://evil.example\"}")
        #expect(other.jsonObject["reason"] as? String == "origin_mismatch")
        #expect(other.jsonObject["expectedOrigins"] as? [String] == ["https://\(host)"])
    }

    @Test("a request URL from a verifier in no list: 200, not trusted, shown by its domain")
    func requestURLUnlisted() throws {
        let world = try APIWorld()
        let jwt = try requestObject(world, issuer: nil)
        let url = "openid4vp://?client_id=x509_san_dns%3A\(host)&request=\(jwt)"
        let response = world.post("/v1/decisions/request", "{\"url\": \"\(url)\"}")
        #expect(response.status == 200)
        #expect(response.jsonObject["trusted"] as? Bool == false)
        #expect(response.jsonObject["reason"] as? String == "not_on_trust_list")
        #expect((response.jsonObject["verifiedBy"] as? [String: Any])?["domain"] as? String == host)
    }

    @Test("a request_uri is not fetched by the API unless server.fetchRequestURIs: request_uri_not_fetched, no I/O")
    func requestURINotFetched() throws {
        let world = try APIWorld()
        #expect(ServerSettings().fetchRequestURIs == false)
        // A loopback port nothing listens on: were it fetched, the answer would be request_fetch_failed.
        let url = "openid4vp://?client_id=x509_san_dns%3A\(host)&request_uri=https%3A%2F%2F127.0.0.1%3A9%2Fr"
        let response = world.post("/v1/decisions/request", "{\"url\": \"\(url)\"}")
        #expect(response.status == 200)
        #expect(response.jsonObject["trusted"] as? Bool == false)
        #expect(response.jsonObject["reason"] as? String == "request_uri_not_fetched", "\(response.bodyText)")
    }

    @Test("a DeviceRequest signed by the sim's reader: 200, trusted; a changed transcript: bad_signature")
    func deviceRequest() throws {
        let world = try APIWorld()
        let transcript = CBOR.array([.null, .null, CBOR("handover")]).encoded()
        let request = try SignedRequests.deviceRequest(
            transcript: try SessionTranscript(cborEncoded: transcript), signer: world.sim.readerLeaf.key,
            chain: world.readerChain)
        func body(_ transcript: [UInt8]) -> String {
            "{\"deviceRequest\": \"\(Data(request).base64EncodedString())\", "
                + "\"sessionTranscript\": \"\(Data(transcript).base64EncodedString())\"}"
        }
        let trusted = world.post("/v1/decisions/device-request", body(transcript))
        #expect(trusted.status == 200)
        #expect(trusted.jsonObject["trusted"] as? Bool == true, "\(trusted.bodyText)")
        let other = world.post(
            "/v1/decisions/device-request", body(CBOR.array([.null, .null, CBOR("other")]).encoded()))
        #expect(other.status == 200)
        #expect(other.jsonObject["trusted"] as? Bool == false)
        #expect((other.jsonObject["documents"] as? [[String: Any]])?.first?["reason"] as? String == "bad_signature")
    }

    @Test("bodies that are not these requests: 400 with malformed_request_body and the member named")
    func badBodies() throws {
        let world = try APIWorld()
        let cases: [(String, String, String)] = [
            ("/v1/decisions/request", "{}", "give either url or request"),
            ("/v1/decisions/request", "{\"url\": \"a\", \"request\": \"b\"}", "give either url or request"),
            ("/v1/decisions/request", "{\"url\": \"openid4vp://x\", \"clientID\": \"c\"}", "clientID"),
            ("/v1/decisions/request", "{\"url\": \"openid4vp://x\", \"origin\": \"https://a\"}", "origin"),
            ("/v1/decisions/request", "{\"url\": 5}", "url"),
            ("/v1/decisions/request", "{\"request\": \"x\", \"colour\": 1}", "colour"),
            ("/v1/decisions/device-request", "{\"sessionTranscript\": \"gw==\"}", "deviceRequest"),
            (
                "/v1/decisions/device-request", "{\"deviceRequest\": \"not base64!\", \"sessionTranscript\": \"gw==\"}",
                "deviceRequest"
            ),
        ]
        for (path, body, mention) in cases {
            let response = world.post(path, body)
            #expect(response.status == 400, "\(path) \(body)")
            #expect(response.jsonObject["reason"] as? String == "malformed_request_body", "\(path) \(body)")
            #expect((response.jsonObject["message"] as? String)?.contains(mention) == true, "\(response.bodyText)")
        }
    }
}
