import Foundation
import TestSupport
import Testing
import TrustLists
import X509

@testable import TrustListsService

/// `trustctl export DIR` and ``ExportDirectory``: content-addressed files, links at the API's paths, the pointer,
/// idempotence and pruning after the grace period.
@Suite("trustctl export")
struct ExportCommandTests {
    static let now = TestPKI.referenceTime + 3600

    @Test("it writes the verified snapshot and lists under content-addressed names, v1/ links and current.json")
    func exports() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: Self.now)
        let export = harness.folder.url.appendingPathComponent("export")
        let (status, run) = CLIRun.run(
            ["export", export.path, "--config", harness.configurationFile.path], now: Self.now)
        #expect(status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("3 files written"), "\(run.standardOutput)")
        // One line, as docs/cli.md says.
        #expect(run.standardOutput.split(separator: "\n").count == 1, "\(run.standardOutput)")

        let pointer = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: export.appendingPathComponent("current.json")))
                as? [String: Any])
        #expect(pointer["schemaVersion"] as? Int == 1)
        let snapshotPath = try #require((pointer["snapshot"] as? [String: Any])?["path"] as? String)
        let snapshot = try Data(contentsOf: export.appendingPathComponent(snapshotPath))
        #expect(snapshotPath == "snapshot/\(hexString(Digest.sha256.hash(Array(snapshot)))).json")
        #expect(try Snapshot(jsonData: snapshot).generation == pointer["generation"] as? UInt64)
        #expect(try Data(contentsOf: export.appendingPathComponent("v1/snapshot")) == snapshot)
        let lists = try #require(pointer["lists"] as? [String: [String: Any]])
        #expect(Set(lists.keys) == ["sim/vical", "sim/rical"])
        for (id, entry) in lists {
            let path = try #require(entry["path"] as? String)
            let bytes = try Data(contentsOf: export.appendingPathComponent(path))
            #expect(path == "lists/\(id)/\(hexString(Digest.sha256.hash(Array(bytes)))).cose")
            #expect(try Data(contentsOf: export.appendingPathComponent("v1/lists/\(id)")) == bytes)
            #expect(entry["state"] as? String == "fresh")
        }

        try Self.expectFoundationBytes(export.appendingPathComponent("current.json"))

        // Unchanged state: nothing written, the pointer untouched.
        let (again, second) = CLIRun.run(
            ["export", export.path, "--config", harness.configurationFile.path], now: Self.now)
        #expect(again == 0)
        #expect(second.standardOutput.contains("0 files written"), "\(second.standardOutput)")
        #expect(second.standardOutput.contains("current.json unchanged"))
    }

    @Test("a list that is not trusted is named in current.json without a file")
    func untrustedList() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: Self.now)
        let export = harness.folder.url.appendingPathComponent("export")
        let late = Self.now + 400 * TestPKI.day
        let (status, run) = CLIRun.run(["export", export.path, "--config", harness.configurationFile.path], now: late)
        #expect(status == 0, "\(run.standardError)")
        let pointer = try JSONSerialization.jsonObject(
            with: Data(contentsOf: export.appendingPathComponent("current.json")))
        let lists = try #require((pointer as? [String: Any])?["lists"] as? [String: [String: Any]])
        #expect(lists["sim/vical"]?["state"] as? String == "expired")
        #expect(lists["sim/vical"]?["path"] == nil)
        try Self.expectFoundationBytes(export.appendingPathComponent("current.json"))
        #expect(!FileManager.default.fileExists(atPath: export.appendingPathComponent("v1/lists/sim/vical").path))
    }

    /// `current.json` is byte for byte what Foundation's `JSONSerialization` writes for its content (pretty, sorted
    /// keys, slashes unescaped, a newline after), members without a value left out.
    static func expectFoundationBytes(_ file: URL) throws {
        let bytes = try Data(contentsOf: file)
        let object = try JSONSerialization.jsonObject(with: bytes)
        let reference = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(bytes == reference + Data([0x0A]))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("null"))
    }

    @Test("usage: the folder is required; a configuration that cannot be read is exit 2")
    func usage() throws {
        let (missing, run) = CLIRun.run(["export"])
        #expect(missing == 2)
        #expect(run.standardError.contains("missing the export folder"))
        let folder = try TemporaryDirectory()
        let (bad, badRun) = CLIRun.run([
            "export", folder.url.path, "--config", folder.url.appendingPathComponent("no.json").path,
        ])
        #expect(bad == 2)
        #expect(badRun.standardError.hasPrefix("Error: "))
    }

    @Test("a new version adds its files beside the old ones, which go once the grace period has passed")
    func pruning() throws {
        let harness = try RefreshHarness()
        let service = harness.service()
        _ = try service.refresh(at: Self.now, lockTimeout: 5)
        let folder = try TemporaryDirectory()
        let export = ExportDirectory(directory: folder.url, graceSeconds: 3600)
        let first = try export.write(
            try #require(service.snapshotDocument), lists: ExportDirectory.items(of: service, at: Self.now), at: Date())
        #expect(first.written.count == 3 && first.pointerChanged)

        try harness.publish(harness.sim.vicalContent(issueID: 2, date: TestPKI.referenceTime + 60))
        _ = try service.refresh(at: Self.now + 60, lockTimeout: 5)
        let second = try export.write(
            try #require(service.snapshotDocument), lists: ExportDirectory.items(of: service, at: Self.now), at: Date())
        #expect(second.written.count == 2, "a snapshot and the new VICAL: \(second.written)")
        #expect(second.pruned.isEmpty, "superseded files stay for the grace period")
        let superseded = first.written.filter { !$0.contains("/rical/") }
        for path in superseded {
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(path).path))
        }
        let third = try export.write(
            try #require(service.snapshotDocument), lists: ExportDirectory.items(of: service, at: Self.now),
            at: Date() + 7200)
        #expect(third.pruned == superseded.sorted())
        #expect(third.written.isEmpty && !third.pointerChanged)
    }
}
