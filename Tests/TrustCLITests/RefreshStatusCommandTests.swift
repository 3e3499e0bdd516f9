import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

/// `trustctl refresh` and `status` over a simulator network published as files (file:// with allowInsecureURLs).
@Suite("trustctl refresh and status")
final class RefreshStatusCommandTests {
    let sim: ListSimulator
    let folder: TemporaryDirectory
    let configuration: Configuration
    let t0 = TestPKI.referenceTime + 3600

    init() throws {
        sim = try ListSimulator()
        folder = try TemporaryDirectory()
        let published = folder.url.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: true)
        try Data(sim.root.certificate.pemEncoded.utf8).write(to: published.appendingPathComponent("root.pem"))
        try Data(try sim.signed(sim.vicalContent(issueID: 4))).write(to: published.appendingPathComponent("vical.cose"))
        try Data(try sim.signed(sim.ricalContent(issueID: 4))).write(to: published.appendingPathComponent("rical.cose"))
        configuration = try RefreshHarness.configuration(
            in: folder.url, pin: sim.root.certificate.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: (
                "file://\(published.path)/root.pem", "file://\(published.path)/vical.cose",
                "file://\(published.path)/rical.cose"
            ), allowInsecure: true)
    }

    func publish(_ content: ListContent) throws {
        let name = content.kind == .vical ? "vical.cose" : "rical.cose"
        try Data(try sim.signed(content)).write(to: folder.url.appendingPathComponent("published/\(name)"))
    }

    @Test("refresh updates both lists (exit 0), status reports them fresh (exit 0), with the documented keys")
    func refreshThenStatus() throws {
        let (refreshStatus, refresh) = CLIRun.run(["refresh", "--config", configuration.file.path], now: t0)
        #expect(refreshStatus == 0, "\(refresh.standardOutput)\(refresh.standardError)")
        #expect(refresh.standardOutput.contains("sim/vical  updated: issue 4 (was none), entries 3; state fresh"))
        #expect(refresh.standardOutput.contains("OK: 2 fresh"))
        let (statusCode, status) = CLIRun.run(["status", "--config", configuration.file.path, "--json"], now: t0)
        #expect(statusCode == 0)
        let lists = status.json["lists"] as? [[String: Any]] ?? []
        #expect(lists.count == 2)
        let vical = lists.first { $0["id"] as? String == "sim/vical" } ?? [:]
        for key in [
            "id", "state", "provider", "issueID", "date", "nextUpdate", "entries", "source", "lastAttempt",
            "lastSuccess", "lastError",
        ] {
            #expect(vical.keys.contains(key), "missing key \(key)")
        }
        #expect(vical["state"] as? String == "fresh")
        #expect((vical["issueID"] as? NSNumber)?.intValue == 4)
        #expect(vical["source"] as? String == "network")
        #expect(vical["lastError"] is NSNull)
        #expect(status.json.keys.contains("snapshot"))
    }

    @Test("a rollback is refused: refresh exits 1 (WARNING), status shows the kept list and the error")
    func rollbackWarning() throws {
        _ = CLIRun.run(["refresh", "--config", configuration.file.path], now: t0)
        try publish(sim.vicalContent(issueID: 3))
        let (code, run) = CLIRun.run(["refresh", "--config", configuration.file.path, "--json"], now: t0 + 60)
        #expect(code == 1)
        let vical = (run.json["lists"] as? [[String: Any]])?.first { $0["id"] as? String == "sim/vical" } ?? [:]
        #expect(vical["outcome"] as? String == "kept_last_good")
        #expect(vical["reason"] as? String == "rollback")
        #expect((vical["issueID"] as? NSNumber)?.intValue == 4)
        let (statusCode, status) = CLIRun.run(["status", "--config", configuration.file.path], now: t0 + 60)
        #expect(statusCode == 1)
        #expect(status.standardOutput.hasPrefix("WARNING"))
        #expect(status.standardOutput.contains("sim/vical: last error rollback"))
    }

    @Test("refresh --at is a dry run: a time long past or far ahead changes nothing in the cache")
    func refreshAtIsDryRun() throws {
        _ = CLIRun.run(["refresh", "--config", configuration.file.path], now: t0)
        let cache = configuration.cacheDirectory
        func snapshotOfCache() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: cache.path)
            while let name = enumerator?.nextObject() as? String {
                var isDirectory: ObjCBool = false
                let path = cache.appendingPathComponent(name).path
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                    name != "lock"
                {
                    files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
                }
            }
            return files
        }
        let before = try snapshotOfCache()
        for at in ["0001-01-01T00:00:00Z", "2030-01-01T00:00:00Z"] {
            let (_, run) = CLIRun.run(["refresh", "--config", configuration.file.path, "--at", at], now: t0 + 60)
            #expect(run.standardOutput.hasPrefix("dry run at"), "\(run.standardOutput)")
        }
        #expect(try snapshotOfCache() == before)
        let (status, run) = CLIRun.run(["status", "--config", configuration.file.path], now: t0 + 120)
        #expect(status == 0, "\(run.standardOutput)")
    }

    @Test("states follow --at: overdue is WARNING, expired is CRITICAL")
    func statesByTime() throws {
        _ = CLIRun.run(["refresh", "--config", configuration.file.path], now: t0)
        let nextUpdate = TestPKI.referenceTime + TestPKI.day
        let (overdue, _) = CLIRun.run([
            "status", "--config", configuration.file.path, "--at", Timestamp.text(nextUpdate + 60),
        ])
        #expect(overdue == 1)
        let (expired, run) = CLIRun.run([
            "status", "--config", configuration.file.path, "--at", Timestamp.text(nextUpdate + 4 * TestPKI.day),
        ])
        #expect(expired == 2)
        #expect(run.standardOutput.hasPrefix("CRITICAL: sim/vical expired, sim/rical expired, 2 expired"))
    }

    @Test("--list refreshes one list; an unconfigured --list is a usage error (exit 3)")
    func listOption() throws {
        let (code, _) = CLIRun.run(["refresh", "--config", configuration.file.path, "--list", "sim/rical"], now: t0)
        #expect(code == 2)  // the VICAL has no trust yet: CRITICAL
        let (status, _) = CLIRun.run(["status", "--config", configuration.file.path, "--json"], now: t0)
        #expect(status == 2)
        let (usage, run) = CLIRun.run(
            ["refresh", "--config", configuration.file.path, "--list", "other/vical"], now: t0)
        #expect(usage == 3)
        #expect(run.standardError.contains("not configured"))
    }

    @Test("a refresh whose results cannot be stored is not OK: WARNING (exit 1) naming persist_error")
    func persistFailureIsNotOK() throws {
        let (first, _) = CLIRun.run(["refresh", "--config", configuration.file.path], now: t0)
        #expect(first == 0)
        // state.json as a non-empty folder: the atomic rename over it fails, whoever runs the test (root included).
        let layout = StoreLayout(root: configuration.cacheDirectory)
        try FileManager.default.removeItem(at: layout.state)
        try FileManager.default.createDirectory(
            at: layout.state.appendingPathComponent("blocker"), withIntermediateDirectories: true)
        try publish(sim.vicalContent(issueID: 5))
        let (code, run) = CLIRun.run(["refresh", "--config", configuration.file.path], now: t0 + 60)
        #expect(code == 1, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("the results were not stored: persist_error"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("WARNING"))
        let (jsonCode, json) = CLIRun.run(["refresh", "--config", configuration.file.path, "--json"], now: t0 + 120)
        #expect(jsonCode == 1)
        #expect((json.json["persistError"] as? [String: Any])?["reason"] as? String == "persist_error")
    }

    @Test("a lock file that cannot be opened: exit 3 saying why, not that another refresh is running")
    func lockCannotBeOpened() throws {
        let layout = StoreLayout(root: configuration.cacheDirectory)
        try FileManager.default.createDirectory(at: layout.lock, withIntermediateDirectories: true)
        let (code, run) = CLIRun.run(["refresh", "--config", configuration.file.path], now: t0)
        #expect(code == 3)
        #expect(run.standardError.contains("cannot open the lock file"), "\(run.standardError)")
        #expect(run.standardError.contains("Is a directory"), "\(run.standardError)")
        #expect(!run.standardError.contains("waiting"), "\(run.standardError)")
    }

    @Test(
        "status and refresh by a user who cannot read the cache: UNKNOWN (exit 3), cache_unreadable, not no_trust",
        .requires(.trustlistd, .executable("setpriv")))
    func unreadableCache() throws {
        let (first, _) = CLIRun.run(["refresh", "--config", configuration.file.path], now: t0)
        #expect(first == 0)
        if getuid() == 0 {
            // Root reads everything: run the built trustctl as nobody, with the configuration readable by all and the
            // cache (0700, root's) not.
            let trustctl = try #require(BuiltProducts.directory?.appendingPathComponent("trustctl"))
            for folder in [folder.url, configuration.file.deletingLastPathComponent()] {
                _ = chmod(folder.path, 0o755)
            }
            _ = chmod(configuration.file.path, 0o644)
            // refresh says the same, not that its lock file cannot be opened inside the folder.
            for command in ["status", "refresh"] {
                let (status, text) = try TestTools.run(
                    URL(fileURLWithPath: "/usr/bin/setpriv"),
                    [
                        "--reuid=65534", "--regid=65534", "--clear-groups", trustctl.path, command, "--config",
                        configuration.file.path,
                    ])
                #expect(status == 3, "\(command): \(text)")
                #expect(
                    text.contains("UNKNOWN: cache_unreadable: cannot read the cache directory"), "\(command): \(text)")
                #expect(text.contains("permission denied"), "\(command): \(text)")
            }
        } else {
            _ = chmod(configuration.cacheDirectory.path, 0)
            defer { _ = chmod(configuration.cacheDirectory.path, 0o700) }
            for command in ["status", "refresh"] {
                let (code, run) = CLIRun.run([command, "--config", configuration.file.path], now: t0)
                #expect(code == 3)
                #expect(run.standardError.contains("cannot read the cache directory"), "\(run.standardError)")
            }
        }
    }

    @Test("configuration errors exit 3 and name the JSON path")
    func configurationErrors() throws {
        let cases: [(String, String)] = [
            (#"{"networks": [], "colour": 1}"#, "colour: unknown key"),
            (#"{"cacheDirectory": "", "networks": []}"#, "cacheDirectory: must not be empty"),
            (#"{"cacheDirectory": ".", "networks": []}"#, "cacheDirectory: '.' is the configuration's own folder"),
            (#"{"cacheDirectory": "bad.json", "networks": []}"#, "exists and is not a folder"),
            (
                #"{"networks": [{"id": "..", "root": {"url": "https://x", "sha256": ["\#(String(repeating: "a", count: 64))"]}, "vical": {"url": "https://y"}}]}"#,
                "networks[0].id: '..' must start with a-z or 0-9"
            ),
            (
                #"{"networks": [{"id": "a", "root": {"url": "https://x", "sha256": ["abc"]}, "vical": {"url": "https://y"}}]}"#,
                "networks[0].root.sha256[0]: expected 64 hex digits (SHA-256 of the root's DER), found \"abc\" (3 characters)"
            ),
            (
                #"{"networks": [{"id": "a", "root": {"url": "https://x", "sha256": ["\#(String(repeating: "a", count: 64))"]}, "vical": {"url": "https://y"}}, {"id": "a", "root": {"url": "https://x", "sha256": ["\#(String(repeating: "a", count: 64))"]}, "rical": {"url": "https://y"}}]}"#,
                "networks[1].id: duplicate network id 'a'"
            ),
            (
                #"{"networks": [{"id": "a", "root": {"url": "http://x", "sha256": ["\#(String(repeating: "a", count: 64))"]}, "vical": {"url": "https://y"}}]}"#,
                "networks[0].root.url: refusing http://x: only https:// URLs are allowed"
            ),
            ("not json", "not valid JSON"),
        ]
        for (json, expected) in cases {
            let file = try folder.write(Array(json.utf8), to: "bad.json")
            for command in ["status", "refresh"] {
                let (code, run) = CLIRun.run([command, "--config", file.path], now: t0)
                #expect(code == 3, "\(command) \(json)")
                #expect(run.standardError.contains(expected), "\(run.standardError)")
            }
        }
        let (folderGiven, folderRun) = CLIRun.run(["status", "--config", folder.url.path], now: t0)
        #expect(folderGiven == 3)
        #expect(folderRun.standardError.contains("is a folder"))
        let (missing, run) = CLIRun.run(["status", "--config", "/nonexistent/trustlists.json"], now: t0)
        #expect(missing == 3)
        #expect(run.standardError.contains("cannot read the configuration"))
        let (fromEnvironment, _) = CLIRun.run(
            ["status"], now: t0, environment: ["TRUSTLISTS_CONFIG": configuration.file.path])
        #expect(fromEnvironment == 2)  // found through the environment: no trust yet, CRITICAL
    }
}
