import Foundation
import JOSE
import Presentation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// The response goes to the certified name (OpenID4VP 1.0 §5.9.3) whatever else the request carries: the URI the
/// response mode really uses is checked, over https, read one way by every URL parser (found by the fresh-eyes
/// attack: a signed request of a trusted verifier could send the response elsewhere).
@Suite("OpenID4VP: the response destination of x509_san_dns clients")
struct ResponseDestinationTests {
    let host = "verifier.sim.example"
    let world: QueryWorld
    let verifier: DemoNetwork.Issued
    let queries: TrustQueries
    let now = TestPKI.referenceTime + 3600

    init() throws {
        world = try QueryWorld()
        verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "Sim Verifier", host: host, issuer: world.sim.readerIntermediate, at: TestPKI.referenceTime)
        queries = TrustQueries(snapshot: try world.defaultSnapshot())
    }

    /// A request object of the trusted verifier (or of `signer`, under the same reader CA) with these claims besides
    /// the usual ones.
    func decide(_ claims: [String: JSONValue], signer: DemoNetwork.Issued? = nil) throws -> PresentationDecision {
        let verifier = signer ?? verifier
        var all: [String: JSONValue] = [
            "client_id": .string("x509_san_dns:\(host)"), "response_type": .string("vp_token"),
            "aud": .string("https://self-issued.me/v2"), "nonce": .string("n"),
            "iat": .number((now - 60).timeIntervalSince1970), "exp": .number((now + 600).timeIntervalSince1970),
        ]
        for (key, value) in claims { all[key] = value }
        let header: [String: JSONValue] = [
            "typ": .string("oauth-authz-req+jwt"),
            "x5c": .array(
                [verifier.certificate, world.sim.readerIntermediate.certificate].map {
                    .string(Base64.encode($0.derEncoded))
                }),
        ]
        let jwt = try JWS.sign(header: header, payload: try JSONValue.object(all).jsonEncoded(), key: verifier.key)
        return OpenID4VPVerifier.decide(requestObject: jwt, clientID: nil, at: now, trust: queries)
    }

    @Test(
        "DNS names match in ASCII only: an upper-case client_id matches, one with U+212A KELVIN SIGN for k does not")
    func asciiOnly() throws {
        let kiosk = try RequestObjectPublisher.verifierCertificate(
            commonName: "Sim Kiosk", host: "kiosk.sim.example", issuer: world.sim.readerIntermediate,
            at: TestPKI.referenceTime)
        let destination: [String: JSONValue] = [
            "response_mode": .string("direct_post"), "response_uri": .string("https://kiosk.sim.example/response"),
        ]
        let upper = try decide(
            destination.merging(["client_id": .string("x509_san_dns:KIOSK.sim.example")]) { $1 }, signer: kiosk)
        #expect(upper.trusted, "\(upper.message)")
        // Swift's lowercased() and == would take U+212A for k (and K): the certified name is kiosk.sim.example.
        let kelvin = try decide(
            destination.merging(["client_id": .string("x509_san_dns:\u{212A}iosk.sim.example")]) { $1 }, signer: kiosk)
        #expect(!kelvin.trusted)
        // A byte outside ASCII: no host name at all (RFC 1123), so the client identifier is malformed.
        #expect(kelvin.reason == .malformedRequest, "\(kelvin.reasonCode ?? "nil"): \(kelvin.message)")
        #expect(URIHost.of("https://\u{212A}iosk.sim.example/response") == nil)
        #expect(DNSName.same("Kiosk.SIM.example", "kiosk.sim.example"))
        #expect(!DNSName.same("\u{212A}iosk.sim.example", "kiosk.sim.example"))
    }

    @Test("the certified destination is trusted: direct_post to https://<name>/…, or a fragment redirect to it")
    func certified() throws {
        let post = try decide([
            "response_mode": .string("direct_post"), "response_uri": .string("https://\(host)/response"),
        ])
        #expect(post.trusted, "\(post.message)")
        let fragment = try decide([
            "response_mode": .string("fragment"), "redirect_uri": .string("https://\(host)/callback"),
        ])
        #expect(fragment.trusted, "\(fragment.message)")
    }

    @Test(
        "refused: a redirect_uri elsewhere beside a matching response_uri without direct_post, userinfo or backslash tricks, javascript: and http:",
        arguments: [
            ["response_uri": "https://verifier.sim.example/r", "redirect_uri": "https://evil.example/cb"],
            [
                "response_mode": "fragment", "response_uri": "https://verifier.sim.example/r",
                "redirect_uri": "https://evil.example/cb",
            ],
            ["response_mode": "direct_post", "response_uri": "https://evil.example\\@verifier.sim.example/r"],
            ["response_mode": "direct_post", "response_uri": "https://evil.example@verifier.sim.example/r"],
            ["response_mode": "fragment", "redirect_uri": "javascript://verifier.sim.example/%0aalert(1)"],
            ["response_mode": "direct_post", "response_uri": "http://verifier.sim.example/r"],
            ["response_mode": "direct_post", "response_uri": "https://verifier%2Esim.example/r"],
        ])
    func refused(_ claims: [String: String]) throws {
        let decision = try decide(claims.mapValues { .string($0) })
        #expect(!decision.trusted)
        #expect(decision.reason == .responseURIMismatch || decision.reason == .malformedRequest, "\(decision.message)")
    }
}
