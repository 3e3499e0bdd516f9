import Foundation
import HTTPServer
import TestSupport
import Testing
import TrustAPI
import TrustLists
import X509

/// The configuration's `server` object: strict like every key, defaults, and what reaches the HTTP server.
@Suite("TrustAPI: the server configuration")
struct ServerConfigurationTests {
    /// Reads a configuration whose top level has `server` (a JSON text), or throws its error.
    static func load(server: String?) throws -> Configuration {
        let folder = try TemporaryDirectory()
        return try RefreshHarness.configuration(
            in: folder.url, pin: String(repeating: "a", count: 64), extraNetwork: "", bootstrap: (nil, nil),
            urls: ("https://a.test/root", "https://a.test/vical", "https://a.test/rical"),
            extraTop: server.map { "\"server\": \($0)" } ?? "")
    }

    @Test("absent is no server; {} takes the defaults: loopback 8441, 64 KiB bodies, a thread per core plus one")
    func defaults() throws {
        #expect(try Self.load(server: nil).server == nil)
        let settings = try #require(try Self.load(server: "{}").server)
        #expect(settings == ServerSettings())
        #expect(settings.listen == ["127.0.0.1:8441"])
        #expect(settings.maxRequestBytes == 65536)
        // One thread per core the process may run on, plus one (docs/configuration.md): never fewer than 2.
        #expect(settings.threads == min(ProcessInfo.processInfo.activeProcessorCount + 1, 1024))
        #expect(settings.threads >= 2)
        #expect(settings.maxConnections == 1024 && settings.connectionTimeoutSeconds == 30)
        let configuration = try APIServer.configuration(settings, passedSockets: [])
        #expect(configuration.listeners == [.address(try ListenAddress("127.0.0.1:8441"))])
        #expect(configuration.maxRequestBytes == 65536)
        let activated = try APIServer.configuration(settings, passedSockets: [3, 4])
        #expect(activated.listeners == [.socket(3), .socket(4)], "systemd's sockets replace listen")
    }

    @Test("server.admin: a relative tokenFile resolves against the configuration's folder; tokenSHA256 is read as hex")
    func admin() throws {
        let byFile = try Self.load(server: "{\"admin\": {\"tokenFile\": \"admin.token\"}}")
        let folder = byFile.file.deletingLastPathComponent()
        #expect(byFile.server?.admin?.token == .file(folder.appendingPathComponent("admin.token")))
        #expect(byFile.server?.admin?.minIntervalSeconds == 10)
        // SHA-256("abc"), FIPS 180-2 Appendix B.1.
        let digest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        let byDigest = try Self.load(
            server: "{\"admin\": {\"tokenSHA256\": \"\(digest)\", \"minIntervalSeconds\": 0}}")
        #expect(byDigest.server?.admin?.token == .sha256(try #require(bytes(fromHex: digest))))
        #expect(byDigest.server?.admin?.minIntervalSeconds == 0)
        #expect(try Self.load(server: "{}").server?.admin == nil, "refresh now is off by default")
    }

    @Test("every key is read: IPv4 and IPv6 addresses and the limits")
    func values() throws {
        let settings = try #require(
            try Self.load(
                server: """
                    {"listen": ["127.0.0.1:0", "[::1]:9000"], "maxConnections": 10, "connectionTimeoutSeconds": 5,
                     "maxRequestBytes": 1024, "threads": 1}
                    """
            ).server)
        #expect(settings.listen == ["127.0.0.1:0", "[::1]:9000"])
        #expect(settings.maxConnections == 10 && settings.connectionTimeoutSeconds == 5)
        #expect(settings.maxRequestBytes == 1024 && settings.threads == 1)  // never the default, at least 2
    }

    @Test(
        "a wrong server object is a configuration error naming its path",
        arguments: [
            ("{\"port\": 8441}", "server.port"),
            ("{\"listen\": \"127.0.0.1:8441\"}", "server.listen"),
            ("{\"listen\": []}", "server.listen"),
            ("{\"listen\": [\"localhost:8441\"]}", "server.listen[0]"),
            ("{\"listen\": [\"127.0.0.1\"]}", "server.listen[0]"),
            ("{\"listen\": [\"127.0.0.1:70000\"]}", "server.listen[0]"),
            ("{\"listen\": [\"::1:8441\"]}", "server.listen[0]"),
            ("{\"listen\": [\"127.0.0.1:1\", \"127.0.0.1:1\"]}", "server.listen[1]"),
            ("{\"threads\": 0}", "server.threads"),
            ("{\"maxRequestBytes\": 1.5}", "server.maxRequestBytes"),
            ("{\"connectionTimeoutSeconds\": 0}", "server.connectionTimeoutSeconds"),
            ("[]", "server"),
            ("{\"admin\": {}}", "server.admin"),
            ("{\"admin\": {\"tokenSHA256\": \"abc\"}}", "server.admin.tokenSHA256"),
            ("{\"admin\": {\"tokenFile\": \"t\", \"tokenSHA256\": \"\(String(repeating: "a", count: 64))\"}}", "server.admin.tokenSHA256"),
            ("{\"admin\": {\"tokenFile\": \"t\", \"token\": \"x\"}}", "server.admin.token"),
            ("{\"admin\": {\"tokenFile\": \"t\", \"minIntervalSeconds\": -1}}", "server.admin.minIntervalSeconds"),
        ])
    func refusals(server: String, path: String) throws {
        do {
            _ = try Self.load(server: server)
            Issue.record("\(server) was accepted")
        } catch let error as ConfigurationError {
            #expect(error.path == path, "\(error)")
        }
    }
}
