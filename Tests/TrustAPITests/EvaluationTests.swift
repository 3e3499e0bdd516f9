import Foundation
import HTTPServer
import JOSE
import Publishing
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// `POST /evaluation`: AuthZEN access evaluations in the trust-registry profile, mapped to reader and issuer
/// decisions.
@Suite("TrustAPI: AuthZEN evaluation")
struct EvaluationTests {
    /// An evaluation request body.
    static func request(
        subject: String, resourceID: String? = nil, type: String? = "x5c", key: String?, action: String?,
        parameters: String? = nil, context: String? = nil
    ) -> String {
        var resource = "\"id\": \"\(resourceID ?? subject)\""
        if let type { resource += ", \"type\": \"\(type)\"" }
        if let key { resource += ", \"key\": \(key)" }
        var body = "{\"subject\": {\"type\": \"key\", \"id\": \"\(subject)\"}, \"resource\": {\(resource)}"
        if let action {
            body += ", \"action\": {\"name\": \"\(action)\"\(parameters.map { ", \"parameters\": \($0)" } ?? "")}"
        }
        if let context { body += ", \"context\": \(context)" }
        return body + "}"
    }

    @Test("a trusted reader named by its commonName: decision true with the decision object as trust_metadata")
    func readerTrue() throws {
        let world = try APIWorld()
        for action in ["mdoc-reader", "credential-verifier"] {
            let response = world.post(
                "/evaluation",
                Self.request(subject: "Sim Reader", key: APIWorld.x5c(world.readerChain), action: action))
            #expect(response.status == 200, "\(response.bodyText)")
            #expect(response.jsonObject["decision"] as? Bool == true)
            let context = try #require(response.jsonObject["context"] as? [String: Any])
            let reason = try #require(context["reason"] as? [String: Any])
            #expect(reason["role"] as? String == action)
            #expect(reason["code"] is NSNull)
            let metadata = try #require(context["trust_metadata"] as? [String: Any])
            #expect(metadata["trusted"] as? Bool == true)
            #expect(metadata["query"] as? String == "reader")
        }
    }

    @Test("the leaf's other names bind too: x509_hash and its SHA-256; another name is subject_not_bound")
    func binding() throws {
        let world = try APIWorld()
        let leaf = world.readerChain[0]
        for name in ["x509_hash:" + Base64URL.encode(leaf.sha256), leaf.sha256Hex] {
            let response = world.post(
                "/evaluation", Self.request(subject: name, key: APIWorld.x5c(world.readerChain), action: "mdoc-reader"))
            #expect(response.jsonObject["decision"] as? Bool == true, "\(name)")
        }
        let other = world.post(
            "/evaluation",
            Self.request(subject: "https://reader.example", key: APIWorld.x5c(world.readerChain), action: "mdoc-reader")
        )
        #expect(other.status == 200)
        #expect(other.jsonObject["decision"] as? Bool == false)
        let reason = (other.jsonObject["context"] as? [String: Any])?["reason"] as? [String: Any]
        #expect(reason?["code"] as? String == "subject_not_bound")
    }

    @Test("a dNSName binds as an https URL's host only: http, a user part or an encoded host do not bind")
    func urlBinding() throws {
        let world = try APIWorld()
        let verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "Sim Verifier", host: "verifier.example", issuer: world.sim.readerIntermediate,
            at: APIWorld.now)
        let key = APIWorld.x5c([verifier.certificate, world.sim.readerIntermediate.certificate])
        let expectations: [(String, Bool)] = [
            ("verifier.example", true), ("x509_san_dns:verifier.example", true),
            ("https://verifier.example/response", true), ("https://VERIFIER.example", true),
            ("http://verifier.example/response", false), ("https://evil.example@verifier.example/", false),
            ("https://verifier%2Eexample/", false), ("ftp://verifier.example/", false),
        ]
        for (name, bound) in expectations {
            let response = world.post("/evaluation", Self.request(subject: name, key: key, action: "mdoc-reader"))
            #expect(response.jsonObject["decision"] as? Bool == bound, "\(name): \(response.bodyText)")
            if !bound {
                let reason = (response.jsonObject["context"] as? [String: Any])?["reason"] as? [String: Any]
                #expect(reason?["code"] as? String == "subject_not_bound", "\(name)")
            }
        }
    }

    @Test("an issuer role decides every docType of credential_types; one not authorized makes it false")
    func issuer() throws {
        let world = try APIWorld()
        let key = APIWorld.x5c(world.issuerChain)
        let name = "Sim Document Signer"
        let mdl = world.post(
            "/evaluation",
            Self.request(
                subject: name, key: key, action: "mdl-issuer",
                parameters: "{\"credential_types\": [\"org.iso.18013.5.1.mDL\"]}"))
        #expect(mdl.jsonObject["decision"] as? Bool == true, "\(mdl.bodyText)")
        let both = world.post(
            "/evaluation",
            Self.request(
                subject: name, key: key, action: "credential-issuer",
                parameters: "{\"credential_types\": [\"org.iso.18013.5.1.mDL\", \"eu.europa.ec.eudi.pid.1\"]}"))
        #expect(both.jsonObject["decision"] as? Bool == false)
        let context = both.jsonObject["context"] as? [String: Any]
        #expect((context?["reason"] as? [String: Any])?["code"] as? String == "doctype_not_authorized")
        #expect((context?["trust_metadata"] as? [String: Any])?["docType"] as? String == "eu.europa.ec.eudi.pid.1")
        let none = world.post("/evaluation", Self.request(subject: name, key: key, action: "mdoc-issuer"))
        #expect(none.status == 400)
        #expect(none.reason == "malformed_request_body")
    }

    @Test(
        "what this registry does not decide is decision false with a reason: another role, no role, a key while no LoTE publishes keys, no key"
    )
    func unsupported() throws {
        let world = try APIWorld()
        let key = APIWorld.x5c(world.readerChain)
        let cases: [(String, String)] = [
            (Self.request(subject: "Sim Reader", key: key, action: "wallet-provider"), "unsupported_action"),
            (Self.request(subject: "Sim Reader", key: key, action: nil), "unsupported_action"),
            (
                Self.request(
                    subject: "Sim Reader", key: key, action: "http://ec.europa.eu/NS/wallet-provider"),
                "trust_list_unavailable"
            ),
            (
                Self.request(
                    subject: "Sim Reader", type: "jwk",
                    key: #"{"kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#,
                    action: "mdoc-reader"),
                "trust_list_unavailable"
            ),
            (
                Self.request(subject: "Sim Reader", type: nil, key: nil, action: "mdoc-reader"),
                "unsupported_resource_type"
            ),
        ]
        for (body, code) in cases {
            let response = world.post("/evaluation", body)
            #expect(response.status == 200, "\(body)")
            #expect(response.jsonObject["decision"] as? Bool == false)
            let reason = (response.jsonObject["context"] as? [String: Any])?["reason"] as? [String: Any]
            #expect(reason?["code"] as? String == code, "\(body): \(response.bodyText)")
        }
    }

    @Test("requests outside the profile are 400: subject type, resource id, key rules, a JWK without its members")
    func refusals() throws {
        let world = try APIWorld()
        let key = APIWorld.x5c(world.readerChain)
        let bodies = [
            "{\"subject\": {\"type\": \"user\", \"id\": \"a\"}, \"resource\": {\"type\": \"x5c\", \"id\": \"a\", \"key\": \(key)}}",
            Self.request(subject: "a", resourceID: "b", key: key, action: "mdoc-reader"),
            Self.request(subject: "a", key: nil, action: "mdoc-reader"),
            Self.request(subject: "a", type: nil, key: key, action: "mdoc-reader"),
            Self.request(subject: "a", key: "[\"%%%\"]", action: "mdoc-reader"),
            "{\"resource\": {\"type\": \"x5c\", \"id\": \"a\", \"key\": \(key)}}",
            Self.request(subject: "a", type: "jwk", key: "{\"kty\": \"EC\"}", action: "mdoc-reader"),
            Self.request(subject: "a", key: key, action: "mdoc-reader", context: "{\"time\": \"tomorrow\"}"),
        ]
        for body in bodies {
            let response = world.post("/evaluation", body)
            #expect(response.status == 400, "\(body): \(response.bodyText)")
            #expect(response.reason != nil)
            #expect(response.jsonObject["decision"] == nil)
        }
    }

    @Test("the draft's envelope is accepted, context.time is the decision time, and X-Request-ID is echoed")
    func envelopeTimeAndRequestID() throws {
        let world = try APIWorld()
        let inner = Self.request(subject: "Sim Reader", key: APIWorld.x5c(world.readerChain), action: "mdoc-reader")
        let wrapped = "{\"type\": \"authzen\", \"request\": \(inner)}"
        var request = HTTPRequest(method: .post, path: "/evaluation", body: Array(wrapped.utf8))
        request.headers["X-Request-ID"] = "req-4711"
        let response = world.router.respond(to: request)
        #expect(response.jsonObject["decision"] as? Bool == true, "\(response.bodyText)")
        #expect(response.headers["X-Request-ID"] == "req-4711")
        // An X-Request-ID that could not be written back is not echoed; the decision is answered all the same.
        request.headers["X-Request-ID"] = "req\u{7}4711"
        let bell = world.router.respond(to: request)
        #expect(bell.status == 200 && bell.jsonObject["decision"] as? Bool == true, "\(bell.bodyText)")
        #expect(bell.headers["X-Request-ID"] == nil)
        // The envelope without its request says so.
        let empty = world.post("/evaluation", "{\"type\": \"authzen\"}")
        #expect(empty.status == 400 && empty.reason == "malformed_request_body")
        #expect((empty.jsonObject["message"] as? String)?.hasPrefix("request: missing") == true, "\(empty.bodyText)")

        let late = Timestamp.text(world.sim.readerLeaf.certificate.notAfter + 86_400)
        let expired = world.post(
            "/evaluation",
            Self.request(
                subject: "Sim Reader", key: APIWorld.x5c(world.readerChain), action: "mdoc-reader",
                context: "{\"time\": \"\(late)\", \"ip\": \"10.0.0.1\"}"))
        #expect(expired.jsonObject["decision"] as? Bool == false, "\(expired.bodyText)")
    }
}
