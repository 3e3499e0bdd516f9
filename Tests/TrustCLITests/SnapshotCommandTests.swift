import Foundation
import TestSupport
import Testing
import TrustCLI
import TrustLists

/// `trustctl snapshot`.
@Suite("trustctl snapshot")
struct SnapshotCommandTests {
    @Test("prints the stored snapshot.json, which reads back as the snapshot written")
    func printsSnapshot() throws {
        let harness = try CLIHarness()
        let snapshot = try QueryWorld().defaultSnapshot()
        try harness.store(snapshot)
        let run = harness.run(["snapshot", "--config", harness.configFile.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try Snapshot(jsonEncoded: Array(run.output.utf8)) == snapshot)
        #expect(run.errors.isEmpty)
    }

    @Test("finds the configuration through TRUSTLISTS_CONFIG")
    func environmentConfig() throws {
        let harness = try CLIHarness()
        try harness.store(try QueryWorld().defaultSnapshot())
        let run = harness.run(["snapshot"], environment: ["TRUSTLISTS_CONFIG": harness.configFile.path])
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test("without a snapshot: exit 2, telling the user to run trustctl refresh")
    func noSnapshot() throws {
        let harness = try CLIHarness()
        let run = harness.run(["snapshot", "--config", harness.configFile.path])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("no snapshot yet"))
        #expect(run.errors.contains("trustctl refresh"))
    }

    @Test("a corrupt snapshot: exit 2, saying it cannot be used and how to rebuild it")
    func corruptSnapshot() throws {
        let harness = try CLIHarness()
        try AtomicFile.makeFolder(harness.cache)
        try Data("{\"schemaVersion\": 1, \"generation\": ".utf8).write(
            to: SnapshotFile.url(inCacheDirectory: harness.cache))
        let run = harness.run(["snapshot", "--config", harness.configFile.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("cannot be used"))
        #expect(run.errors.contains("trustctl refresh"))
    }

    @Test("an unreadable configuration or a stray argument: exit 2")
    func badUsage() throws {
        let harness = try CLIHarness()
        let missing = harness.run([
            "snapshot", "--config", harness.directory.url.appendingPathComponent("no.json").path,
        ])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("cannot read the configuration"))
        let stray = harness.run(["snapshot", "extra", "--config", harness.configFile.path])
        #expect(stray.status == 2)
        #expect(stray.errors.contains("See 'trustctl snapshot --help'"))
    }

    @Test("help names the command and its exit status; the top-level help lists the new commands")
    func help() throws {
        let harness = try CLIHarness()
        let run = harness.run(["snapshot", "--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("OVERVIEW:"))
        #expect(run.output.contains("USAGE: trustctl snapshot [--config <file>]"))
        #expect(run.output.contains("EXIT STATUS"))
        let top = harness.run(["--help"])
        for name in ["snapshot", "query reader", "query issuer", "verify"] {
            #expect(top.output.contains("  \(name) "), "\(name) missing from: \(top.output)")
        }
    }
}
