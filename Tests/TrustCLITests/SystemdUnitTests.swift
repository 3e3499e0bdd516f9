import Foundation
import TestSupport
import Testing

/// The systemd units in `config/`: `systemd-analyze verify` accepts them, and they say what docs/operations.md
/// promises.
@Suite("systemd units")
struct SystemdUnitTests {
    static let names = [
        "trustlistd.service", "trustlistd.socket", "trustlists-refresh.service", "trustlists-refresh.timer",
    ]
    static let configFolder = PackageRoot.url.appendingPathComponent("config")
    static let systemdAnalyze = TestTools.executable(named: "systemd-analyze")

    /// A unit file's `Key=value` lines by section, later values appended.
    func settings(_ name: String) throws -> [String: [String: [String]]] {
        let text = try String(contentsOf: Self.configFolder.appendingPathComponent(name), encoding: .utf8)
        var section = ""
        var result: [String: [String: [String]]] = [:]
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            result[section, default: [:]][String(line[..<equals]), default: []].append(
                String(line[line.index(after: equals)...]))
        }
        return result
    }

    /// `systemd-analyze verify` checks that every ExecStart= program exists, so the units are verified from a
    /// temporary copy whose `/usr/local/bin/` paths point at this build's products. Nothing else is changed, and
    /// any line of output about our units (an unknown key, a bad value: verify reports those yet exits 0) fails.
    @Test(
        "systemd-analyze verify accepts the units (ExecStart= pointed at this build's binaries)",
        .requires(.executable("systemd-analyze")),
        .requires(.trustlistd))
    func verify() throws {
        let analyze = try #require(Self.systemdAnalyze)
        let products = try #require(BuiltProducts.directory)
        for tool in ["trustlistd", "trustctl"] {
            #expect(
                FileManager.default.isExecutableFile(atPath: products.appendingPathComponent(tool).path),
                "\(tool) is not built in \(products.path)")
        }
        let folder = try TemporaryDirectory()
        var files: [String] = []
        for name in Self.names {
            let text = try String(contentsOf: Self.configFolder.appendingPathComponent(name), encoding: .utf8)
            #expect(
                text.contains("/usr/local/bin/") || name.hasSuffix(".timer") || name.hasSuffix(".socket"),
                "\(name) names no binary")
            let copy = text.replacingOccurrences(of: "/usr/local/bin/", with: products.path + "/")
            let file = folder.url.appendingPathComponent(name)
            try Data(copy.utf8).write(to: file)
            files.append(file.path)
        }
        let process = Process()
        process.executableURL = analyze
        process.arguments = ["verify"] + files
        process.environment = ["SYSTEMD_LOG_COLOR": "0", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "systemd-analyze verify failed:\n\(text)")
        let aboutOurs = text.split(separator: "\n").filter { line in
            line.contains(folder.url.path) || Self.names.contains { line.contains($0) }
        }
        #expect(aboutOurs.isEmpty, "systemd-analyze verify complains:\n\(aboutOurs.joined(separator: "\n"))")
    }

    @Test("the daemon unit is Type=notify with a watchdog, reload by SIGHUP, a private state directory and hardening")
    func daemonUnit() throws {
        let unit = try settings("trustlistd.service")
        let service = unit["Service"] ?? [:]
        #expect(service["Type"] == ["notify"])
        // The configuration is checked before a start and before the reload's SIGHUP (a failing check stops there).
        let check = "/usr/local/bin/trustlistd --check-config --config /etc/trustlists/trustlists.json"
        #expect(service["ExecStartPre"] == [check])
        #expect(service["ExecReload"] == [check, "/bin/kill -HUP $MAINPID"])
        #expect(service["WatchdogSec"]?.isEmpty == false)
        #expect(service["ExecStart"]?.first?.hasPrefix("/usr/local/bin/trustlistd --config ") == true)
        #expect(service["ExecStart"]?.first?.contains("--metrics-file /run/trustlists/") == true)
        for (key, value) in [
            ("DynamicUser", "yes"), ("StateDirectory", "trustlists"), ("RuntimeDirectory", "trustlists"),
            ("ProtectSystem", "strict"), ("NoNewPrivileges", "yes"), ("ProtectHome", "yes"), ("PrivateTmp", "yes"),
        ] {
            #expect(service[key] == [value], "\(key)")
        }
        #expect(unit["Install"]?["WantedBy"] == ["multi-user.target"])
    }

    @Test("the socket unit passes a loopback listening socket to trustlistd.service and starts with sockets.target")
    func socketUnit() throws {
        let unit = try settings("trustlistd.socket")
        #expect(unit["Socket"]?["ListenStream"] == ["127.0.0.1:8441"])
        #expect(unit["Socket"]?["Service"] == nil, "the socket activates the service of its own name")
        #expect(unit["Socket"]?["Accept"] == nil, "one daemon takes the listening socket, not one per connection")
        #expect(unit["Install"]?["WantedBy"] == ["sockets.target"])
    }

    @Test("the timer runs the oneshot trustctl refresh every 15 minutes, with the same hardening")
    func timerUnits() throws {
        let timer = try settings("trustlists-refresh.timer")
        #expect(timer["Timer"]?["OnCalendar"] == ["*:0/15"])
        #expect(timer["Timer"]?["Unit"] == ["trustlists-refresh.service"])
        #expect(timer["Install"]?["WantedBy"] == ["timers.target"])
        let service = try settings("trustlists-refresh.service")["Service"] ?? [:]
        #expect(service["Type"] == ["oneshot"])
        #expect(service["ExecStart"]?.first?.hasPrefix("/usr/local/bin/trustctl refresh --config ") == true)
        #expect(
            service["ExecStartPre"] == ["/usr/local/bin/trustctl config check --config /etc/trustlists/trustlists.json"]
        )
        let daemon = try settings("trustlistd.service")["Service"] ?? [:]
        for key in ["DynamicUser", "StateDirectory", "ProtectSystem", "NoNewPrivileges", "SystemCallFilter"] {
            #expect(service[key] == daemon[key], "\(key)")
        }
    }
}
