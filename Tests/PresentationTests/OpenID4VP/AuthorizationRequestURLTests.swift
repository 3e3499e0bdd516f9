import Foundation
import JOSE
import Presentation
import Testing

/// Parsing authorization request URLs (OpenID4VP 1.0 §5, RFC 9101 §5): schemes, the three forms of a request,
/// decoding, and every refusal with `malformed_request` or `limits_exceeded`.
@Suite("OpenID4VP authorization request URLs")
struct AuthorizationRequestURLTests {
    @Test(
        "every wallet scheme and https links are read",
        arguments: [
            ("openid4vp://?client_id=x", AuthorizationRequestURL.Scheme.openID4VP),
            ("haip-vp://?client_id=x", .haipVP), ("mdoc-openid4vp://?client_id=x", .mdocOpenID4VP),
            ("eudi-openid4vp://authorize?client_id=x", .eudiOpenID4VP),
            ("https://wallet.example.com/authorize?client_id=x", .https), ("OPENID4VP://?client_id=x", .openID4VP),
        ])
    func schemes(url: String, scheme: AuthorizationRequestURL.Scheme) throws {
        let request = try AuthorizationRequestURL(string: url)
        #expect(request.scheme == scheme)
        #expect(request.clientID == "x")
        #expect(request.request == .parameters)
    }

    @Test("request_uri with its method; the default method is get")
    func byReference() throws {
        let get = try AuthorizationRequestURL(
            string: "openid4vp://?client_id=x509_san_dns%3Aclient.example.org"
                + "&request_uri=https%3A%2F%2Fclient.example.org%2Frequest%2Fvapof4ql2i7m41m68uep")
        #expect(get.clientID == "x509_san_dns:client.example.org")
        #expect(
            get.request == .byReference(uri: "https://client.example.org/request/vapof4ql2i7m41m68uep", method: .get))
        let post = try AuthorizationRequestURL(
            string: "openid4vp://?client_id=x&request_uri=https%3A%2F%2Fa.example%2Fr&request_uri_method=post")
        #expect(post.request == .byReference(uri: "https://a.example/r", method: .post))
    }

    @Test("request by value, and plain parameters decoded: percent escapes, + as a space, JSON parameters kept as text")
    func byValueAndParameters() throws {
        let value = try AuthorizationRequestURL(string: "openid4vp://?client_id=x&request=eyJh.eyJi.c2ln")
        #expect(value.request == .byValue("eyJh.eyJi.c2ln"))
        let plain = try AuthorizationRequestURL(
            string: "openid4vp://?response_type=vp_token&client_id=redirect_uri%3Ahttps%3A%2F%2Fclient.example.org%2Fcb"
                + "&redirect_uri=https%3A%2F%2Fclient.example.org%2Fcb&nonce=n-0S6_WzA2Mj"
                + "&dcql_query=%7B%22credentials%22%3A+%5B%5D%7D")
        #expect(plain.clientID == "redirect_uri:https://client.example.org/cb")
        #expect(plain.parameters["dcql_query"] == #"{"credentials": []}"#)
        #expect(plain.parameters["nonce"] == "n-0S6_WzA2Mj")
    }

    @Test(
        "malformed requests are refused with malformed_request",
        arguments: [
            "not a url", "ftp://wallet.example/?client_id=x", "http://wallet.example/?client_id=x", "openid4vp://",
            "openid4vp://?", "openid4vp://?response_type=vp_token", "openid4vp://?client_id=",
            "openid4vp://?client_id=x&client_id=y", "openid4vp://?client_id=x&request=a.b.c&request_uri=https://a/r",
            "openid4vp://?client_id=x&request_uri=https://a/r&request_uri_method=POST",
            "openid4vp://?client_id=x&request_uri_method=get",
            "openid4vp://?client_id=x&request=a.b.c&request_uri_method=get",
            "openid4vp://?client_id=x&request=", "openid4vp://?client_id=x&request_uri=",
            "openid4vp://?client_id=%E0%A4",
        ])
    func refused(url: String) {
        #expect(throws: PresentationError(.malformedRequest)) { try AuthorizationRequestURL(string: url) }
    }

    @Test("a % not followed by two hex digits is kept as text, as WHATWG URL percent-decoding does")
    func strayPercent() throws {
        #expect(try AuthorizationRequestURL(string: "openid4vp://?client_id=%zz").clientID == "%zz")
    }

    @Test("a URL over the cap is limits_exceeded before it is parsed")
    func sizeCap() {
        let huge = "openid4vp://?client_id=x&request=" + String(repeating: "A", count: 10 * 1024 * 1024)
        let start = Date()
        #expect(throws: PresentationError(.limitsExceeded)) { try AuthorizationRequestURL(string: huge) }
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(throws: PresentationError(.limitsExceeded)) {
            try AuthorizationRequestURL(string: "openid4vp://?client_id=abcdef", maxBytes: 20)
        }
    }

    @Test("JSON-valued parameters are parsed with limits; text that is not JSON is malformed_request")
    func jsonParameters() throws {
        let parameters = try AuthorizationRequestParameters(query: [
            "client_id": "x", "dcql_query": #"{"credentials":[]}"#, "presentation_definition": #"{"id":"pd"}"#,
        ])
        #expect(parameters.dcqlQuery == ["credentials": []])
        #expect(parameters.presentationDefinition == ["id": "pd"])
        #expect(throws: PresentationError(.malformedRequest)) {
            try AuthorizationRequestParameters(query: ["dcql_query": "{credentials"])
        }
        #expect(throws: PresentationError(.malformedRequest)) {
            try AuthorizationRequestParameters(query: ["dcql_query": "[1]"])
        }
        let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        #expect(throws: PresentationError(.limitsExceeded)) {
            try AuthorizationRequestParameters(query: ["dcql_query": deep])
        }
    }

    @Test("claims of the wrong type are malformed_request naming the claim")
    func claimTypes() {
        let error = presentationError { try AuthorizationRequestParameters(claims: ["response_uri": 5]) }
        #expect(error?.code == .malformedRequest)
        #expect(error?.reason.contains("request.claims.response_uri") == true)
        #expect(throws: PresentationError(.malformedRequest)) {
            try AuthorizationRequestParameters(claims: ["transaction_data": "x"])
        }
    }
}

