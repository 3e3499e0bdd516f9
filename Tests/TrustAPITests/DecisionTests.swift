import Foundation
import HTTPServer
import JOSE
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// `POST /v1/decisions/reader` and `/issuer`, in-process: the CLI's decision JSON, 200 for every decision, 400 for
/// every body that is not the request.
@Suite("TrustAPI: reader and issuer decisions")
struct DecisionTests {
    @Test("a listed reader chain is trusted: 200 with the decision object trustctl query reader --json prints")
    func trustedReader() throws {
        let world = try APIWorld()
        let response = world.post("/v1/decisions/reader", "{\"x5c\": \(APIWorld.x5c(world.readerChain))}")
        #expect(response.status == 200)
        let queries = world.service.queries
        let expected = try WireJSON.render(
            WireDecision(
                queries.readerDecision(chain: world.readerChain, at: APIWorld.now), query: "reader", docType: nil,
                leaf: world.readerChain[0], at: APIWorld.now, generation: queries.generation))
        #expect(response.bodyText == expected)
        #expect(response.jsonObject["trusted"] as? Bool == true)
        #expect((response.jsonObject["verifiedBy"] as? [String: Any])?["commonName"] as? String == "Sim Reader")
        #expect(response.headers["Cache-Control"] == "no-store")
    }

    @Test("a chain that is not listed is 200 with trusted false and the reason in the body")
    func untrustedReader() throws {
        let world = try APIWorld()
        let response = world.post("/v1/decisions/reader", "{\"x5c\": \(APIWorld.x5c(world.issuerChain))}")
        #expect(response.status == 200)
        #expect(response.jsonObject["trusted"] as? Bool == false)
        #expect(response.jsonObject["reason"] as? String == "not_on_trust_list")
    }

    @Test("at is the decision time: past the reader certificate's validity the chain does not validate")
    func decisionTime() throws {
        let world = try APIWorld()
        let late = Timestamp.text(world.sim.readerLeaf.certificate.notAfter + 86_400)
        let response = world.post(
            "/v1/decisions/reader", "{\"x5c\": \(APIWorld.x5c(world.readerChain)), \"at\": \"\(late)\"}")
        #expect(response.status == 200)
        #expect(response.jsonObject["trusted"] as? Bool == false)
        #expect(response.jsonObject["at"] as? String == late)
    }

    @Test("an issuer decision answers per docType: mDL trusted, another docType not authorized")
    func issuer() throws {
        let world = try APIWorld()
        let chain = APIWorld.x5c(world.issuerChain)
        let mdl = world.post("/v1/decisions/issuer", "{\"x5c\": \(chain), \"docType\": \"org.iso.18013.5.1.mDL\"}")
        #expect(mdl.status == 200)
        #expect(mdl.jsonObject["trusted"] as? Bool == true)
        #expect(mdl.jsonObject["docType"] as? String == "org.iso.18013.5.1.mDL")
        let pid = world.post("/v1/decisions/issuer", "{\"x5c\": \(chain), \"docType\": \"eu.europa.ec.eudi.pid.1\"}")
        #expect(pid.status == 200)
        #expect(pid.jsonObject["trusted"] as? Bool == false)
        #expect(pid.jsonObject["reason"] as? String == "doctype_not_authorized")
    }

    @Test("before the first verified generation, every decision and evaluation is 503 snapshot_unavailable")
    func unloaded() throws {
        let world = try APIWorld(loaded: false)
        let x5c = APIWorld.x5c(world.readerChain)
        let requests = [
            ("/v1/decisions/reader", "{\"x5c\": \(x5c)}"),
            ("/v1/decisions/issuer", "{\"x5c\": \(x5c), \"docType\": \"org.iso.18013.5.1.mDL\"}"),
            ("/v1/decisions/request", "{\"request\": \"e30.e30.AA\"}"),
            ("/v1/decisions/device-request", "{\"deviceRequest\": \"oA==\", \"sessionTranscript\": \"gw==\"}"),
            ("/evaluation", EvaluationTests.request(subject: "Sim Reader", key: x5c, action: "mdoc-reader")),
        ]
        for (path, body) in requests {
            let response = world.post(path, body)
            #expect(response.status == 503, "\(path): \(String(decoding: response.body, as: UTF8.self))")
            #expect(response.reason == "snapshot_unavailable", "\(path)")
            #expect(response.jsonObject["trusted"] == nil && response.jsonObject["decision"] == nil, "\(path)")
        }
        // Once a generation is installed, the same requests are decided.
        _ = try world.service.refresh(at: APIWorld.now, lockTimeout: 5)
        #expect(world.post(requests[0].0, requests[0].1).jsonObject["trusted"] as? Bool == true)
        #expect(world.post(requests[4].0, requests[4].1).jsonObject["decision"] as? Bool == true)
    }

