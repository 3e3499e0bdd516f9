import Foundation
import TestSupport
import Testing
import TrustLists

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's log for a log pipeline (docs/operations.md, "Logs"): with `log.format` `json` every line it writes is
/// one JSON object; admin actions and refused admin tokens are logged with their outcome and the client's address,
/// never the token; `log.access` logs every request; `log.level` leaves out less severe lines.
@Suite("trustlistd log formats and the audit trail", .serialized, .requires(.trustlistd, .python3))
struct DaemonLogFormatTests {
    static let token = "log-test-token-5c1e"

    /// The served network with a server, an admin token file and `log`.
    func network(log: String) throws -> ServedNetwork {
        let network = try ServedNetwork(
            extraTop:
                "\"checkIntervalSeconds\": 1, \"log\": \(log), \"server\": { \"listen\": [\"127.0.0.1:0\"], "
                + "\"admin\": { \"tokenFile\": \"admin.token\", \"minIntervalSeconds\": 0 } }")
        let tokenFile = network.configuration.file.deletingLastPathComponent().appendingPathComponent("admin.token")
        try Data((Self.token + "\n").utf8).write(to: tokenFile)
        chmod(tokenFile.path, 0o600)
        return network
    }

    @Test("json: every line is an object of strings with time, level and event; admin actions and requests are there")
    func jsonLines() throws {
        let network = try network(log: #"{"format": "json", "access": true}"#)
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        let base = "http://127.0.0.1:\(try HTTPDaemon.port(of: daemon))"
        try daemon.waitFor("the first refresh") { $0.message == "refresh finished" }

        let health = try LoopbackClient.get(base + "/healthz")
        #expect(health.status == 200)
        let missing = try LoopbackClient.send("POST", base + "/v1/refresh")
        let wrong = try LoopbackClient.send(
            "POST", base + "/v1/refresh",
            headers: ["Authorization: Bearer not-the-token", "X-Forwarded-For: 192.0.2.7"])
        let right = try LoopbackClient.send(
            "POST", base + "/v1/refresh", headers: ["Authorization: Bearer \(Self.token)"])
        #expect([missing.status, wrong.status, right.status] == [Int]([401, 403, 200]))
        daemon.send(SIGHUP)
        try daemon.waitFor("the reload") { $0.message == "admin action" && $0["action"] == "reload" }
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 30) == 0, "\(daemon.log)")

        // Every line: one JSON object, every member a string, time RFC 3339, a known level, an event.
        let lines = daemon.lines
        #expect(lines.count > 10)
        for line in lines {
            let object = try #require(
                try? JSONDecoder().decode([String: String].self, from: Data(line.utf8)), "not a JSON object: \(line)")
            #expect(object["time"].flatMap(Timestamp.parse) != nil, "\(line)")
            #expect(["error", "warning", "info"].contains(object["level"] ?? ""), "\(line)")
            #expect(object["event"]?.isEmpty == false, "\(line)")
            #expect(line.hasPrefix(#"{"time":"#), "time first: \(line)")
        }
        let events = daemon.logLines.map(\.message)
        for event in ["starting", "http serving", "ready", "refresh started", "refresh finished", "stopped"] {
            #expect(events.contains(event), "\(event)")
        }

        // The audit trail: one line per admin action, with the outcome and the client's address, never the token.
        let admin = daemon.logLines.filter { $0.message == "admin action" }
        let refreshNow = admin.filter { $0["action"] == "refresh_now" }
        #expect(refreshNow.map { $0["outcome"] } == ["refused", "refused", "refreshed"], "\(daemon.log)")
        #expect(refreshNow.map { $0["reason"] } == ["admin_token_missing", "admin_token_invalid", nil])
        #expect(refreshNow.map { $0["status"] } == ["401", "403", "200"])
        // The client's address and the port its connection came from (the kernel's choice: any port but 0).
        #expect(
            refreshNow.allSatisfy { line in
                guard let remote = line["remote"], remote.hasPrefix("127.0.0.1:") else { return false }
                return UInt16(remote.dropFirst("127.0.0.1:".count)).map { $0 > 0 } ?? false
            }, "\(refreshNow)")
        #expect(refreshNow[1]["forwarded.for"] == "192.0.2.7")
        #expect(refreshNow.map(\.priority) == [4, 4, 6])
        let reload = try #require(admin.first { $0["action"] == "reload" })
        #expect(reload["outcome"] == "reloaded" && reload["source"] == "SIGHUP")
        #expect(!daemon.log.contains(Self.token), "the token is never logged")
        #expect(!daemon.log.contains("not-the-token"), "nor a wrong one")

        // The access log: the requests above, each with its status, size and client.
        let requests = daemon.logLines.filter { $0.message == "http request" }
        let healthLine = try #require(requests.first { $0["path"] == "/healthz" })
        #expect(healthLine["method"] == "GET" && healthLine["status"] == "200")
        #expect(healthLine["bytes"] == String(health.body.count))
        #expect(healthLine["client"]?.hasPrefix("127.0.0.1:") == true, "\(healthLine)")
        #expect(healthLine["duration.seconds"].flatMap(Double.init) != nil)
        #expect(requests.filter { $0["path"] == "/v1/refresh" }.map { $0["status"] } == ["401", "403", "200"])
    }

    @Test("text with log.level warning: no info line, and the failures are there")
    func levelFilter() throws {
        let network = try network(log: #"{"level": "warning"}"#)
        try FileManager.default.removeItem(at: network.served.url.appendingPathComponent("vical"))
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try daemon.waitFor("a failed refresh") { $0.message == "list refresh failed" }
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 30) == 0)
        let lines = daemon.logLines
        #expect(lines.count == daemon.lines.count, "every line is a text line")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.priority <= 4 }, "\(daemon.log)")
        #expect(lines.contains { $0.message == "list refresh failed" && $0["list.id"] == "sim/vical" })
    }
}
