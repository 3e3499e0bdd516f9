import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite(
    "CurlFetcher: status, validators and request headers over HTTP",
    .requires(.python3))
struct CurlFetcherHTTPTests {
    let files: TemporaryDirectory
    let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))

    init() throws {
        files = try TemporaryDirectory()
        try HelloFixture.write(into: files)
    }

    @Test("a first fetch returns the exact bytes with ETag and Last-Modified")
    func firstFetchReturnsBytesAndValidators() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let result = try fetcher.fetch(FetchRequest(url: server.url("/data.bin")))

        #expect(
            result
                == .fetched(
                    body: HelloFixture.bytes, etag: HelloFixture.etag, lastModified: HelloFixture.lastModified,
                    effectiveURL: "http://127.0.0.1:\(server.port)/data.bin"))
    }

    @Test("a binary body of many chunks arrives unchanged")
    func largeBinaryBodyArrivesUnchanged() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        try files.write(bytes, to: "big.bin")
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let result = try fetcher.fetch(FetchRequest(url: server.url("/big.bin")))

        guard case .fetched(let body, _, _, _) = result else {
            Issue.record("expected a body, got \(summary(result))")
            return
        }
        #expect(body.count == 300_000)
        #expect(body == bytes)
    }

    @Test("a conditional request with the matching ETag is answered notModified")
    func matchingETagIsNotModified() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let result = try fetcher.fetch(FetchRequest(url: server.url("/data.bin"), etag: HelloFixture.etag))

        #expect(result == .notModified)
        #expect(try server.requests().map { $0.header("If-None-Match") } == [HelloFixture.etag])
    }

    @Test("a conditional request with the matching Last-Modified only is answered notModified")
    func matchingLastModifiedIsNotModified() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let result = try fetcher.fetch(
            FetchRequest(url: server.url("/data.bin"), lastModified: HelloFixture.lastModified))

        #expect(result == .notModified)
        let sent = try server.requests()
        #expect(sent.map { $0.header("If-Modified-Since") } == [HelloFixture.lastModified])
        #expect(sent.map { $0.header("If-None-Match") } == [nil])
    }

    @Test("a conditional request with a stale ETag gets the whole new body")
    func staleETagFetchesBody() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let result = try fetcher.fetch(FetchRequest(url: server.url("/data.bin"), etag: "\"an-older-version\""))

        #expect(
            result
                == .fetched(
                    body: HelloFixture.bytes, etag: HelloFixture.etag, lastModified: HelloFixture.lastModified,
                    effectiveURL: server.url("/data.bin")))
    }

    @Test("a stored validator with a line break is not sent, so the request is unconditional")
    func validatorWithLineBreakIsNotSent() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let request = FetchRequest(
            url: server.url("/data.bin"), etag: "\(HelloFixture.etag)\r\nX-Injected: 1",
            lastModified: "\(HelloFixture.lastModified)\nX-Other: 2")
        #expect(!request.isConditional)

        let result = try fetcher.fetch(request)

        guard case .fetched(let body, _, _, _) = result else {
            Issue.record("expected a body, got \(summary(result))")
            return
        }
        #expect(body == HelloFixture.bytes)
        let sent = try #require(try server.requests().first)
        #expect(sent.header("If-None-Match") == nil)
        #expect(sent.header("If-Modified-Since") == nil)
        #expect(sent.header("X-Injected") == nil)
        #expect(sent.header("X-Other") == nil)
    }

    @Test("a server's lower-case etag and last-modified headers are captured")
    func lowerCaseHeaderNamesAreCaptured() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let result = try fetcher.fetch(FetchRequest(url: server.url("/data.bin?header_case=lower")))

        #expect(
            result
                == .fetched(
                    body: HelloFixture.bytes, etag: HelloFixture.etag, lastModified: HelloFixture.lastModified,
                    effectiveURL: server.url("/data.bin?header_case=lower")))
    }

    @Test("the request carries the service's User-Agent and an Accept header for COSE")
    func sendsUserAgentAndAccept() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        _ = try fetcher.fetch(FetchRequest(url: server.url("/data.bin")))

        let sent = try #require(try server.requests().first)
        #expect(sent.method == "GET")
        #expect(sent.header("User-Agent") == "trustlists/0.1.0 (+ISO/IEC 18013-5 trust-list service)")
        #expect(sent.header("User-Agent") == ServiceIdentity.userAgent)
        #expect(sent.header("Accept")?.hasPrefix("application/cose") == true)
    }

    @Test("an error status is httpStatus and the message names the status and URL", arguments: [404, 500, 503, 204])
    func errorStatusIsHTTPStatus(status: Int) throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let url = server.url("/data.bin?status=\(status)")

        let error = expectFetchError(.httpStatus) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: url))
        }

        #expect(error?.reason.contains("HTTP \(status) from \(url)") == true, "\(String(describing: error))")
    }

    @Test("a missing file on the server is httpStatus 404")
    func missingFileIs404() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let error = expectFetchError(.httpStatus) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/no-such-list")))
        }

        #expect(error?.reason.contains("HTTP 404") == true, "\(String(describing: error))")
    }

    @Test("304 to a request without validators is httpStatus, not notModified")
    func notModifiedWithoutConditionIsAnError() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let error = expectFetchError(.httpStatus) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/data.bin?status=304")))
        }

        #expect(error?.reason.contains("HTTP 304") == true, "\(String(describing: error))")
    }

    @Test("a closed port is networkError")
    func connectionRefusedIsNetworkError() throws {
        // A port held bound but not listening: refused every time, and no parallel test's server can take it.
        let closed = try ClosedPort()
        let url = closed.url("/data.bin")

        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: url))
        }

        #expect(error?.reason.contains(url) == true, "\(String(describing: error))")
    }
}

/// Messages that say what happened when a server does not speak HTTP properly.
@Suite("CurlFetcher: replies that are not HTTP", .requires(.python3))
struct CurlFetcherGarbageTests {
    let files: TemporaryDirectory
    let fetcher = CurlFetcher(settings: HTTPSettings(totalTimeoutSeconds: 20, allowInsecureURLs: true))

    init() throws {
        files = try TemporaryDirectory()
        _ = try files.write(Array("hello".utf8), to: "data.bin")
    }

    @Test("a reply without a status line (HTTP/0.9 or another protocol) says so, not that a redirect was refused")
    func http09() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/data.bin?http09=1")))
        }
        #expect(
            error?.reason.contains("did not answer with HTTP/1.x or HTTP/2") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("redirect") == false, "\(String(describing: error))")
    }

    @Test("a 1 MB header line is reported as an oversized header, not as running out of memory")
    func hugeHeader() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/data.bin?big_header=1048576")))
        }
        #expect(
            error?.reason.contains("response header larger than libcurl accepts") == true,
            "\(String(describing: error))")
    }
}
