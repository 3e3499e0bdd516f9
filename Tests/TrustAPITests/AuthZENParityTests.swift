import Foundation
import HTTPServer
import Testing
import TrustAPI
import TrustLists

/// AuthZEN Authorization API 1.0 as its clients and go-trust's clients send it: the API's default paths, the batch
/// form (§7), PDP discovery (§9), unknown members ignored (§5), and go-trust's request shapes.
@Suite("TrustAPI: AuthZEN parity")
struct AuthZENParityTests {
    func evaluationBody(subject: String, key: String, action: String, extra: String = "") -> String {
        "{\"subject\": {\"type\": \"key\", \"id\": \"\(subject)\"}, \"resource\": {\"type\": \"x5c\", \"id\": "
            + "\"\(subject)\", \"key\": \(key)}, \"action\": {\"name\": \"\(action)\"}\(extra)}"
    }

    func decision(_ response: HTTPResponse) -> Bool? { response.jsonObject["decision"] as? Bool }

    func code(_ answer: Any?) -> String? {
        (((answer as? [String: Any])?["context"] as? [String: Any])?["reason"] as? [String: Any])?["code"] as? String
    }

    @Test("POST /access/v1/evaluation answers as /evaluation; unknown members are ignored, not refused")
    func defaultPathAndUnknownMembers() throws {
        let world = try APIWorld()
        let body = evaluationBody(
            subject: "Sim Reader", key: APIWorld.x5c(world.readerChain), action: "mdoc-reader",
            extra: ", \"extension\": {\"vendor\": 1}, \"options\": {}")
        let legacy = world.post("/evaluation", body)
        let standard = world.post("/access/v1/evaluation", body)
        #expect(standard.status == 200, "\(standard.bodyText)")
        #expect(decision(standard) == true)
        #expect(standard.bodyText == legacy.bodyText)
    }

