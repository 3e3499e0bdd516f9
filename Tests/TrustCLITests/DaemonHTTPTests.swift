import Foundation
import JOSE
import TestSupport
import Testing
import TrustLists
import X509

@testable import TrustListsService

#if canImport(Glibc)
    import Glibc
#endif

/// `trustlistd` serving its HTTP API as a child process: readiness across the first refresh and a reload, SIGTERM
/// draining a request in flight, systemd socket activation, and the static export.
@Suite(
    "trustlistd HTTP API", .serialized, .requires(.trustlistd, .python3))
final class DaemonHTTPTests {
    static let serverTop =
        "\"checkIntervalSeconds\": 1, \"backoffBaseSeconds\": 1, \"backoffCapSeconds\": 2, "
        + "\"server\": { \"listen\": [\"127.0.0.1:0\"], \"threads\": 2 }"

    func readerBody(_ network: ServedNetwork) -> [UInt8] {
        let chain = [network.sim.readerLeaf.certificate, network.sim.readerIntermediate.certificate]
        return Array(
            ("{\"x5c\": [" + chain.map { "\"\(Base64.encode($0.derEncoded))\"" }.joined(separator: ",") + "]}").utf8)
    }

    @Test("it answers healthz at once, readyz once both lists are fresh, decisions, and stays ready across a reload")
    func servesAndReloads() throws {
        let network = try ServedNetwork(extraTop: Self.serverTop)
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        let base = "http://127.0.0.1:\(try HTTPDaemon.port(of: daemon))"
        #expect(try LoopbackClient.get(base + "/healthz").status == 200)
        try HTTPDaemon.waitFor(base + "/readyz")
        let snapshot = try LoopbackClient.get(base + "/v1/snapshot")
        #expect(snapshot.status == 200)
        let onDisk = try Data(contentsOf: network.layout.snapshot)
        #expect(snapshot.body == Array(onDisk), "the API serves the bytes of snapshot.json")
        let decision = try LoopbackClient.send(
            "POST", base + "/v1/decisions/reader", headers: ["Content-Type: application/json"],
            body: readerBody(network))
        #expect(decision.status == 200 && decision.text.contains("\"trusted\" : true"), "\(decision.text)")

        // A reload swaps in a service that has verified the cache first: readiness never drops.
        // Asked at least once right after the signal, and on until the reload is logged (a fast reload may be done
        // before the first answer: then the answers after it show the same).
        daemon.send(SIGHUP)
        let deadline = Date() + 5
        repeat {
            let ready = try LoopbackClient.get(base + "/readyz")
            #expect(ready.status == 200, "\(ready.text)")
        } while Date() < deadline && daemon.logLines.filter({ $0.message == "configuration reloaded" }).isEmpty
        try daemon.waitFor("the reload") { $0.message == "configuration reloaded" }
        for _ in 0..<20 {
            #expect(try LoopbackClient.get(base + "/readyz").status == 200)
        }
    }

    @Test("a reload that changes the server settings asks for a restart; one that restores them does not")
    func reloadServerSettings() throws {
        let network = try ServedNetwork(extraTop: Self.serverTop)
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try daemon.waitFor("the first refresh") { $0.message == "refresh finished" }
        let file = network.configuration.file
        let original = try String(contentsOf: file, encoding: .utf8)
        func reload(_ text: String, count: Int) throws {
            try text.write(to: file, atomically: true, encoding: .utf8)
            daemon.send(SIGHUP)
            try daemon.waitFor("reload \(count)", count: count) { $0.message == "configuration reloaded" }
        }
        func restartWarnings() -> Int {
            daemon.logLines.filter { $0.message == "server settings changed, in use at the next start" }.count
        }
        let changed = original.replacingOccurrences(of: "\"threads\": 2", with: "\"threads\": 3")
        #expect(changed != original)
        try reload(changed, count: 1)
        #expect(restartWarnings() == 1, "\(daemon.log)")
        try reload(original, count: 2)
        #expect(restartWarnings() == 1, "the listeners already match the restored settings: \(daemon.log)")
    }