/// Splitting client identifiers into prefixes (OpenID4VP 1.0 §5.9), and the drafts' `client_id_scheme`.
@Suite("OpenID4VP client identifier prefixes")
struct ClientIdentifierTests {
    @Test(
        "the text before the first colon names the prefix",
        arguments: [
            ("x509_san_dns:client.example.org", ClientIdentifierPrefix.x509SanDNS, "client.example.org"),
            (
                "x509_hash:Uvo3HtuIxuhC92rShpgqcT3YXwrqRxWEviRiA0OZszk", .x509Hash,
                "Uvo3HtuIxuhC92rShpgqcT3YXwrqRxWEviRiA0OZszk"
            ),
            ("redirect_uri:https://client.example.org/cb", .redirectURI, "https://client.example.org/cb"),
            ("decentralized_identifier:did:example:123", .decentralizedIdentifier, "did:example:123"),
            ("verifier_attestation:verifier.example", .verifierAttestation, "verifier.example"),
            (
                "openid_federation:https://federation-verifier.example.com", .openIDFederation,
                "https://federation-verifier.example.com"
            ),
            ("origin:https://verifier.example.com/", .origin, "https://verifier.example.com/"),
            ("example-client", .preRegistered, "example-client"),
            ("https://client.example.org/cb", .other("https"), "//client.example.org/cb"),
        ])
    func prefixes(clientID: String, prefix: ClientIdentifierPrefix, identifier: String) {
        let client = ClientIdentifier(clientID: clientID)
        #expect(client.prefix == prefix)
        #expect(client.identifier == identifier)
        #expect(client.draftWarning == nil)
    }

    @Test("a draft client_id_scheme is read as the prefix with a warning; beside a prefixed client_id it is ignored")
    func draftScheme() {
        let draft = ClientIdentifier(clientID: "verifier.example.org", clientIDScheme: "x509_san_dns")
        #expect(draft.prefix == .x509SanDNS)
        #expect(draft.identifier == "verifier.example.org")
        #expect(draft.draftWarning?.contains("x509_san_dns:verifier.example.org") == true)
        #expect(ClientIdentifier(clientID: "a", clientIDScheme: "did").prefix == .decentralizedIdentifier)
        #expect(ClientIdentifier(clientID: "a", clientIDScheme: "x509_san_uri").prefix == .other("x509_san_uri"))
        let both = ClientIdentifier(clientID: "x509_hash:abc", clientIDScheme: "x509_san_dns")
        #expect(both.prefix == .x509Hash)
        #expect(both.draftWarning?.contains("ignored") == true)
    }
}
