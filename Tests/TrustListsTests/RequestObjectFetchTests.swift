import Foundation
import Presentation
import Publishing
import TestSupport
import Testing
import TrustLists
import TrustListsService

/// The service's libcurl fetcher of OpenID4VP request objects (`request_uri`, OpenID4VP 1.0 §5.10) over loopback, and
/// the whole decision with a request fetched by reference.
@Suite("Request objects fetched from request_uri", .requires(.python3, .tlsTestPKI))
struct RequestObjectFetchTests {
    let files: TemporaryDirectory
    let jwtType = "application/oauth-authz-req+jwt"

    init() throws {
        files = try TemporaryDirectory()
        _ = try files.write(Array("eyJhbGciOiJub25lIn0.e30.".utf8), to: "request.jwt")
    }

    @Test("GET with Accept: application/oauth-authz-req+jwt; the response's Content-Type is returned")
    func getRequest() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
        let response = try fetcher.fetchRequestObject(
            url: server.url("/request.jwt?content_type=application/oauth-authz-req%2Bjwt"), method: .get,
            accept: jwtType)
        #expect(String(decoding: response.body, as: UTF8.self) == "eyJhbGciOiJub25lIn0.e30.")
        #expect(response.contentType == jwtType)
        let sent = try #require(try server.requests().last)
        #expect(sent.method == "GET")
        #expect(sent.header("Accept") == jwtType)
        // OpenID4VP 1.0 §15.8: a wallet's fetch does not name its software (lists and roots still do).
        #expect(sent.header("User-Agent") == nil)
    }

    @Test("POST sends the form body as application/x-www-form-urlencoded (request_uri_method=post)")
    func postRequest() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
        _ = try fetcher.fetchRequestObject(
            url: server.url("/request.jwt"), method: .post(formBody: Array("wallet_nonce=qPmxiNFCR3QTm19POc8u".utf8)),
            accept: jwtType)
        let sent = try #require(try server.requests().last)
        #expect(sent.method == "POST")
        #expect(sent.body == "wallet_nonce=qPmxiNFCR3QTm19POc8u")
        #expect(sent.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(sent.header("Accept") == jwtType)
    }

    @Test("an http request_uri is refused unless allowInsecureURLs (insecure_request_uri), before any I/O")
    func httpRefused() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings())
        #expect(throws: PresentationError(.insecureRequestURI)) {
            try fetcher.fetchRequestObject(url: server.url("/request.jwt"), method: .get, accept: jwtType)
        }
        #expect(try server.requests().isEmpty)
    }

    @Test("a file:// request_uri is refused even with allowInsecureURLs: a request object is never a local file")
    func fileRefused() throws {
        let file = try files.write(Array("e30.e30.AA".utf8), to: "local.jwt")
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
        #expect(throws: PresentationError(.insecureRequestURI)) {
            try fetcher.fetchRequestObject(url: file.absoluteString, method: .get, accept: jwtType)
        }
    }

    @Test("a body over maxBytes is limits_exceeded; an HTTP error is request_fetch_failed")
    func limitsAndErrors() throws {
        _ = try files.write([UInt8](repeating: 0x41, count: 10 << 20), to: "huge.jwt")
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(maxBytes: 1 << 20, allowInsecureURLs: true))
        #expect(throws: PresentationError(.limitsExceeded)) {
            try fetcher.fetchRequestObject(url: server.url("/huge.jwt"), method: .get, accept: jwtType)
        }
        #expect(throws: PresentationError(.requestFetchFailed)) {
            try fetcher.fetchRequestObject(url: server.url("/request.jwt?status=500"), method: .get, accept: jwtType)
        }
    }

    @Test("a request_uri that redirects from https to http is refused (request_fetch_failed), never followed")
    func redirectToHTTP() throws {
        let pkiDirectory = try TemporaryDirectory()
        let pki = try TLSTestPKI.make(in: pkiDirectory.url)
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let tlsServer = try ListServer(root: files.url, tls: (pki.serverCertificate, pki.serverKey))
        defer { tlsServer.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true, caFile: pki.caFile.path))
        let target = server.url("/request.jwt")
        #expect(throws: PresentationError(.requestFetchFailed)) {
            try fetcher.fetchRequestObject(
                url: tlsServer.url("/request.jwt?redirect=\(target)"), method: .get, accept: jwtType)
        }
        #expect(try server.requests().isEmpty)
    }

    @Test("a whole decision with the request object fetched by reference from the verifier's server")
    func decisionByReference() throws {
        let world = try QueryWorld()
        let host = "127.0.0.1"
        let verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "Loopback Verifier", host: host, issuer: world.sim.readerIntermediate,
            at: Date())
        let now = Date()
        let jwt = try RequestObjectPublisher.signed(
            host: host, signer: verifier.key, chain: [verifier.certificate, world.sim.readerIntermediate.certificate],
            nonce: "n1", at: now)
        _ = try files.write(Array(jwt.utf8), to: "signed.jwt")
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let requestURI = server.url("/signed.jwt?content_type=application/oauth-authz-req%2Bjwt")
        let url =
            "openid4vp://?client_id=x509_san_dns%3A\(host)&request_uri="
            + (requestURI.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? requestURI)
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
        // The request is issued at the wall clock; the simulator's lists are dated at its reference time, so the
        // decision is asked at the request's time with a RICAL dated just before it.
        let queries = TrustQueries(
            snapshot: try world.snapshot(
                vical: nil, rical: world.sim.ricalContent(date: now - 60), at: now))
        let onTime = OpenID4VPVerifier.decide(url: url, at: now + 1, fetcher: fetcher, trust: queries)
        #expect(onTime.trusted, "\(onTime.message)")
        #expect(onTime.verifiedBy.commonName == "Loopback Verifier")
        #expect(try server.requests().first?.header("Accept") == jwtType)
    }
}