    @Test("go-trust's shapes: role names verifier, issuer, urn:eudi:credential-issuer, mdl-issuer; context.doc_type")
    func goTrustShapes() throws {
        let world = try APIWorld()
        let reader = APIWorld.x5c(world.readerChain)
        let signer = APIWorld.x5c(world.issuerChain)
        #expect(
            decision(
                world.post(
                    "/access/v1/evaluation", evaluationBody(subject: "Sim Reader", key: reader, action: "verifier")))
                == true)
        // mdl-issuer without a docType means the mDL.
        let mdl = world.post(
            "/access/v1/evaluation", evaluationBody(subject: "Sim Document Signer", key: signer, action: "mdl-issuer"))
        #expect(decision(mdl) == true, "\(mdl.bodyText)")
        for role in ["issuer", "urn:eudi:credential-issuer"] {
            for field in ["doc_type", "credential_type"] {
                let response = world.post(
                    "/access/v1/evaluation",
                    evaluationBody(
                        subject: "Sim Document Signer", key: signer, action: role,
                        extra: ", \"context\": {\"\(field)\": \"org.iso.18013.5.1.mDL\"}"))
                #expect(decision(response) == true, "\(role) \(field): \(response.bodyText)")
                let other = world.post(
                    "/access/v1/evaluation",
                    evaluationBody(
                        subject: "Sim Document Signer", key: signer, action: role,
                        extra: ", \"context\": {\"\(field)\": \"eu.europa.ec.eudi.pid.1\"}"))
                #expect(decision(other) == false)
                #expect(code(other.jsonObject) == "doctype_not_authorized", "\(other.bodyText)")
            }
        }
    }

    @Test("POST /access/v1/evaluations: items inherit the top level, answers come in order")
    func batch() throws {
        let world = try APIWorld()
        let reader = APIWorld.x5c(world.readerChain)
        let body = """
            {"subject": {"type": "key", "id": "Sim Reader"},
             "resource": {"type": "x5c", "id": "Sim Reader", "key": \(reader)},
             "evaluations": [
               {"action": {"name": "mdoc-reader"}},
               {"action": {"name": "unknown-role"}},
               {"action": {"name": "verifier"}, "subject": {"type": "key", "id": "someone else"},
                "resource": {"type": "x5c", "id": "someone else", "key": \(reader)}}
             ]}
            """
        let response = world.post("/access/v1/evaluations", body)
        #expect(response.status == 200, "\(response.bodyText)")
        let answers = try #require(response.jsonObject["evaluations"] as? [Any])
        #expect(answers.count == 3)
        #expect((answers[0] as? [String: Any])?["decision"] as? Bool == true)
        #expect(code(answers[1]) == "unsupported_action")
        #expect(code(answers[2]) == "subject_not_bound")

        // deny_on_first_deny stops after the first false; permit_on_first_permit after the first true.
        let denyFirst = body.replacingOccurrences(
            of: "\"evaluations\":",
            with: "\"options\": {\"evaluations_semantic\": \"deny_on_first_deny\"}, \"evaluations\":")
        #expect((world.post("/access/v1/evaluations", denyFirst).jsonObject["evaluations"] as? [Any])?.count == 2)
        let permitFirst = body.replacingOccurrences(
            of: "\"evaluations\":",
            with: "\"options\": {\"evaluations_semantic\": \"permit_on_first_permit\"}, \"evaluations\":")
        #expect((world.post("/access/v1/evaluations", permitFirst).jsonObject["evaluations"] as? [Any])?.count == 1)
    }

    @Test("a batch without items is one evaluation; over 64 items, a bad item or semantic is 400 naming it")
    func batchEdges() throws {
        let world = try APIWorld()
        let reader = APIWorld.x5c(world.readerChain)
        let single = world.post(
            "/access/v1/evaluations", evaluationBody(subject: "Sim Reader", key: reader, action: "mdoc-reader"))
        #expect(decision(single) == true, "\(single.bodyText)")
        let item = "{\"action\": {\"name\": \"mdoc-reader\"}}"
        let top =
            "\"subject\": {\"type\": \"key\", \"id\": \"Sim Reader\"}, \"resource\": {\"type\": \"x5c\", \"id\": \"Sim Reader\", \"key\": \(reader)}"
        let tooMany = world.post(
            "/access/v1/evaluations",
            "{\(top), \"evaluations\": [\(Array(repeating: item, count: 65).joined(separator: ","))]}")
        #expect(tooMany.status == 400 && tooMany.reason == "limits_exceeded", "\(tooMany.bodyText)")
        let badItem = world.post("/access/v1/evaluations", "{\(top), \"evaluations\": [\(item), {\"subject\": 5}]}")
        #expect(badItem.status == 400)
        #expect(
            (badItem.jsonObject["message"] as? String)?.contains("evaluations[1].subject") == true,
            "\(badItem.bodyText)")
        let badSemantic = world.post(
            "/access/v1/evaluations",
            "{\(top), \"options\": {\"evaluations_semantic\": \"some\"}, \"evaluations\": [\(item)]}")
        #expect(badSemantic.status == 400)
    }

    @Test("discovery names the evaluation endpoints under the request's Host; a Host that is not host[:port] is 400")
    func discovery() throws {
        let world = try APIWorld()
        var request = HTTPRequest(method: .get, path: "/.well-known/authzen-configuration", body: [])
        request.headers["Host"] = "pdp.example:8441"
        let response = world.router.respond(to: request)
        #expect(response.status == 200, "\(response.bodyText)")
        #expect(response.jsonObject["policy_decision_point"] as? String == "http://pdp.example:8441")
        #expect(
            response.jsonObject["access_evaluation_endpoint"] as? String
                == "http://pdp.example:8441/access/v1/evaluation")
        #expect(
            response.jsonObject["access_evaluations_endpoint"] as? String
                == "http://pdp.example:8441/access/v1/evaluations")
        request.headers["Host"] = "evil.example/x?"
        #expect(world.router.respond(to: request).status == 400)
    }

    @Test("discovery uses server.publicBaseURL when configured; a base URL with a path is a configuration error")
    func discoveryConfigured() throws {
        let settings = try ServerSettingsProbe.read(#"{"publicBaseURL": "https://trust.example"}"#)
        #expect(settings?.publicBaseURL == "https://trust.example")
        #expect(throws: ConfigurationError.self) {
            try ServerSettingsProbe.read(#"{"publicBaseURL": "https://trust.example/pdp/"}"#)
        }
    }
}

/// Reads a `server` object through a whole configuration file, as the daemon does.
enum ServerSettingsProbe {
    static func read(_ server: String) throws -> ServerSettings? {
        let text = """
            {"networks": [{"id": "n", "root": {"url": "https://root.example/r.pem", "sha256": ["\(String(repeating: "ab", count: 32))"]},
                           "vical": {"url": "https://lists.example/vical"}}], "server": \(server)}
            """
        return try Configuration(json: Data(text.utf8), file: URL(fileURLWithPath: "/etc/trustlists/trustlists.json"))
            .server
    }
}
