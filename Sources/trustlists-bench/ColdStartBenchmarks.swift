import Foundation
import Publishing
import TrustLists

/// Group `coldstart`: `trustlistd` started on a cache holding a fresh 10,000-entry VICAL, until `/readyz` answers
/// 200, against one `trustctl verify` of the same list (issue 36 §4: the start should cost about one verify). Both
/// are separate processes, the built `trustctl` and `trustlistd` next to this benchmark (or in `$TRUSTLISTS_BIN_DIR`);
/// each round runs `trustctl --version`, the verify and the start in turn, so the three are paired.
enum ColdStartBenchmarks {
    /// Paired rounds.
    static let rounds = 3
    /// The longest a start may take before the round fails, in seconds.
    static let readyTimeoutSeconds: Double = 60
    /// How long the daemon runs after ready before it is stopped: long enough to see a refresh it starts at once.
    static let afterReadySeconds: Double = 1

    static func run() {
        do {
            try measure()
        } catch {
            Bench.fail("coldstart", error)
        }
    }

    /// One round's figures.
    struct Round {
        let version: ChildProcess.Usage
        let verify: ChildProcess.Usage
        /// Spawn to the first 200 of `/readyz`, in seconds.
        let readyWall: Double
        /// The daemon's CPU seconds at that moment (10 ms resolution).
        let readyCPU: Double
        /// Whether the daemon started a refresh within ``afterReadySeconds`` of ready.
        let refreshedAtStart: Bool
        let load: String
    }

    private static func measure() throws {
        let binaries =
            ProcessInfo.processInfo.environment["TRUSTLISTS_BIN_DIR"]
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        let trustctl = binaries + "/trustctl"
        let trustlistd = binaries + "/trustlistd"
        for program in [trustctl, trustlistd] where !FileManager.default.isExecutableFile(atPath: program) {
            throw BenchError("\(program) not found: build it (swift build -c release) or set TRUSTLISTS_BIN_DIR")
        }
        let network = try SyntheticNetwork.network()
        let folder = try BenchFiles.directory().appendingPathComponent("coldstart")
        try? FileManager.default.removeItem(at: folder)
        let published = folder.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)

        // A list fresh now: dated an hour ago, next update in 30 days.
        let now = Date()
        let entries = SyntheticNetwork.largestList
        let content = ListContent(
            kind: .vical, provider: "Synthetic Provider", date: now - 3600, issueID: 1,
            nextUpdate: now + 30 * 86_400,
            entries: network.iacas.prefix(entries).enumerated().map { index, iaca in
                ListContent.Entry(
                    certificate: iaca, docTypes: ["org.iso.18013.5.1.mDL"],
                    issuingAuthority: "Synthetic Motor Vehicles \(index)")
            })
        let bytes = try ListPublisher.sign(
            content, signerKey: network.signerKey, signerChain: [network.signer, network.issuingCA])
        let listFile = published.appendingPathComponent("vical.cose")
        let rootFile = published.appendingPathComponent("root.pem")
        try Data(bytes).write(to: listFile)
        try Data(network.root.pemEncoded.utf8).write(to: rootFile)
        let port = 20_000 + Int(getpid() % 20_000)
        let config = folder.appendingPathComponent("config/trustlists.json")
        try Data(
            """
            {
              "cacheDirectory": "../cache",
              "allowInsecureURLs": true,
              "http": { "maxBytes": 67108864 },
              "server": { "listen": ["127.0.0.1:\(port)"] },
              "networks": [ {
                "id": "synthetic",
                "root": { "url": "file://\(rootFile.path)", "sha256": ["\(network.root.sha256Hex)"] },
                "vical": { "url": "file://\(listFile.path)", "provider": "Synthetic Provider" },
                "revocation": { "mode": "off" }
              } ]
            }

            """.utf8
        ).write(to: config)
        let filled = try ChildProcess.run(
            trustctl, ["refresh", "--config", config.path], output: folder.appendingPathComponent("refresh.log"))
        guard filled.status == 0 else { throw BenchError("trustctl refresh exited with \(filled.status)") }

