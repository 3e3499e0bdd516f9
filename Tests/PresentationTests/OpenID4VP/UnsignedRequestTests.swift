import Foundation
import Presentation
import TestSupport
import Testing
import TrustLists

/// Unsigned requests (plain URL parameters, OpenID4VP 1.0 §5.2) and the prefixes this wallet does not authenticate:
/// never trusted, shown by their response domain where there is one. No Python needed.
@Suite("OpenID4VP unsigned requests and unsupported prefixes")
struct UnsignedRequestTests {
    let trust = AnchoredReaderTrust(anchors: [])
    let fetcher = FakeFetcher([:])
    let now = TestPKI.referenceTime

    func decide(_ url: String, options: OpenID4VPOptions = OpenID4VPOptions()) -> PresentationDecision {
        OpenID4VPVerifier.decide(url: url, at: now, fetcher: fetcher, trust: trust, options: options)
    }

    static let dcql =
        "%7B%22credentials%22%3A%5B%7B%22id%22%3A%22pid%22%2C%22format%22%3A%22mso_mdoc%22%2C%22meta"
        + "%22%3A%7B%22doctype_value%22%3A%22eu.europa.ec.eudi.pid.1%22%7D%2C%22claims%22%3A%5B%7B%22path%22%3A%5B"
        + "%22eu.europa.ec.eudi.pid.1%22%2C%22family_name%22%5D%7D%5D%7D%5D%7D"

    @Test("redirect_uri: never signed, a domain answer: unsigned_request, verifiedBy the redirect URI's host")
    func redirectURI() {
        let decision = decide(
            "openid4vp://?response_type=vp_token&client_id=redirect_uri%3Ahttps%3A%2F%2Fclient.example.org%2Fcb"
                + "&redirect_uri=https%3A%2F%2Fclient.example.org%2Fcb&response_mode=fragment&nonce=n-1&dcql_query="
                + Self.dcql)
        #expect(!decision.trusted)
        #expect(decision.reason == .unsignedRequest)
        #expect(decision.verifiedBy == .domain("client.example.org"))
        #expect(decision.consent.clientIDPrefix == .redirectURI)
        #expect(decision.consent.requestedDocTypes == ["eu.europa.ec.eudi.pid.1"])
        #expect(decision.consent.nonce == "n-1")
        #expect(trust.exemptNetworksAsked.isEmpty)
    }

    @Test("redirect_uri: without a redirect_uri parameter the identifier is the destination")
    func redirectURIImplicit() {
        let decision = decide(
            "openid4vp://?response_type=vp_token&response_mode=fragment"
                + "&client_id=redirect_uri%3Ahttps%3A%2F%2Fclient.example.org%2Fcb")
        #expect(decision.reason == .unsignedRequest)
        #expect(decision.domain == "client.example.org")
    }

    @Test("redirect_uri: a response_uri elsewhere is response_uri_mismatch")
    func redirectURIElsewhere() {
        let decision = decide(
            "openid4vp://?response_type=vp_token&response_mode=direct_post"
                + "&client_id=redirect_uri%3Ahttps%3A%2F%2Fclient.example.org%2Fcb"
                + "&response_uri=https%3A%2F%2Fevil.example.com%2Fpost")
        #expect(decision.reason == .responseURIMismatch)
        #expect(decision.domain == "evil.example.com")
    }

    @Test("x509_san_dns as plain parameters: unsigned_request, a domain answer")
    func unsignedX509() {
        let decision = decide(
            "openid4vp://?response_type=vp_token&response_mode=direct_post&client_id=x509_san_dns%3Averifier.example.org"
                + "&response_uri=https%3A%2F%2Fverifier.example.org%2Fpost")
        #expect(decision.reason == .unsignedRequest)
        #expect(decision.domain == "verifier.example.org")
    }

    @Test(
        "prefixes this wallet does not authenticate: unsupported_client_id_prefix",
        arguments: [
            "decentralized_identifier%3Adid%3Aexample%3A123", "verifier_attestation%3Averifier.example",
            "openid_federation%3Ahttps%3A%2F%2Ffed.example.com", "origin%3Ahttps%3A%2F%2Fverifier.example.com",
            "https%3A%2F%2Fclient.example.org%2Fcb",
        ])
    func unsupportedPrefixes(clientID: String) {
        let decision = decide(
            "openid4vp://?response_type=vp_token&response_mode=direct_post&client_id=\(clientID)"
                + "&response_uri=https%3A%2F%2Fclient.example.org%2Fpost")
        #expect(decision.reason == .unsupportedClientIDPrefix, "\(decision.message)")
        #expect(decision.domain == "client.example.org")
    }

    @Test("a draft's client_id_scheme=did is unsupported; a bare unregistered client_id is client_not_registered")
    func draftAndRegistration() {
        let draft = decide(
            "mdoc-openid4vp://?response_type=vp_token&client_id=did%3Aexample%3A1&client_id_scheme=did")
        #expect(draft.reason == .unsupportedClientIDPrefix)
        #expect(draft.warnings.contains { $0.contains("client_id_scheme did") })
        let bare = decide("openid4vp://?response_type=vp_token&client_id=verifier-123")
        #expect(bare.reason == .clientNotRegistered)
        let registered = decide(
            "openid4vp://?response_type=vp_token&client_id=verifier-123&response_mode=direct_post"
                + "&response_uri=https%3A%2F%2Fverifier.example%2Fpost",
            options: OpenID4VPOptions(preRegisteredClients: [
                PreRegisteredClient(
                    clientID: "verifier-123", certificateSHA256: [], responseURIs: ["https://verifier.example/post"])
            ]))
        #expect(registered.reason == .unsignedRequest)
        #expect(registered.domain == "verifier.example")
    }

    @Test("a URL that does not parse is not trusted, verifiedBy none")
    func unparsable() {
        let decision = decide("openid4vp://?nonce=1")
        #expect(decision.reason == .malformedRequest)
        #expect(decision.verifiedBy == .none)
    }

    @Test("haip-vp: the profile's rules are warnings on an otherwise decided request")
    func haipWarnings() {
        let decision = decide(
            "haip-vp://?response_type=vp_token&response_mode=direct_post&client_id=x509_san_dns%3Av.example"
                + "&response_uri=https%3A%2F%2Fv.example%2Fpost")
        #expect(decision.reason == .unsignedRequest)
        #expect(decision.warnings.count == 3, "\(decision.warnings)")
        #expect(decision.warnings.allSatisfy { $0.hasPrefix("haip-vp: HAIP 1.0") })
    }
}
