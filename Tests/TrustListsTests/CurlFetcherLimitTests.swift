import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite(
    "CurlFetcher: deadlines, byte cap and truncation",
    .requires(.python3))
struct CurlFetcherLimitTests {
    let files: TemporaryDirectory
    /// 1000 bytes, for the trickle and cap tests.
    let thousand = (0..<1000).map { UInt8(truncatingIfNeeded: $0) }

    init() throws {
        files = try TemporaryDirectory()
        try HelloFixture.write(into: files)
        try files.write(thousand, to: "thousand.bin")
    }

    @Test("a slow trickle past the 2 s total deadline is timeout")
    func trickleHitsTotalDeadline() throws {
        try files.write([UInt8](repeating: 0x2A, count: 40), to: "forty.bin")
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        // 40 bytes at 10 bytes/s take 4 s: without the 2 s deadline this fetch would succeed. The low-speed
        // abort is off so that only the deadline can stop it.
        let fetcher = CurlFetcher(
            settings: HTTPSettings(totalTimeoutSeconds: 2, lowSpeedLimitBytesPerSecond: 0, allowInsecureURLs: true))

        let error = expectFetchError(.timeout) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/forty.bin?trickle=10")))
        }

        #expect(error?.reason.contains("total deadline 2 s") == true, "\(String(describing: error))")
    }

    @Test("a transfer below the low-speed limit for its window is timeout, though it would finish in time")
    func lowSpeedAbort() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        // 17 bytes at 5 bytes/s take about 3.4 s, well within the 60 s deadline: only the low-speed abort
        // (below 100 bytes/s for 1 s) can make this fail.
        let fetcher = CurlFetcher(
            settings: HTTPSettings(
                totalTimeoutSeconds: 60, lowSpeedLimitBytesPerSecond: 100, lowSpeedTimeSeconds: 1,
                allowInsecureURLs: true))

        let error = expectFetchError(.timeout) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/data.bin?trickle=5")))
        }

        #expect(error?.reason.contains("below 100 bytes/s for 1 s") == true, "\(String(describing: error))")
    }

    @Test("an endless body is cut off at a 64 KiB cap as tooLarge, long before the deadline")
    func endlessBodyHitsCap() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        // Without a cap enforced while streaming, this would run into the 30 s deadline and be `timeout`.
        let fetcher = CurlFetcher(
            settings: HTTPSettings(totalTimeoutSeconds: 30, maxBytes: 64 * 1024, allowInsecureURLs: true))

        let error = expectFetchError(.tooLarge) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/endless?endless=1")))
        }

        #expect(error?.reason.contains("http.maxBytes = 65536") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("no length announced") == true, "\(String(describing: error))")
    }

    @Test("a Content-Length above the cap is tooLarge before the body is read")
    func announcedLengthAboveCap() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        // The server announces 100 MB but sends only 17 bytes and closes: reading the body would end as a
        // truncated transfer (networkError), so tooLarge shows the announcement was rejected up front.
        let fetcher = CurlFetcher(settings: HTTPSettings(maxBytes: 1024, allowInsecureURLs: true))

        let error = expectFetchError(.tooLarge) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/data.bin?content_length=100000000")))
        }

        // The message names the setting and the size the server announced.
        #expect(
            error?.reason.contains("announces a body of 100000000 bytes, larger than http.maxBytes = 1024") == true,
            "\(String(describing: error))")
    }

    @Test(
        "the cap admits a body of exactly maxBytes and rejects one byte more, with or without Content-Length",
        arguments: [(false, 1000, true), (false, 999, false), (true, 1000, true), (true, 999, false)])
    func capBoundary(withoutLength: Bool, maxBytes: Int, admitted: Bool) throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(maxBytes: maxBytes, allowInsecureURLs: true))
        let url = server.url(withoutLength ? "/thousand.bin?no_length=1" : "/thousand.bin")

        if admitted {
            let result = try fetcher.fetch(FetchRequest(url: url))
            guard case .fetched(let body, _, _, _) = result else {
                Issue.record("expected a body, got \(summary(result))")
                return
            }
            #expect(body == thousand)
        } else {
            expectFetchError(.tooLarge) { () throws(TrustListError) in
                try fetcher.fetch(FetchRequest(url: url))
            }
        }
    }

    @Test("a body shorter than its Content-Length is networkError")
    func truncatedBody() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let fetcher = CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))

        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/data.bin?truncate=5")))
        }

        #expect(error?.reason.contains("truncated") == true, "\(String(describing: error))")
    }

    @Test("an error page larger than the cap is still reported as its status")
    func largeErrorPageIsHTTPStatus() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        try server.setRules(["/thousand.bin": ["status": "500"]])
        let fetcher = CurlFetcher(settings: HTTPSettings(maxBytes: 4, allowInsecureURLs: true))

        let error = expectFetchError(.httpStatus) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/thousand.bin")))
        }

        #expect(error?.reason.contains("HTTP 500") == true, "\(String(describing: error))")
    }
}
