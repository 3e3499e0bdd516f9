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

/// The nginx of this machine (Debian's `nginx` package), as the scale-out layout runs it.
enum Nginx {
    /// The `nginx` binary: Debian installs it in /usr/sbin, which a test runner's `PATH` may lack.
    static let executable: URL? =
        ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? TestTools.executable(named: "nginx")

}

extension Prerequisite {
    /// nginx (Debian's `nginx` package): skipped outside CI without it, a failure in CI.
    static let nginx = Prerequisite(
        "nginx", hint: "looked in /usr/sbin, /usr/local/sbin and PATH; on Debian: apt-get install nginx"
    ) { Nginx.executable != nil }
}

/// One nginx as a child process, in its own prefix folder, single-process (`master_process off`, so that SIGKILL
/// stops all of it), on a loopback port found free just before.
final class NginxProcess {
    let prefix: URL
    let port: Int

    /// Writes `nginx.conf` (the `http` block holds `httpConfiguration(port)`) and starts nginx, trying another port
    /// when the chosen one was taken meanwhile.
    init(executable: URL, prefix: URL, httpConfiguration: (Int) -> String) throws {
        self.prefix = prefix
        for folder in ["tmp", "logs"] {
            try FileManager.default.createDirectory(
                at: prefix.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var attempts = 0
        while true {
            attempts += 1
            let port = try HTTPDaemon.freePort()
            let errorLog = prefix.appendingPathComponent("logs/error.log")
            try? FileManager.default.removeItem(at: errorLog)
            let configuration = """
                daemon off;
                master_process off;
                pid \(prefix.path)/nginx.pid;
                error_log \(errorLog.path) info;
                events { worker_connections 64; }
                http {
                    access_log \(prefix.path)/logs/access.log;
                    client_body_temp_path \(prefix.path)/tmp/client;
                    proxy_temp_path \(prefix.path)/tmp/proxy;
                    fastcgi_temp_path \(prefix.path)/tmp/fastcgi;
                    uwsgi_temp_path \(prefix.path)/tmp/uwsgi;
                    scgi_temp_path \(prefix.path)/tmp/scgi;
                \(httpConfiguration(port))
                }
                """
            let file = prefix.appendingPathComponent("nginx.conf")
            try Data(configuration.utf8).write(to: file)
            let candidate = Process()
            candidate.executableURL = executable
            candidate.arguments = ["-p", prefix.path + "/", "-c", file.path, "-e", errorLog.path]
            candidate.standardInput = FileHandle.nullDevice
            candidate.standardOutput = FileHandle.nullDevice
            candidate.standardError = FileHandle.nullDevice
            try candidate.run()
            let deadline = Date() + 30
            var listening = false
            while Date() < deadline, candidate.isRunning {
                if (try? RawSocket.connect(port: port, receiveTimeoutSeconds: 1)) != nil {
                    listening = true
                    break
                }
                usleep(50_000)
            }
            if listening {
                self.port = port
                process = candidate
                return
            }
            if candidate.isRunning { kill(candidate.processIdentifier, SIGKILL) }
            candidate.waitUntilExit()
            let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            guard log.contains("Address already in use"), attempts < 5 else {
                throw TestSupportError("nginx did not start on port \(port):\n\(log)")
            }
        }
    }

    /// The running nginx; nil once stopped.
    private var process: Process?

    deinit { stop() }

    /// Stops nginx with SIGKILL and reaps it.
    func stop() {
        guard let running = process else { return }
        if running.isRunning { kill(running.processIdentifier, SIGKILL) }
        running.waitUntilExit()
        process = nil
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The error log, for failure messages.
    var errorLog: String {
        (try? String(contentsOf: prefix.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
    }
}

/// The scale-out layout for real: `config/nginx-trustlists.conf` (TLS lines dropped, ports and folders pointed at the
/// test's) serving a `trustlistd --export-dir` folder and proxying decisions to that `trustlistd`.
@Suite(
    "nginx in front of trustlistd", .serialized, .requires(.trustlistd, .python3, .nginx))
final class NginxIntegrationTests {
    /// The shipped configuration adapted to the test: plain HTTP on `port`, the export folder, the daemon's port.
    static func adapted(port: Int, exportFolder: URL, daemonPort: Int) throws -> String {
        let shipped = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("config/nginx-trustlists.conf"), encoding: .utf8)
        let replacements = [
            ("listen 443 ssl;", "listen 127.0.0.1:\(port);"),
            ("root /var/lib/trustlists-export;", "root \(exportFolder.path);"),
            ("server 127.0.0.1:8441 ", "server 127.0.0.1:\(daemonPort) "),
        ]
        var text = shipped
        for (old, new) in replacements {
            guard text.contains(old) else { throw TestSupportError("config/nginx-trustlists.conf has no '\(old)'") }
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("ssl_") }.joined(separator: "\n")
    }

    @Test("nginx serves the export with ETag and 304, and a reader decision and an evaluation through its proxy")
    func scaleOut() throws {
        let nginx = try #require(Nginx.executable)
        let network = try ServedNetwork(extraTop: DaemonHTTPTests.serverTop)
        let export = network.folder.url.appendingPathComponent("export")
        let daemon = try network.startDaemon(extraArguments: ["--export-dir", export.path])
        defer { daemon.kill() }
        let daemonPort = try HTTPDaemon.port(of: daemon)
        try daemon.waitFor("the first refresh") { $0.message == "refresh finished" }
        try daemon.waitFor("the export of the refreshed lists") { line in
            line.message == "export written" && line["snapshot.generation"] != "1"
        }
        let prefix = network.folder.url.appendingPathComponent("nginx")
        let proxy = try NginxProcess(executable: nginx, prefix: prefix) { port in
            (try? Self.adapted(port: port, exportFolder: export, daemonPort: daemonPort)) ?? ""
        }
        defer { proxy.stop() }

        // Static: the snapshot at the API's path, with nginx's ETag and a 304 for it.
        let snapshot = try LoopbackClient.get(proxy.url("/v1/snapshot"))
        #expect(snapshot.status == 200, "\(snapshot.text)\n\(proxy.errorLog)")
        #expect(snapshot.body == Array(try Data(contentsOf: export.appendingPathComponent("v1/snapshot"))))
        #expect(snapshot.header("Content-Type") == "application/json")
        let etag = try #require(snapshot.header("ETag"))
        let notModified = try LoopbackClient.get(proxy.url("/v1/snapshot"), headers: ["If-None-Match: \(etag)"])
        #expect(notModified.status == 304 && notModified.body.isEmpty)
        let direct = try LoopbackClient.get("http://127.0.0.1:\(daemonPort)/v1/snapshot")
        #expect(snapshot.body == direct.body, "nginx and trustlistd serve the same bytes")

        // The pointer and a content-addressed file, with their cache rules.
        let pointer = try LoopbackClient.get(proxy.url("/current.json"))
        #expect(pointer.status == 200 && pointer.header("Cache-Control") == "no-cache")
        let pointerTag = try #require(pointer.header("ETag"))
        #expect(
            try LoopbackClient.get(proxy.url("/current.json"), headers: ["If-None-Match: \(pointerTag)"]).status == 304)
        let object = try JSONSerialization.jsonObject(with: Data(pointer.body)) as? [String: Any]
        let path = try #require((object?["snapshot"] as? [String: Any])?["path"] as? String)
        let file = try LoopbackClient.get(proxy.url("/" + path))
        #expect(file.status == 200 && file.body == snapshot.body)
        #expect(file.header("Cache-Control") == "public, max-age=31536000, immutable")
        let list = try LoopbackClient.get(proxy.url("/v1/lists/sim/vical"))
        #expect(list.status == 200 && list.header("Content-Type") == "application/cose")
        #expect(list.body == (try LoopbackClient.get("http://127.0.0.1:\(daemonPort)/v1/lists/sim/vical")).body)

        // Decisions: proxied to trustlistd.
        let chain = [network.sim.readerLeaf.certificate, network.sim.readerIntermediate.certificate]
        let x5c = "[" + chain.map { "\"\(Base64.encode($0.derEncoded))\"" }.joined(separator: ",") + "]"
        let decision = try LoopbackClient.send(
            "POST", proxy.url("/v1/decisions/reader"), headers: ["Content-Type: application/json"],
            body: Array("{\"x5c\": \(x5c)}".utf8))
        #expect(decision.status == 200, "\(decision.text)\n\(proxy.errorLog)")
        #expect(decision.text.contains("\"trusted\" : true"))
        let evaluation = try LoopbackClient.send(
            "POST", proxy.url("/evaluation"), headers: ["Content-Type: application/json", "X-Request-ID: r1"],
            body: Array(
                ("{\"subject\": {\"type\": \"key\", \"id\": \"Sim Reader\"}, \"resource\": {\"type\": \"x5c\", "
                    + "\"id\": \"Sim Reader\", \"key\": \(x5c)}, \"action\": {\"name\": \"mdoc-reader\"}}").utf8))
        #expect(evaluation.status == 200 && evaluation.text.contains("\"decision\" : true"), "\(evaluation.text)")
        #expect(evaluation.header("X-Request-ID") == "r1")
        #expect(try LoopbackClient.get(proxy.url("/v1/decisions/reader")).status == 403)
    }
}
