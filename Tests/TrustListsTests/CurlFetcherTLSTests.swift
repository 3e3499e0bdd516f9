import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite(
    "CurlFetcher: TLS server verification",
    .requires(.tlsTestPKI))
struct CurlFetcherTLSTests {
    let files: TemporaryDirectory
    let pki: TLSTestPKI

    init() throws {
        files = try TemporaryDirectory()
        try HelloFixture.write(into: files)
        pki = try TLSTestPKI.make(in: files.url.appendingPathComponent("pki"))
    }

    @Test("a server certificate from a CA that is not trusted is tlsError")
    func untrustedServerIsTLSError() throws {
        let server = try ListServer(root: files.url, tls: (pki.serverCertificate, pki.serverKey))
        defer { server.stop() }

        let error = expectFetchError(.tlsError) { () throws(TrustListError) in
            try CurlFetcher().fetch(FetchRequest(url: server.url("/data.bin")))
        }

        #expect(error?.reason.contains(server.url("/data.bin")) == true, "\(String(describing: error))")
        #expect(try server.requests().isEmpty)
    }

    @Test("the test CA given as caFile makes the same server trusted")
    func caFileTrustsServer() throws {
        let server = try ListServer(root: files.url, tls: (pki.serverCertificate, pki.serverKey))
        defer { server.stop() }

        let result = try CurlFetcher(settings: HTTPSettings(caFile: pki.caFile.path))
            .fetch(FetchRequest(url: server.url("/data.bin")))

        #expect(
            result
                == .fetched(
                    body: HelloFixture.bytes, etag: HelloFixture.etag, lastModified: HelloFixture.lastModified,
                    effectiveURL: "https://127.0.0.1:\(server.port)/data.bin"))
    }

    @Test("a trusted certificate for another host name is tlsError")
    func wrongHostNameIsTLSError() throws {
        let server = try ListServer(root: files.url, tls: (pki.wrongNameCertificate, pki.wrongNameKey))
        defer { server.stop() }

        expectFetchError(.tlsError) { () throws(TrustListError) in
            try CurlFetcher(settings: HTTPSettings(caFile: pki.caFile.path))
                .fetch(FetchRequest(url: server.url("/data.bin")))
        }

        #expect(try server.requests().isEmpty)
    }

    @Test("a caFile that does not exist is tlsError naming the file")
    func missingCAFileIsTLSError() throws {
        let server = try ListServer(root: files.url, tls: (pki.serverCertificate, pki.serverKey))
        defer { server.stop() }
        let missing = files.url.appendingPathComponent("no-such-ca.pem").path

        let error = expectFetchError(.tlsError) { () throws(TrustListError) in
            try CurlFetcher(settings: HTTPSettings(caFile: missing)).fetch(FetchRequest(url: server.url("/data.bin")))
        }

        #expect(error?.reason.contains(missing) == true, "\(String(describing: error))")
    }
}
