import Foundation
import HTTPServer
import TestSupport
import Testing
import TrustAPI
import TrustLists

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

    @Test("absent is no server; {} takes the defaults: loopback 8441, 64 KiB bodies, 4 threads")
    func defaults() throws {
        #expect(try Self.load(server: nil).server == nil)
        let settings = try #require(try Self.load(server: "{}").server)
        #expect(settings == ServerSettings())
        #expect(settings.listen == ["127.0.0.1:8441"])
        #expect(settings.maxRequestBytes == 65536 && settings.threads == 4)
        #expect(settings.maxConnections == 1024 && settings.connectionTimeoutSeconds == 30)
        let configuration = try APIServer.configuration(settings, passedSockets: [])
        #expect(configuration.listeners == [.address(try ListenAddress("127.0.0.1:8441"))])
        #expect(configuration.maxRequestBytes == 65536)
        let activated = try APIServer.configuration(settings, passedSockets: [3, 4])
        #expect(activated.listeners == [.socket(3), .socket(4)], "systemd's sockets replace listen")
    }

    @Test("every key is read: IPv4 and IPv6 addresses and the limits")
    func values() throws {
        let settings = try #require(
            try Self.load(
                server: """
                    {"listen": ["127.0.0.1:0", "[::1]:9000"], "maxConnections": 10, "connectionTimeoutSeconds": 5,
                     "maxRequestBytes": 1024, "threads": 2}
                    """
            ).server)
        #expect(settings.listen == ["127.0.0.1:0", "[::1]:9000"])
        #expect(settings.maxConnections == 10 && settings.connectionTimeoutSeconds == 5)
        #expect(settings.maxRequestBytes == 1024 && settings.threads == 2)
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