    @Test("SIGTERM lets a request in flight finish, refuses new connections, and exits 0")
    func drainsOnStop() throws {
        let network = try ServedNetwork(extraTop: Self.serverTop)
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        let port = try HTTPDaemon.port(of: daemon)
        try HTTPDaemon.waitFor("http://127.0.0.1:\(port)/readyz")

        // The header, then half of the body: the request is in flight when SIGTERM arrives. libmicrohttpd answers
        // "Expect: 100-continue" once the server has taken the header.
        let body = readerBody(network)
        let slow = try RawSocket.connect(port: port, receiveTimeoutSeconds: 20)
        try slow.send(
            "POST /v1/decisions/reader HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.count)\r\nExpect: 100-continue\r\n\r\n")
        let interim = String(decoding: try slow.readSome(), as: UTF8.self)
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"), "\(interim)")
        try slow.send(Array(body.prefix(body.count / 2)))
        daemon.send(SIGTERM)
        try daemon.waitFor("the stop") { $0.message == "stopping" }
        #expect(try RawSocket.waitUntilRefused(port: port), "new connections are refused while draining")
        try slow.send(Array(body.dropFirst(body.count / 2)))
        let response = String(decoding: try slow.readUntilClosed(), as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 200"), "\(response)")
        #expect(response.contains("\"trusted\" : true"))
        #expect(response.lowercased().contains("connection: close"))
        #expect(daemon.waitForExit(timeout: 30) == 0)
        let stopped = try #require(daemon.logLines.first { $0.message == "http stopped" })
        #expect(stopped["drained"] == "true", "\(daemon.log)")
    }

    @Test(
        "with a socket passed by systemd (systemd-socket-activate) it serves there without a server object",
        .requires(.executable("systemd-socket-activate")))
    func socketActivation() throws {
        let activate = try #require(TestTools.executable(named: "systemd-socket-activate"))
        let network = try ServedNetwork()
        #expect(network.configuration.server == nil)
        let port = try HTTPDaemon.freePort()
        let daemon = try network.startDaemon(through: (activate, ["-l", "127.0.0.1:\(port)"]))
        defer { daemon.kill() }
        // systemd-socket-activate binds, then starts trustlistd at the first connection, as systemd does.
        try HTTPDaemon.waitFor("http://127.0.0.1:\(port)/healthz")
        let serving = try daemon.waitFor("the HTTP listener") { $0.message == "http serving" }[0]
        #expect(serving["source"] == "systemd")
        #expect(serving["listen"] == "fd 3")
        try HTTPDaemon.waitFor("http://127.0.0.1:\(port)/readyz")
    }

    @Test(
        "--export-dir keeps a static export: current.json, content-addressed files and v1/ links, after every refresh")
    func exportDirectory() throws {
        let network = try ServedNetwork()
        let export = network.folder.url.appendingPathComponent("export")
        let daemon = try network.startDaemon(extraArguments: ["--export-dir", export.path])
        defer { daemon.kill() }
        try daemon.waitFor("the first export") { $0.message == "export written" }
        try daemon.waitFor("the first refresh") { $0.message == "refresh finished" }
        try daemon.waitFor("the export after the refresh") { line in
            line.message == "export written" && line["snapshot.generation"] != "1"
        }
        let pointer = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: export.appendingPathComponent("current.json")))
                as? [String: Any])
        let snapshotPath = try #require((pointer["snapshot"] as? [String: Any])?["path"] as? String)
        let snapshotFile = try Data(contentsOf: export.appendingPathComponent(snapshotPath))
        #expect(try Data(contentsOf: export.appendingPathComponent("v1/snapshot")) == snapshotFile)
        #expect(snapshotPath == "snapshot/\(hexString(Digest.sha256.hash(Array(snapshotFile)))).json")
        let lists = try #require(pointer["lists"] as? [String: [String: Any]])
        let vical = try #require(lists["sim/vical"])
        #expect(vical["state"] as? String == "fresh")
        let vicalPath = try #require(vical["path"] as? String)
        let vicalBytes = try Data(contentsOf: export.appendingPathComponent(vicalPath))
        #expect(try Data(contentsOf: export.appendingPathComponent("v1/lists/sim/vical")) == vicalBytes)
        #expect(vicalPath == "lists/sim/vical/\(hexString(Digest.sha256.hash(Array(vicalBytes)))).cose")
        let mode =
            try FileManager.default.attributesOfItem(atPath: export.appendingPathComponent(vicalPath).path)[
                .posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test("an admin token file that others may read keeps the daemon from starting: exit 1, admin_token_unusable")
    func refusesSharedTokenFile() throws {
        let network = try ServedNetwork(
            extraTop: "\"server\": { \"listen\": [\"127.0.0.1:0\"], \"admin\": { \"tokenFile\": \"admin.token\" } }")
        let tokenFile = network.configuration.file.deletingLastPathComponent().appendingPathComponent("admin.token")
        try Data("a-token\n".utf8).write(to: tokenFile)
        chmod(tokenFile.path, 0o644)
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        #expect(daemon.waitForExit(timeout: 20) == 1)
        let line = try #require(daemon.logLines.first { $0.message == "cannot start" }, "\(daemon.log)")
        #expect(line["reason"] == "admin_token_unusable")
        #expect(line["message"]?.contains("chmod 600") == true, "\(line)")
        #expect(!daemon.logLines.contains { $0.message == "refresh started" }, "nothing was refreshed")
    }
}
