import Foundation
import Publishing
import TestSupport
import Testing
import TrustCLI
import TrustLists

@testable import TrustListsService

/// `trustctl snapshot`.
@Suite("trustctl snapshot")
struct SnapshotCommandTests {
    @Test("prints the snapshot of the verified cached lists, equal to the one built from the same lists")
    func printsSnapshot() throws {
        let world = try QueryWorld()
        let harness = try CLIHarness(refreshedWith: world)
        let run = harness.run(["snapshot", "--config", harness.configFile.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty)
        let printed = try Snapshot(jsonEncoded: Array(run.output.utf8))
        let expected = try world.defaultSnapshot()
        #expect(printed.issuers == expected.issuers)
        #expect(printed.verifiers == expected.verifiers)
        #expect(printed.sources.map(\.state) == [.fresh, .fresh])
        // The refresh wrote the same generation to snapshot.json.
        #expect(try SnapshotFile.read(inCacheDirectory: harness.cache) == printed)
    }

    @Test("finds the configuration through TRUSTLISTS_CONFIG")
    func environmentConfig() throws {
        let harness = try CLIHarness(refreshedWith: try QueryWorld())
        let run = harness.run(["snapshot"], environment: ["TRUSTLISTS_CONFIG": harness.configFile.path])
        #expect(run.status == 0, "\(run.errors)")
    }

    @Test("before any refresh: every list no_trust, no issuer, no verifier")
    func noLists() throws {
        let harness = try CLIHarness()
        let run = harness.run(["snapshot", "--config", harness.configFile.path])
        #expect(run.status == 0, "\(run.errors)")
        let printed = try Snapshot(jsonEncoded: Array(run.output.utf8))
        #expect(printed.sources.map(\.state) == [.noTrust, .noTrust])
        #expect(printed.issuers.isEmpty && printed.verifiers.isEmpty)
    }

    @Test("a corrupt or edited snapshot.json is not what it prints: the verified lists are")
    func corruptSnapshot() throws {
        let world = try QueryWorld()
        let harness = try CLIHarness(refreshedWith: world)
        let file = SnapshotFile.url(inCacheDirectory: harness.cache)
        try Data("{\"schemaVersion\": 1, \"generation\": ".utf8).write(to: file)
        let run = harness.run(["snapshot", "--config", harness.configFile.path])
        #expect(run.status == 0, "\(run.errors)")
        let printed = try Snapshot(jsonEncoded: Array(run.output.utf8))
        #expect(printed.issuers == (try world.defaultSnapshot()).issuers)
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
