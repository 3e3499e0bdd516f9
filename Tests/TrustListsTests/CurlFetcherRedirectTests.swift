import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite(
    "CurlFetcher: redirects",
    .requires(.python3))
struct CurlFetcherRedirectTests {
    let files: TemporaryDirectory

    init() throws {
        files = try TemporaryDirectory()
        try HelloFixture.write(into: files)
    }

    @Test("a redirect to another path is followed, with the final response's validators")
    func redirectToAnotherPathIsFollowed() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
        // The redirect itself carries other validators; only the final response's count.
        let url = server.url("/old?redirect=/data.bin&etag=%22from-redirect%22&last_modified=yesterday")

        let result = try fetcher.fetch(FetchRequest(url: url))

        #expect(
            result
                == .fetched(
                    body: HelloFixture.bytes, etag: HelloFixture.etag, lastModified: HelloFixture.lastModified,
                    effectiveURL: "http://127.0.0.1:\(server.port)/data.bin"))
        #expect(try server.requests().map(\.path) == ["/old", "/data.bin"])
    }

    @Test("validators absent from the final response are nil even when the redirect had some")
    func validatorsOfRedirectAreNotKept() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        try server.setRules(["/data.bin": ["etag": "none", "last_modified": "none"]])
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
        let url = server.url("/old?redirect=/data.bin&etag=%22from-redirect%22&last_modified=yesterday")

        let result = try fetcher.fetch(FetchRequest(url: url))

        #expect(
            result
                == .fetched(
                    body: HelloFixture.bytes, etag: nil, lastModified: nil,
                    effectiveURL: "http://127.0.0.1:\(server.port)/data.bin"))
    }

    @Test("a redirect loop stops after maxRedirects with networkError")
    func redirectLoopHitsLimit() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(maxRedirects: 3, allowInsecureURLs: true))

        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/loop?loop=1")))
        }

        #expect(error?.reason.contains("maxRedirects = 3") == true, "\(String(describing: error))")
        // The first request and the three redirects followed; the fourth redirect is not.
        #expect(try server.requests().count == 4)
    }

    @Test("with maxRedirects 0 a redirect is not followed")
    func noRedirectsAllowed() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(maxRedirects: 0, allowInsecureURLs: true))

        expectFetchError(.networkError) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/old?redirect=/data.bin")))
        }

        #expect(try server.requests().map(\.path) == ["/old"])
    }
}

@Suite(
    "CurlFetcher: redirects between http and https",
    .requires(.tlsTestPKI))
struct CurlFetcherSchemeRedirectTests {
    let files: TemporaryDirectory
    let pki: TLSTestPKI

    init() throws {
        files = try TemporaryDirectory()
        try HelloFixture.write(into: files)
        let pkiDirectory = files.url.appendingPathComponent("pki")
        pki = try TLSTestPKI.make(in: pkiDirectory)
    }

    @Test("an https source redirecting to http is refused even with allowInsecureURLs, and http is never asked")
    func httpsToHTTPRedirectIsRefused() throws {
        let secure = try ListServer(root: files.url, tls: (pki.serverCertificate, pki.serverKey))
        defer { secure.stop() }
        let plain = try ListServer(root: files.url)
        defer { plain.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true, caFile: pki.caFile.path))
        let target = plain.url("/data.bin")
        // The plain target works on its own, so only the downgrade rule can stop the redirect.
        #expect(throws: Never.self) { try fetcher.fetch(FetchRequest(url: target)) }
        let before = try plain.requests().count

        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: secure.url("/old?redirect=\(target)")))
        }

        #expect(error?.reason.contains("redirect") == true, "\(String(describing: error))")
        #expect(try secure.requests().map(\.path) == ["/old"])
        #expect(try plain.requests().count == before)
    }

    @Test("an http source may redirect to https when insecure URLs are allowed")
    func httpToHTTPSRedirectIsFollowed() throws {
        let secure = try ListServer(root: files.url, tls: (pki.serverCertificate, pki.serverKey))
        defer { secure.stop() }
        let plain = try ListServer(root: files.url)
        defer { plain.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true, caFile: pki.caFile.path))
        let target = "https://127.0.0.1:\(secure.port)/data.bin"

        let result = try fetcher.fetch(FetchRequest(url: plain.url("/old?redirect=\(target)")))

        #expect(
            result
                == .fetched(
                    body: HelloFixture.bytes, etag: HelloFixture.etag, lastModified: HelloFixture.lastModified,
                    effectiveURL: target))
    }
}