        print("  list   = a VICAL of \(Bench.count(entries)) entries (\(Bench.megabytes(bytes.count))), fresh, in the cache")
        print("           (trustctl refresh once before the rounds); revocation off, so no CRL is fetched")
        print("  start  = trustlistd --config C (default server settings, listen set): spawn until /readyz is 200,")
        print("           polled every 10 ms; CPU = the daemon's user+sys at that moment (/proc, 10 ms ticks)")
        print("  verify = trustctl verify LIST --kind vical --root PEM --at NOW: wall, and user+sys (wait4) minus")
        print("           that of trustctl --version (the process start), as the issue's harness counts it")
        print("  \(rounds) rounds, each: --version, verify, start, in turn\n")
        let at = ISO8601DateFormatter().string(from: now + 60)
        var results: [Round] = []
        for index in 0...rounds {
            let load = MachineFacts.loadAverage()
            let version = try ChildProcess.run(trustctl, ["--version"])
            let verify = try ChildProcess.run(
                trustctl, ["verify", listFile.path, "--kind", "vical", "--root", rootFile.path, "--at", at])
            guard verify.status == 0 else { throw BenchError("trustctl verify exited with \(verify.status)") }
            let log = folder.appendingPathComponent("trustlistd-\(index).log")
            let (wall, cpu, refreshed) = try start(trustlistd, config: config, port: port, log: log)
            // Round 0 warms the page cache and is not counted.
            guard index > 0 else { continue }
            let round = Round(
                version: version, verify: verify, readyWall: wall, readyCPU: cpu, refreshedAtStart: refreshed,
                load: load)
            results.append(round)
            let verifyCPU = verify.cpuSeconds - version.cpuSeconds
            print(
                "  round \(index) (load \(load)): verify \(Bench.duration(verify.wallSeconds)) wall, "
                    + "\(Bench.duration(verifyCPU)) CPU; ready \(Bench.duration(wall)) wall "
                    + "(\(Bench.fixed(wall / verify.wallSeconds, 2))x), \(Bench.duration(cpu)) CPU "
                    + "(\(Bench.fixed(cpu / max(verifyCPU, 1e-3), 2))x); refresh at start: \(refreshed ? "yes" : "no")")
        }
        let wallRatio = Bench.median(results.map { $0.readyWall / $0.verify.wallSeconds })
        let cpuRatio = Bench.median(
            results.map { $0.readyCPU / max($0.verify.cpuSeconds - $0.version.cpuSeconds, 1e-3) })
        let refreshes = results.filter(\.refreshedAtStart).count
        print(
            "\n  goal (ready within 1.2x one verify, paired medians of \(rounds)): wall \(Bench.fixed(wallRatio, 2))x "
                + "\(wallRatio <= 1.2 ? "MET" : "NOT MET"), CPU \(Bench.fixed(cpuRatio, 2))x "
                + "\(cpuRatio <= 1.2 ? "MET" : "NOT MET")")
        print(
            "  goal (no refresh at start while the list is fresh and not due): \(refreshes == 0 ? "MET" : "NOT MET") "
                + "(\(refreshes) of \(rounds) starts refreshed)")
    }

    /// Starts the daemon, waits for `/readyz` 200, lets it run ``afterReadySeconds``, stops it with SIGTERM.
    /// - Returns: seconds to ready, its CPU seconds then, and whether its log shows a refresh started.
    private static func start(
        _ trustlistd: String, config: URL, port: Int, log: URL
    ) throws -> (wall: Double, cpu: Double, refreshed: Bool) {
        let daemon = try ChildProcess.spawn(trustlistd, ["--config", config.path], output: log)
        var ready: (wall: Double, cpu: Double)?
        while ready == nil {
            let elapsed = Bench.seconds(ContinuousClock.now - daemon.started)
            if HTTPProbe.get("http://127.0.0.1:\(port)/readyz").status == 200 {
                ready = (elapsed, daemon.cpuSecondsSoFar)
            } else if elapsed > readyTimeoutSeconds {
                daemon.signal(SIGKILL)
                _ = daemon.wait()
                throw BenchError("trustlistd not ready after \(readyTimeoutSeconds) s (log: \(log.path))")
            } else {
                usleep(10_000)
            }
        }
        usleep(UInt32(afterReadySeconds * 1e6))
        daemon.signal(SIGTERM)
        _ = daemon.wait()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard let ready else { throw BenchError("not ready") }
        return (ready.wall, ready.cpu, text.contains("refresh started"))
    }
}
