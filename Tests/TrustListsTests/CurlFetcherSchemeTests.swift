import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite("CurlFetcher: which URLs are allowed, and file:// sources")
struct CurlFetcherSchemeTests {
    let files: TemporaryDirectory

    init() throws {
        files = try TemporaryDirectory()
        try HelloFixture.write(into: files)
    }

    @Test(
        "http:// is refused by default before any request is made",
        .requires(.python3))
    func httpRefusedByDefault() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let error = expectFetchError(.urlRefused) { () throws(TrustListError) in
            try CurlFetcher().fetch(FetchRequest(url: server.url("/data.bin")))
        }

        #expect(error?.reason.contains("allowInsecureURLs") == true, "\(String(describing: error))")
        #expect(try server.requests().isEmpty)
    }

    @Test(
        "http:// is fetched when allowInsecureURLs is set",
        .requires(.python3))
    func httpAllowedWhenInsecure() throws {
        let server = try ListServer(root: files.url)
        defer { server.stop() }

        let result = try CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
            .fetch(FetchRequest(url: server.url("/data.bin")))

        #expect(
            result
                == .fetched(
                    body: HelloFixture.bytes, etag: HelloFixture.etag, lastModified: HelloFixture.lastModified,
                    effectiveURL: server.url("/data.bin")))
    }

    @Test("file:// is refused by default")
    func fileRefusedByDefault() {
        let url = files.url.appendingPathComponent("data.bin").absoluteString
        #expect(url.hasPrefix("file:///"))

        let error = expectFetchError(.urlRefused) { () throws(TrustListError) in
            try CurlFetcher().fetch(FetchRequest(url: url))
        }

        #expect(error?.reason.contains("allowInsecureURLs") == true, "\(String(describing: error))")
    }

    @Test("file:// is read when allowInsecureURLs is set, without validators")
    func fileReadWhenAllowed() throws {
        let url = files.url.appendingPathComponent("data.bin").absoluteString

        let result = try CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true)).fetch(FetchRequest(url: url))

        #expect(result == .fetched(body: HelloFixture.bytes, etag: nil, lastModified: nil, effectiveURL: url))
    }

    @Test("a file:// source with validators is read again, never notModified")
    func fileIgnoresValidators() throws {
        let url = files.url.appendingPathComponent("data.bin").absoluteString

        let result = try CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true))
            .fetch(FetchRequest(url: url, etag: HelloFixture.etag, lastModified: HelloFixture.lastModified))

        #expect(result == .fetched(body: HelloFixture.bytes, etag: nil, lastModified: nil, effectiveURL: url))
    }

    @Test("a file:// larger than maxBytes is tooLarge")
    func fileAboveCap() {
        let url = files.url.appendingPathComponent("data.bin").absoluteString

        let error = expectFetchError(.tooLarge) { () throws(TrustListError) in
            try CurlFetcher(settings: HTTPSettings(maxBytes: 10, allowInsecureURLs: true)).fetch(FetchRequest(url: url))
        }
        // The size seen is the file's, as the file system reports it.
        let path = files.url.appendingPathComponent("data.bin").path
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        let reason = error?.reason ?? ""
        #expect(reason.contains("\(size ?? -1) bytes") && reason.contains("http.maxBytes = 10"), "\(reason)")
    }

    @Test(
        "a file:// source that is a folder or a FIFO is refused before reading (a FIFO would block past every deadline)"
    )
    func nonRegularFiles() throws {
        let folder = files.url.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = files.url.appendingPathComponent("a-fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for url in [folder.absoluteString, fifo.absoluteString] {
            let error = expectFetchError(.networkError) { () throws(TrustListError) in
                try CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true)).fetch(FetchRequest(url: url))
            }
            #expect(error?.reason.contains("not a regular file") == true, "\(String(describing: error))")
        }
    }

    @Test("a missing file is networkError naming the URL")
    func missingFileIsNetworkError() {
        let url = files.url.appendingPathComponent("absent.cose").absoluteString

        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            try CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true)).fetch(FetchRequest(url: url))
        }

        #expect(error?.reason.contains(url) == true, "\(String(describing: error))")
    }

    @Test(
        "URLs with other schemes, without a scheme, or malformed are refused even with allowInsecureURLs",
        arguments: [
            "ftp://127.0.0.1/list", "gopher://127.0.0.1/list", "example.org/vical", "not a url", "", "https://",
        ])
    func otherURLsRefused(url: String) {
        expectFetchError(.urlRefused) { () throws(TrustListError) in
            try CurlFetcher(settings: HTTPSettings(allowInsecureURLs: true)).fetch(FetchRequest(url: url))
        }
    }
}