    /// Bodies that are not a reader request, with the reason code each must get.
    static let badReaderBodies: [(body: String, reason: String, mentions: String)] = [
        ("", "malformed_request_body", "empty"),
        ("{\"x5c\": [", "malformed_json", "body"),
        ("{\"x5c\": [\"a\"], \"x5c\": [\"b\"]}", "malformed_json", "x5c"),
        ("[]", "malformed_request_body", "object"),
        ("\"x5c\"", "malformed_request_body", "object"),
        ("{}", "malformed_request_body", "x5c"),
        ("{\"x5c\": []}", "malformed_request_body", "x5c"),
        ("{\"x5c\": \"MIIB\"}", "malformed_request_body", "x5c"),
        ("{\"x5c\": [42]}", "malformed_request_body", "x5c[0]"),
        ("{\"x5c\": [\"not base64!\"]}", "malformed_x5c", "x5c[0]"),
        ("{\"x5c\": [\"TUlJQg==\"]}", "malformed_certificate", "x5c[0]"),
        ("{\"x5c\": [\"TUlJQg==\"], \"chain\": 1}", "malformed_request_body", "chain"),
        ("{\"at\": 5, \"x5c\": [\"TUlJQg==\"]}", "malformed_request_body", "at"),
        ("{\"at\": \"yesterday\", \"x5c\": [\"TUlJQg==\"]}", "malformed_request_body", "at"),
        (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "limits_exceeded", "deeper"),
    ]

    @Test("a body that is not a reader request is 400 with a reason code and a message naming the member")
    func badBodies() throws {
        let world = try APIWorld()
        for (body, reason, mentions) in Self.badReaderBodies {
            let response = world.post("/v1/decisions/reader", body)
            #expect(response.status == 400, "\(body): \(response.bodyText)")
            #expect(response.reason == reason, "\(body): \(response.bodyText)")
            let message = response.jsonObject["message"] as? String ?? ""
            #expect(message.lowercased().contains(mentions.lowercased()), "\(body): \(message)")
            #expect(response.jsonObject["trusted"] == nil, "never a decision for \(body)")
        }
    }

    @Test("the issuer request needs a non-empty docType; other content types than JSON are 415")
    func issuerRefusals() throws {
        let world = try APIWorld()
        let chain = APIWorld.x5c(world.issuerChain)
        for body in [
            "{\"x5c\": \(chain)}", "{\"x5c\": \(chain), \"docType\": \"\"}",
            "{\"x5c\": \(chain), \"docType\": [\"a\"]}",
        ] {
            let response = world.post("/v1/decisions/issuer", body)
            #expect(response.status == 400)
            #expect(response.reason == "malformed_request_body")
            #expect((response.jsonObject["message"] as? String)?.hasPrefix("docType") == true, "\(response.bodyText)")
        }
        let text = world.post("/v1/decisions/reader", "{\"x5c\": \(chain)}", contentType: "text/plain")
        #expect(text.status == 415)
        #expect(text.reason == "unsupported_media_type")
        let problem = world.post("/v1/decisions/reader", "{\"x5c\": \(chain)}", contentType: "application/problem+json")
        #expect(problem.status == 200)
        let absent = world.post("/v1/decisions/reader", "{\"x5c\": \(chain)}", contentType: nil)
        #expect(absent.status == 200)
    }
}
