import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite("Cancelling a fetch")
struct CurlFetcherCancellationTests {
    @Test("a new token is not cancelled; cancel() is seen from another thread")
    func tokenCrossesThreads() async {
        let token = CancellationToken()
        #expect(!token.isCancelled)

        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                token.cancel()
                done.resume()
            }
        }

        #expect(token.isCancelled)
    }

    @Test(
        "a token cancelled from another thread aborts a slow transfer with networkError \"cancelled\"",
        .requires(.python3),
        arguments: ["trickle=10", "delay=60"])
    func cancelAbortsSlowTransfer(fault: String) throws {
        let files = try TemporaryDirectory()
        try files.write([UInt8](repeating: 0x2A, count: 1000), to: "thousand.bin")
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        // Without cancellation these transfers run into the 30 s deadline (`timeout`): 1000 bytes at 10 bytes/s
        // take 100 s, and a 60 s delay outlasts it. So a networkError saying "cancelled" can only come from the
        // token. trickle: bytes keep flowing; delay: none do, so only the progress callback, which libcurl calls
        // about once a second while idle, can notice.
        let fetcher = CurlFetcher(
            settings: HTTPSettings(totalTimeoutSeconds: 30, lowSpeedLimitBytesPerSecond: 0, allowInsecureURLs: true))
        let token = CancellationToken()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.5)
            token.cancel()
        }

        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try fetcher.fetch(FetchRequest(url: server.url("/thousand.bin?\(fault)")), cancellation: token)
        }

        #expect(error?.reason.contains("cancelled") == true, "\(String(describing: error))")
    }

    @Test(
        "a token cancelled before the fetch starts stops it before any request",
        .requires(.python3))
    func cancelledBeforeStart() throws {
        let files = try TemporaryDirectory()
        try HelloFixture.write(into: files)
        let server = try ListServer(root: files.url)
        defer { server.stop() }
        let token = CancellationToken()
        token.cancel()

        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
                .fetch(FetchRequest(url: server.url("/data.bin")), cancellation: token)
        }

        #expect(error?.reason.contains("cancelled") == true, "\(String(describing: error))")
        #expect(try server.requests().isEmpty)
    }
}
