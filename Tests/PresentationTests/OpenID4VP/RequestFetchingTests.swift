import Foundation
import JOSE
import Presentation
import TestSupport
import Testing
import TrustLists

/// `request_uri` (OpenID4VP 1.0 §5.10, RFC 9101 §5.2) through a fake fetcher that mimics the service's policy
/// (https only): GET, POST with `wallet_nonce` and `wallet_metadata`, the `Accept` header, the response's content
/// type, and the fetcher's refusals.
@Suite(
    "OpenID4VP request_uri fetching",
    .requires(.pythonCryptography))
struct RequestFetchingTests {
    let built: PythonRequests.Built
    let queries: TrustQueries
    let requestURI = "https://verifier.example.org/request/vapof4ql2i7m41m68uep"

    init() throws {
        built = try PythonRequests.load()
        queries = try TrustFixtures.queries(world: try QueryWorld(), listing: [built.certificate("root")])
    }

    func url(method: String? = nil, requestURI: String? = nil) -> String {
        let uri = (requestURI ?? self.requestURI).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "openid4vp://?client_id=x509_san_dns%3Averifier.example.org&request_uri=\(uri)"
            + (method.map { "&request_uri_method=\($0)" } ?? "")
    }

    func options(metadata: JSONValue? = nil) -> OpenID4VPOptions {
        OpenID4VPOptions(walletMetadata: metadata, makeWalletNonce: { PythonRequests.walletNonce })
    }

    @Test("GET with Accept application/oauth-authz-req+jwt; the fetched request object is decided")
    func get() {
        let fetcher = FakeFetcher([requestURI: (built.request("san_dns") + "\n", RequestObject.mediaType)])
        let decision = OpenID4VPVerifier.decide(url: url(), at: PythonRequests.now, fetcher: fetcher, trust: queries)
        #expect(decision.trusted, "\(decision.message)")
        #expect(fetcher.recorded.count == 1)
        #expect(fetcher.recorded.first?.method == .get)
        #expect(fetcher.recorded.first?.accept == "application/oauth-authz-req+jwt")
        #expect(fetcher.recorded.first?.url == requestURI)
    }

