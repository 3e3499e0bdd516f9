import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

#if canImport(Glibc)
    import Glibc
#endif

/// `trustctl refresh`, `status` and `query` over a cache that went bad, or cannot be written (docs/operations.md,
/// "When the cache goes bad").
extension RefreshStatusCommandTests {
    /// Ways a cached root goes bad, as a person or a broken disk does it.
    enum RootDamage: String, CaseIterable, CustomTestStringConvertible {
        case junk, otherCertificate, symlinkToDevZero, fifo

        var testDescription: String { rawValue }
    }

    func damageRoot(_ damage: RootDamage) throws {
        let file = StoreLayout(root: configuration.cacheDirectory).root(sha256: sim.root.certificate.sha256Hex)
        try FileManager.default.removeItem(at: file)
        switch damage {
        case .junk: try Data(repeating: 0x41, count: 300).write(to: file)
        case .otherCertificate: try Data(sim.readerCA.certificate.derEncoded).write(to: file)
        case .symlinkToDevZero:
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        case .fifo: #expect(mkfifo(file.path, 0o600) == 0)
        }
    }

    func readerQuery(at time: Date) throws -> (Int32, CLIRun) {
        let chain = folder.url.appendingPathComponent("reader-chain.pem")
        try Data((sim.readerLeaf.certificate.pemEncoded + sim.readerIntermediate.certificate.pemEncoded).utf8)
            .write(to: chain)
        return CLIRun.run(
            ["query", "reader", "--config", configuration.file.path, "--chain", chain.path, "--json"], now: time)
    }

    @Test(
        "a cached root gone bad: status and query fail closed, the next refresh quarantines and rewrites it, and both trust again",
        arguments: RootDamage.allCases)
    func damagedRootHealsThroughTheCLI(_ damage: RootDamage) throws {
        let config = ["--config", configuration.file.path]
        #expect(CLIRun.run(["refresh"] + config, now: t0).status == 0)
        #expect(try readerQuery(at: t0).0 == 0)
        try damageRoot(damage)

        let (broken, brokenRun) = CLIRun.run(["status"] + config, now: t0 + 10)
        #expect(broken == 2, "\(brokenRun.standardOutput)")
        #expect(brokenRun.standardOutput.hasPrefix("CRITICAL: sim/vical no_trust, sim/rical no_trust"))
        #expect(try readerQuery(at: t0 + 10).0 != 0)

        let (refreshed, refreshRun) = CLIRun.run(["refresh"] + config, now: t0 + 60)
        #expect(refreshed == 0, "\(refreshRun.standardOutput)\(refreshRun.standardError)")
        #expect(refreshRun.standardOutput.hasPrefix("OK: 2 fresh"), "\(refreshRun.standardOutput)")
        let root = "cached root \(sim.root.certificate.sha256Hex.prefix(12))"
        let notes = refreshRun.standardOutput.split(separator: "\n").filter { $0.contains(root) }
        #expect(notes.count == 2, "\(refreshRun.standardOutput)")  // quarantined, then written again
        #expect(notes.first?.contains("quarantined") == true)

        let (status, statusRun) = CLIRun.run(["status"] + config, now: t0 + 120)
        #expect(status == 0, "\(statusRun.standardOutput)")
        #expect(statusRun.standardOutput.hasPrefix("OK: 2 fresh"))
        let (query, queryRun) = try readerQuery(at: t0 + 120)
        #expect(query == 0, "\(queryRun.standardOutput)")
        #expect(queryRun.json["trusted"] as? Bool == true)
    }

