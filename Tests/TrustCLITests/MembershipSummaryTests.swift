import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

@testable import TrustListsService

/// The first refresh of a 10,000-entry VICAL adds 10,000 members: the text output names the first 20 of each side and
/// counts the rest, while `--json` names every one.
@Suite("Membership summary")
struct MembershipSummaryTests {
    static let count = 10_000

    /// `sim`'s VICAL with `count` distinct self-signed IACAs instead of its three (a pool of 16 keys, each IACA with
    /// its own SKI so that none is reported as a duplicate), and their subjects in list order.
    static func largeVICAL(_ sim: ListSimulator, date: Date) throws -> (content: ListContent, subjects: [String]) {
        var keys: [PrivateKey] = []
        for _ in 0..<16 { keys.append(try PrivateKey.generate(.ecP256)) }
        var entries: [ListContent.Entry] = []
        for index in 0..<count {
            let key = keys[index % keys.count]
            var builder = CertificateBuilder(
                subject: [.country("US"), .organization("Sim Large"), .commonName("Sim IACA \(index)")],
                publicKey: key.publicKey, notBefore: date - 86_400, notAfter: date + 365 * 86_400)
            builder.basicConstraints = BasicConstraints(isCA: true, pathLength: 0)
            builder.keyUsage = [.keyCertSign, .cRLSign]
            builder.subjectKeyIdentifier = .explicit(Array(Digest.sha256.hash(Array("IACA \(index)".utf8)).prefix(20)))
            entries.append(
                ListContent.Entry(certificate: try builder.selfSigned(with: key), docTypes: ["org.iso.18013.5.1.mDL"]))
        }
        var content = sim.vicalContent(date: date)
        content.entries = entries
        return (content, entries.map(\.certificate.subject.rfc4514))
    }

    @Test("a first refresh of 10,000 IACAs prints 20 of them and 'and 9,980 more'; --json names all 10,000")
    func largeFirstRefresh() throws {
        let folder = try TemporaryDirectory()
        let sim = try ListSimulator()
        let (content, subjects) = try Self.largeVICAL(sim, date: sim.time)
        let configuration = try sim.publishOffline(in: folder.url, id: "sim", vical: content)
        let (status, run) = CLIRun.run(["refresh", "--config", configuration.path], now: TestPKI.referenceTime)
        #expect(status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count < 40, "\(lines.count) lines")
        let added = lines.filter { $0.hasPrefix("    + ") }
        // The VICAL's first 20 IACAs in list order, its count line, then the RICAL's one reader CA.
        #expect(added.prefix(20).map { String($0.dropFirst(6)) } == Array(subjects.prefix(20)))
        #expect(added.contains("    + and 9,980 more"))
        #expect(added.count == 22)

        // JSON of the same first refresh, on a cache of its own: every subject.
        let json = folder.url.appendingPathComponent("config/json.json")
        let text = try String(contentsOf: configuration, encoding: .utf8)
            .replacingOccurrences(of: "\"../cache\"", with: "\"../cache-json\"")
        try text.write(to: json, atomically: true, encoding: .utf8)
        let (jsonStatus, jsonRun) = CLIRun.run(
            ["refresh", "--config", json.path, "--json"], now: TestPKI.referenceTime)
        #expect(jsonStatus == 0)
        let lists = try #require(jsonRun.json["lists"] as? [[String: Any]])
        let vical = try #require(lists.first { $0["id"] as? String == "sim/vical" })
        #expect((vical["added"] as? [String]) == subjects)
    }

    @Test("counts are grouped by thousands and the noun agrees with the number")
    func countText() {
        #expect(CountText.grouped(9_980) == "9,980")
        #expect(CountText.grouped(1_234_567) == "1,234,567")
        #expect(CountText.grouped(999) == "999")
        #expect(CountText.grouped(-1_000) == "-1,000")
        #expect(CountText.of(1, "entry", "entries") == "1 entry")
        #expect(CountText.of(0, "entry", "entries") == "0 entries")
        #expect(CountText.of(10_000, "entry", "entries") == "10,000 entries")
    }

    @Test(
        "trustlistd logs 20 members of a 10,000-entry first version and one line counting the other 9,980",
        .requires(.trustlistd, .python3))
    func daemonLogsBounded() throws {
        let network = try ServedNetwork()
        let (content, subjects) = try Self.largeVICAL(network.sim, date: Date() - 60)
        try network.served.write(try network.sim.signed(content), to: "vical")
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try daemon.waitFor("the first refresh", timeout: 120) { $0.message == "refresh finished" }
        let lines = daemon.logLines.filter { $0["list.id"] == "sim/vical" }
        let added = lines.filter { $0.message == "list member added" }
        #expect(added.compactMap { $0["subject"] } == Array(subjects.prefix(20)))
        let summary = lines.filter { $0.message == "list members not logged" }
        #expect(summary.count == 1)
        #expect(summary.first?["added.more"] == "9980" && summary.first?["removed.more"] == "0")
        #expect(lines.first { $0.message == "list updated" }?["added"] == "10000")
        #expect(daemon.logLines.count < 100, "\(daemon.logLines.count) lines")
    }
}