    @Test("POST sends wallet_nonce and wallet_metadata as a form; the echoed nonce is trusted, a missing one is not")
    func post() throws {
        let metadata: JSONValue = ["request_object_signing_alg_values_supported": ["ES256"]]
        let echoing = FakeFetcher([requestURI: (built.request("wallet_nonce"), "application/oauth-authz-req+jwt")])
        let decision = OpenID4VPVerifier.decide(
            url: url(method: "post"), at: PythonRequests.now, fetcher: echoing, trust: queries,
            options: options(metadata: metadata))
        #expect(decision.trusted, "\(decision.message)")
        guard case .post(let body) = try #require(echoing.recorded.first).method else {
            Issue.record("expected POST")
            return
        }
        var form = URLComponents()
        form.percentEncodedQuery = String(decoding: body, as: UTF8.self)
        let items = Dictionary(uniqueKeysWithValues: (form.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(items["wallet_nonce"] == PythonRequests.walletNonce)
        #expect(try JSONValue(jsonEncoded: Array((items["wallet_metadata"] ?? "").utf8)) == metadata)

        let replaying = FakeFetcher([requestURI: (built.request("san_dns"), RequestObject.mediaType)])
        let replayed = OpenID4VPVerifier.decide(
            url: url(method: "post"), at: PythonRequests.now, fetcher: replaying, trust: queries, options: options())
        #expect(replayed.reason == .walletNonceMismatch)
    }

    @Test("the default wallet nonce is fresh: 22 base64url characters, different each time")
    func walletNonceIsRandom() throws {
        let first = WalletNonce.random()
        #expect(first.count == 22)
        #expect(try Base64URL.decode(first).count == 16)
        #expect(first != WalletNonce.random())
    }

    @Test("content type application/jwt is tolerated with a warning; text/html or none is wrong_content_type")
    func contentTypes() {
        let jwt = FakeFetcher([requestURI: (built.request("san_dns"), "application/jwt; charset=utf-8")])
        let tolerated = OpenID4VPVerifier.decide(url: url(), at: PythonRequests.now, fetcher: jwt, trust: queries)
        #expect(tolerated.trusted, "\(tolerated.message)")
        #expect(tolerated.warnings.contains { $0.contains("application/jwt") })
        let upper = FakeFetcher([requestURI: (built.request("san_dns"), "Application/OAuth-Authz-Req+JWT")])
        #expect(OpenID4VPVerifier.decide(url: url(), at: PythonRequests.now, fetcher: upper, trust: queries).trusted)
        for contentType in ["text/html", nil] as [String?] {
            let fetcher = FakeFetcher([requestURI: (built.request("san_dns"), contentType)])
            let decision = OpenID4VPVerifier.decide(
                url: url(), at: PythonRequests.now, fetcher: fetcher, trust: queries)
            #expect(decision.reason == .wrongContentType)
            #expect(decision.verifiedBy == .none)
        }
    }

    @Test("an http request_uri is refused by the fetcher's policy: insecure_request_uri")
    func insecure() {
        let http = "http://verifier.example.org/request"
        let fetcher = FakeFetcher([http: (built.request("san_dns"), RequestObject.mediaType)])
        let decision = OpenID4VPVerifier.decide(
            url: url(requestURI: http), at: PythonRequests.now, fetcher: fetcher, trust: queries)
        #expect(decision.reason == .insecureRequestURI)
        #expect(decision.message.contains(http))
    }

    @Test("a fetch failure is request_fetch_failed; an error without a code is too")
    func fetchFailures() {
        let empty = FakeFetcher([:])
        #expect(
            OpenID4VPVerifier.decide(url: url(), at: PythonRequests.now, fetcher: empty, trust: queries).reason
                == .requestFetchFailed)
        struct Broken: RequestObjectFetching {
            struct Failure: Error {}
            func fetchRequestObject(
                url: String, method: RequestObjectFetchMethod, accept: String
            ) throws -> (body: [UInt8], contentType: String?) { throw Failure() }
        }
        #expect(
            OpenID4VPVerifier.decide(url: url(), at: PythonRequests.now, fetcher: Broken(), trust: queries).reason
                == .requestFetchFailed)
    }

    @Test("a body that is not UTF-8 is malformed_jws; an encrypted (five-segment) request object too")
    func badBodies() {
        struct Bytes: RequestObjectFetching {
            let body: [UInt8]
            func fetchRequestObject(
                url: String, method: RequestObjectFetchMethod, accept: String
            ) throws -> (body: [UInt8], contentType: String?) { (body, RequestObject.mediaType) }
        }
        let binary = OpenID4VPVerifier.decide(
            url: url(), at: PythonRequests.now, fetcher: Bytes(body: [0xff, 0xfe]), trust: queries)
        #expect(binary.reason == .malformedJWS)
        let jwe = OpenID4VPVerifier.decide(
            url: url(), at: PythonRequests.now, fetcher: Bytes(body: Array("eyJh.a.b.c.d".utf8)), trust: queries)
        #expect(jwe.reason == .malformedJWS)
    }

    @Test("a draft verifier's client_id_scheme only in the URL is read for its request object, with a warning")
    func draftSchemeInURL() {
        let decision = OpenID4VPVerifier.decide(
            url: "mdoc-openid4vp://?client_id=verifier.example.org&client_id_scheme=x509_san_dns&request="
                + built.request("draft_bare"), at: PythonRequests.now, fetcher: FakeFetcher([:]), trust: queries)
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.consent.clientIDPrefix == .x509SanDNS)
        #expect(decision.warnings.contains { $0.contains("client_id_scheme x509_san_dns") })
        let withoutScheme = OpenID4VPVerifier.decide(
            url: "mdoc-openid4vp://?client_id=verifier.example.org&request=" + built.request("draft_bare"),
            at: PythonRequests.now, fetcher: FakeFetcher([:]), trust: queries)
        #expect(withoutScheme.reason == .clientNotRegistered)
    }

    @Test("the request object by value in the URL is decided like a fetched one; its client_id must match the URL's")
    func byValue() {
        let fetcher = FakeFetcher([:])
        let good = OpenID4VPVerifier.decide(
            url: "openid4vp://?client_id=x509_san_dns%3Averifier.example.org&request=" + built.request("san_dns"),
            at: PythonRequests.now, fetcher: fetcher, trust: queries)
        #expect(good.trusted, "\(good.message)")
        let mismatch = OpenID4VPVerifier.decide(
            url: "openid4vp://?client_id=x509_san_dns%3Aother.example.org&request=" + built.request("san_dns"),
            at: PythonRequests.now, fetcher: fetcher, trust: queries)
        #expect(mismatch.reason == .clientIDMismatch)
        #expect(fetcher.recorded.isEmpty)
    }
}