    @Test("the first line of refresh and status names the list and the reason")
    func headlineNamesTheList() throws {
        let config = ["--config", configuration.file.path]
        #expect(CLIRun.run(["refresh"] + config, now: t0).status == 0)
        try publish(sim.vicalContent(issueID: 3))
        let (code, run) = CLIRun.run(["refresh"] + config, now: t0 + 60)
        #expect(code == 1)
        let first = run.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("WARNING: sim/vical kept last good (rollback), 2 fresh"), "\(run.standardOutput)")
        let (_, status) = CLIRun.run(["status"] + config, now: t0 + 60)
        #expect(status.standardOutput.hasPrefix("WARNING: sim/vical kept last good (rollback), 2 fresh"))
        let (_, json) = CLIRun.run(["status", "--json"] + config, now: t0 + 60)
        #expect(json.json["headline"] as? String == "WARNING: sim/vical kept last good (rollback), 2 fresh")
    }

    @Test(
        "a cache read-only for the service's user: refresh says WARNING once, the next status too, until a refresh stores",
        .requires(.trustlistd, .executable("setpriv")))
    func readOnlyCacheIsReportedByStatus() throws {
        guard getuid() == 0 else { return }  // needs another user: root's tests run trustctl as nobody
        let trustctl = try #require(BuiltProducts.directory?.appendingPathComponent("trustctl"))
        // Lists valid now (the built trustctl runs on the real clock), published as files readable by nobody.
        let now = Date()
        let live = try ListSimulator(name: "Sim", at: now)
        let published = folder.url.appendingPathComponent("live")
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: true)
        try Data(live.root.certificate.pemEncoded.utf8).write(to: published.appendingPathComponent("root.pem"))
        for (name, content) in [
            ("vical.cose", live.vicalContent(issueID: 1, date: now - 60)),
            ("rical.cose", live.ricalContent(issueID: 1, date: now - 60)),
        ] {
            try Data(try live.signed(content)).write(to: published.appendingPathComponent(name))
        }
        let liveFolder = folder.url.appendingPathComponent("service")
        let liveConfiguration = try RefreshHarness.configuration(
            in: liveFolder, pin: live.root.certificate.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: (
                "file://\(published.path)/root.pem", "file://\(published.path)/vical.cose",
                "file://\(published.path)/rical.cose"
            ), allowInsecure: true)
        let cache = liveConfiguration.cacheDirectory
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        for path in [
            folder.url.path, published.path, liveFolder.path, liveFolder.appendingPathComponent("config").path,
        ] {
            _ = chmod(path, 0o755)
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: published.path) {
            _ = chmod(published.appendingPathComponent(file).path, 0o644)
        }
        _ = chmod(liveConfiguration.file.path, 0o644)
        #expect(chown(cache.path, 65534, 65534) == 0)
        func asNobody(_ arguments: [String]) throws -> (Int32, String) {
            let (status, text) = try TestTools.run(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", trustctl.path]
                    + arguments + ["--config", liveConfiguration.file.path], withStandardOutput: true)
            return (status, text)
        }
        let (first, firstText) = try asNobody(["refresh"])
        #expect(first == 0, "\(firstText)")

        // Read-only for nobody: the cache's folders given to root (0755), as a mistaken deployment does; the lock
        // file stays nobody's, as it must for a refresh to run at all.
        let layout = StoreLayout(root: cache)
        let folders = [
            cache, layout.roots, layout.lists(.init(network: "sim", kind: .vical)),
            layout.lists(.init(network: "sim", kind: .rical)),
        ]
        func own(_ uid: uid_t, _ mode: mode_t) {
            for folder in folders {
                _ = chown(folder.path, uid, uid)
                _ = chmod(folder.path, mode)
            }
        }
        own(0, 0o755)
        defer { own(65534, 0o700) }
        try Data(try live.signed(live.vicalContent(issueID: 2, date: now - 30)))
            .write(to: published.appendingPathComponent("vical.cose"))

        let (refresh, refreshText) = try asNobody(["refresh"])
        #expect(refresh == 1, "\(refreshText)")
        #expect(
            refreshText.hasPrefix(
                "WARNING: sim/vical kept last good (persist_error), results not stored (persist_error), 2 fresh"),
            "\(refreshText)")
        #expect(refreshText.components(separatedBy: "the results were not stored").count == 2, "once: \(refreshText)")

        // A new process, which writes nothing, still says so: the failure is recorded in the lock file.
        let (status, statusText) = try asNobody(["status"])
        #expect(status == 1, "\(statusText)")
        #expect(statusText.hasPrefix("WARNING: results not stored (persist_error), 2 fresh"), "\(statusText)")
        #expect(statusText.contains("the results of the last refresh were not stored"), "\(statusText)")

        own(65534, 0o700)
        let (stored, storedText) = try asNobody(["refresh"])
        #expect(stored == 0, "\(storedText)")
        let (healthy, healthyText) = try asNobody(["status"])
        #expect(healthy == 0, "\(healthyText)")
        #expect(healthyText.hasPrefix("OK: 2 fresh"), "\(healthyText)")
    }
}
