import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

#if canImport(Glibc)
    import Glibc
#endif

/// `trustctl refresh` killed with SIGKILL at random moments (loading, verifying, writing a list, the state or the
/// snapshot): after every kill, status and queries answer from a verified list, no version goes back, no cached list
/// is quarantined, and the next complete refresh leaves no temporary file behind.
@Suite("Crash consistency", .requires(.trustlistd))
struct CrashConsistencyTests {
    static let kills = 150

    @Test("150 refreshes killed at random moments never cost a verified list nor leave a partial one in use")
    func killedRefreshes() throws {
        let trustctl = try #require(BuiltProducts.directory?.appendingPathComponent("trustctl"))
        // The network is built at the wall clock: the child processes verify at their own "now".
        let now = Date()
        let sim = try DemoNetwork(name: "Sim", at: now - 7200)
        let folder = try TemporaryDirectory()
        let published = folder.url.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: published, withIntermediateDirectories: true)
        try Data(sim.root.certificate.pemEncoded.utf8).write(to: published.appendingPathComponent("root.pem"))
        let configuration = try RefreshHarness.configuration(
            in: folder.url, pin: sim.root.certificate.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: (
                "file://\(published.path)/root.pem", "file://\(published.path)/vical.cose",
                "file://\(published.path)/rical.cose"
            ), allowInsecure: true)
        // A VICAL large enough (about 0.3 MB) that a kill lands inside its verification or its write.
        var iacas: [ListContent.Entry] = []
        for index in 0..<400 {
            let iaca = try TestPKI.root("Crash IACA \(index)")
            iacas.append(ListContent.Entry(certificate: iaca.certificate, docTypes: ["org.iso.18013.5.1.mDL"]))
        }
        func publish(issue: UInt64) throws {
            var vical = sim.vicalContent(issueID: issue, date: now - 3600 + Double(issue))
            vical.entries += iacas.prefix(200 + Int(issue % 200))
            try Data(try sim.signed(vical)).write(to: published.appendingPathComponent("vical.cose"), options: .atomic)
            let rical = sim.ricalContent(issueID: issue, date: now - 3600 + Double(issue))
            try Data(try sim.signed(rical)).write(to: published.appendingPathComponent("rical.cose"), options: .atomic)
        }

        // One run to completion sets the range of kill times: uniform over a run's length, so kills land while it
        // loads, verifies and writes.
        let clock = ContinuousClock()
        let started = clock.now
        try publish(issue: 0)
        let calibration = Process()
        calibration.executableURL = trustctl
        calibration.arguments = ["refresh", "--config", configuration.file.path]
        calibration.standardOutput = FileHandle.nullDevice
        try calibration.run()
        calibration.waitUntilExit()
        let elapsed = (clock.now - started).components
        let runSeconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let runMicroseconds = UInt32(min(2.0, max(0.05, runSeconds)) * 1e6)
        var generator = SplitMix64(seed: 0x5EED_C4A5)
        var lastSeen: UInt64 = 0  // issue 0 was refreshed completely above
        var killedMidRun = 0
        let readerChain = [sim.readerLeaf.certificate, sim.readerIntermediate.certificate]
        for round in 1...Self.kills {
            try publish(issue: UInt64(round))
            let process = Process()
            process.executableURL = trustctl
            process.arguments = ["refresh", "--config", configuration.file.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...runMicroseconds, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidRun += 1 }

            // What trustctl status / query would see now.
            let service = TrustService(configuration: configuration, readOnly: true)
            let events = try service.load(at: Date())
            #expect(!events.contains { $0.contains("fails verification") }, "round \(round): \(events)")
            let vical = try #require(service.status(at: Date()).lists.first { $0.id.kind == .vical })
            // Issue 0 was refreshed completely before the first kill: a verified VICAL is always there.
            guard let issue = vical.current?.issueID else {
                Issue.record("round \(round): a verified VICAL was lost")
                continue
            }
            #expect(vical.state == .fresh, "round \(round)")
            #expect(issue >= lastSeen && issue <= UInt64(round), "round \(round): issue \(issue) after \(lastSeen)")
            lastSeen = issue
            let decision = service.queries.readerDecision(chain: readerChain, at: Date())
            #expect(decision.isTrusted, "round \(round): \(decision.message)")
        }
        // The kills must have hit runs, not only finished processes (the range is one run's length).
        #expect(killedMidRun > 0, "no kill landed inside a run")

        // A complete refresh: the latest lists, and no temporary file anywhere in the cache.
        let final = Process()
        final.executableURL = trustctl
        final.arguments = ["refresh", "--config", configuration.file.path]
        final.standardOutput = FileHandle.nullDevice
        try final.run()
        final.waitUntilExit()
        #expect(final.terminationStatus == 0)
        let leftovers = FileManager.default.enumerator(atPath: configuration.cacheDirectory.path)?
            .compactMap { $0 as? String }.filter {
                AtomicFile.isTemporaryName(URL(fileURLWithPath: $0).lastPathComponent)
            }
        #expect(leftovers == [], "\(leftovers ?? [])")
        let service = TrustService(configuration: configuration, readOnly: true)
        try service.load(at: Date())
        #expect(service.status(at: Date()).lists.map(\.current?.issueID) == [UInt64(Self.kills), UInt64(Self.kills)])
    }
}
