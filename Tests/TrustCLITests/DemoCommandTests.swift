import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite("trustctl demo")
struct DemoCommandTests {
    @Test("the demo runs into a folder, exits 0, and leaves the state its steps claim")
    func demoRuns() throws {
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("demo")
        let now = Date()
        let (status, run) = CLIRun.run(["demo", "--dir", target.path], now: now)
        #expect(status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let output = run.standardOutput
        #expect(output.contains("Every step gave the expected answer."))
        #expect(output.contains("TRUSTED  reader Demo Reader"))
        #expect(output.contains("TRUSTED  issuer Demo Document Signer"))
        #expect(output.contains("NOT TRUSTED  issuer: doctype_not_authorized"))
        #expect(output.contains("demo/vical  kept last good: rollback"))

        // Read back what the demo left, through the public API and the commands a user would run next.
        let configuration = try Configuration.load(path: target.appendingPathComponent("config/trustlists.json").path)
        let service = TrustService(configuration: configuration, readOnly: true)
        try service.load(at: now)
        let lists = service.status(at: now).lists
        #expect(lists.map(\.state) == [.fresh, .fresh])
        #expect(lists.first?.current?.issueID == 2)
        #expect(lists.first?.lastError?.reason == .rollback)
        let (statusCode, statusRun) = CLIRun.run(["status", "--config", configuration.file.path, "--json"], now: now)
        #expect(statusCode == 1)  // WARNING: the last refresh of the VICAL failed (rollback)
        #expect((statusRun.json["snapshot"] as? [String: Any])?["issuers"] as? Int == 3)
        let (readerCode, readerRun) = CLIRun.run(
            [
                "query", "reader", "--config", configuration.file.path, "--chain",
                target.appendingPathComponent("pki/reader-chain.pem").path, "--json",
            ], now: now)
        #expect(readerCode == 0)
        #expect((readerRun.json["verifiedBy"] as? [String: Any])?["commonName"] as? String == "Demo Reader")
        // Four days on, past nextUpdate and the default 3-day grace, both lists are expired: CRITICAL.
        let (later, _) = CLIRun.run(["status", "--config", configuration.file.path], now: now + 4 * 86_400 + 60)
        #expect(later == 2)
    }

    @Test("a folder that is not empty is refused")
    func refusesNonEmptyFolder() throws {
        let folder = try TemporaryDirectory()
        try folder.write([1], to: "something")
        let (status, run) = CLIRun.run(["demo", "--dir", folder.url.path])
        #expect(status == 2)
        #expect(run.standardError.contains("is not empty"))
    }
}
