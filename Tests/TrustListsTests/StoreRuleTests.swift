import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Rules of the cache and of bootstrap files (docs/architecture.md, The store and the cache) that nothing else pins:
/// what is quarantined and what is not, how many versions are kept, when a bootstrap file may be used, and the settings
/// that bend verification (`clockSkewSeconds`, `--offline`).
@Suite("Store rules: quarantine, pruning, bootstrap, offline, clock skew")
struct StoreRuleTests {
    let t0 = TestPKI.referenceTime + 3600
    let day = TestPKI.day

    func result(_ report: RefreshReport, _ id: ListID) -> ListRefreshResult? {
        report.results.first { $0.id == id }
    }

    func cachedVersions(_ harness: RefreshHarness, _ id: ListID) throws -> Set<String> {
        let names = try FileManager.default.contentsOfDirectory(atPath: harness.layout.lists(id).path)
        return Set(names.filter { $0.hasSuffix(".cose") }.map { String($0.dropLast(5)) })
    }

    func quarantined(_ harness: RefreshHarness) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: harness.layout.quarantine.path)) ?? []
    }

    /// A writable load, as the daemon's start or `trustctl refresh` does it (a read-only load never moves files).
    func writableLoad(_ harness: RefreshHarness, at time: Date) throws -> (TrustService, [String]) {
        let service = harness.service()
        let events = try service.load(at: time, lockTimeout: 5)
        return (service, events)
    }

    // MARK: - Quarantine

    @Test("a cached list whose signer has expired since is kept, not quarantined, and reported expired")
    func signerExpiredIsNotQuarantined() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        let before = try cachedVersions(harness, harness.vicalID)
        let after = harness.sim.vicalSigner.certificate.notAfter + day
        let (service, events) = try writableLoad(harness, at: after)
        #expect(try cachedVersions(harness, harness.vicalID) == before)
        #expect(quarantined(harness).isEmpty, "\(events)")
        let vical = try #require(service.status(at: after).lists.first { $0.id == harness.vicalID })
        #expect(vical.state == .expired)
        #expect(vical.stateReason?.contains("signer") == true, "\(vical.stateReason ?? "")")
        #expect(vical.current?.issueID == 1)
    }

    @Test("a cached list past its notAfter is kept, not quarantined, and reported expired")
    func notAfterPassedIsNotQuarantined() throws {
        let harness = try RefreshHarness()
        var content = harness.sim.vicalContent(issueID: 1)
        content.notAfter = TestPKI.referenceTime + 10 * day
        try harness.publish(content)
        _ = try harness.refresh(at: t0)
        let later = TestPKI.referenceTime + 20 * day
        let (service, events) = try writableLoad(harness, at: later)
        #expect(quarantined(harness).isEmpty, "\(events)")
        #expect(try cachedVersions(harness, harness.vicalID).count == 1)
        let vical = try #require(service.status(at: later).lists.first { $0.id == harness.vicalID })
        #expect(vical.state == .expired)
        #expect(vical.stateReason?.contains("notAfter") == true, "\(vical.stateReason ?? "")")
    }

    @Test("a cached blob whose name is not its SHA-256 is quarantined and never used")
    func misnamedBlobIsQuarantined() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        _ = try harness.refresh(at: t0 + 60)
        // Issue 1's bytes under issue 2's name, issue 2's file gone: the state names issue 2's SHA-256.
        let versions = try cachedVersions(harness, harness.vicalID)
        let issue2 = try #require(try harness.status(at: t0 + 60).lists.first { $0.id == harness.vicalID }?.current)
        let issue1 = try #require(versions.subtracting([issue2.sha256]).first)
        let layout = harness.layout
        try FileManager.default.removeItem(at: layout.list(harness.vicalID, sha256: issue2.sha256))
        try FileManager.default.moveItem(
            at: layout.list(harness.vicalID, sha256: issue1), to: layout.list(harness.vicalID, sha256: issue2.sha256))

        let (service, events) = try writableLoad(harness, at: t0 + 120)
        #expect(events.contains { $0.contains("quarantined") && $0.contains("its name does not match its SHA-256") })
        #expect(quarantined(harness) == ["sim-vical-\(issue2.sha256).cose"])
        #expect(try cachedVersions(harness, harness.vicalID).isEmpty)
        let vical = try #require(service.status(at: t0 + 120).lists.first { $0.id == harness.vicalID })
        #expect(vical.state == .noTrust)
        #expect(vical.current == nil)
    }

    @Test(
        "a damaged current version never falls back to the superseded one: no_trust until the next refresh fetches it again, unconditionally"
    )
    func damagedCurrentDoesNotRollBack() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        // Issue 2 drops the third IACA (the PID issuer).
        var second = harness.sim.vicalContent(issueID: 2)
        let dropped = second.entries.removeLast()
        try harness.publish(second)
        let report = try harness.refresh(at: t0 + 60)
        let current = try #require(result(report, harness.vicalID)?.current?.sha256)
        #expect(try cachedVersions(harness, harness.vicalID).count == 2)
        // One flipped byte in the current version's file.
        let file = harness.layout.list(harness.vicalID, sha256: current)
        var bytes = Array(try Data(contentsOf: file))
        bytes[bytes.count - 10] ^= 0x01
        try Data(bytes).write(to: file)

        // trustctl status / query: issue 1 (which lists the dropped IACA) is not used.
        let status = try harness.status(at: t0 + 120)
        let vical = try #require(status.lists.first { $0.id == harness.vicalID })
        #expect(vical.state == .noTrust, "\(vical)")
        #expect(status.events.contains { $0.contains("below the highest accepted") }, "\(status.events)")
        let queries = try TrustQueries(verifyingCacheOf: harness.configuration, at: t0 + 120)
        let signer = try QueryWorld.documentSigner(under: harness.sim.iacas[2].iaca)
        #expect(
            queries.issuerDecision(chain: [signer.certificate], docType: dropped.docTypes[0], at: t0 + 120).isTrusted
                == false)

        // The next refresh asks without the damaged version's ETag (no 304 can confirm what is not there) and takes
        // issue 2 again.
        let refreshed = try harness.refresh(at: t0 + 180)
        #expect(result(refreshed, harness.vicalID)?.outcome == .updated)
        #expect(result(refreshed, harness.vicalID)?.current?.issueID == 2)
        #expect(harness.source.requests.last { $0.url == harness.vicalURL }?.etag == nil)
    }

    @Test("a list that fails only under a changed configuration is not quarantined; undoing the change restores it")
    func configurationChangeKeepsList() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        let versions = try cachedVersions(harness, harness.vicalID)
        let original = try Data(contentsOf: harness.configurationFile)
        let text = String(decoding: original, as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\"provider\": \"Sim\"", with: "\"provider\": \"Other\"").utf8)
            .write(to: harness.configurationFile)
        let changed = try Configuration.load(path: harness.configurationFile.path)
        let service = TrustService(configuration: changed, fetcher: harness.source)
        let events = try service.load(at: t0 + 60, lockTimeout: 5)
        #expect(service.status(at: t0 + 60).lists.allSatisfy { $0.state == .noTrust })
        #expect(events.contains { $0.contains("not usable with this configuration (provider_mismatch") }, "\(events)")
        #expect(quarantined(harness).isEmpty)
        #expect(try cachedVersions(harness, harness.vicalID) == versions)

        try original.write(to: harness.configurationFile)
        let restored = try harness.status(at: t0 + 120)
        #expect(restored.lists.allSatisfy { $0.state == .fresh }, "\(restored.lists.map(\.state))")
    }

    // MARK: - Versions kept

    @Test("the cache keeps two versions of a list: the current one and the one before")
    func keepsTwoVersions() throws {
        let harness = try RefreshHarness()
        var shas: [String] = []
        for issue in UInt64(1)...4 {
            try harness.publish(harness.sim.vicalContent(issueID: issue))
            let report = try harness.refresh(at: t0 + Double(issue) * 60)
            shas.append(try #require(result(report, harness.vicalID)?.current?.sha256))
            #expect(try cachedVersions(harness, harness.vicalID) == Set(shas.suffix(2)), "after issue \(issue)")
        }
        #expect(Set(shas).count == 4)
    }

    // MARK: - Equivocation and skew

    @Test("without issue ids, other content with the same date is equivocation; the same content is not")
    func equivocationWithoutIssueIDs() throws {
        let harness = try RefreshHarness()
        let date = TestPKI.referenceTime
        try harness.publish(harness.sim.vicalContent(issueID: nil, date: date))
        #expect(result(try harness.refresh(at: t0), harness.vicalID)?.outcome == .updated)
        var other = harness.sim.vicalContent(issueID: nil, date: date)
        other.entries.removeLast()
        try harness.publish(other)
        let report = try harness.refresh(at: t0 + 60)
        guard case .keptLastGood(let error) = result(report, harness.vicalID)?.outcome else {
            Issue.record("expected equivocation, got \(String(describing: result(report, harness.vicalID)?.outcome))")
            return
        }
        #expect(error.code == .equivocation)
        #expect(result(report, harness.vicalID)?.current?.entries == 3)
        // The same content signed again (other signature bytes, same date, same payload) is not equivocation.
        try harness.publish(harness.sim.vicalContent(issueID: nil, date: date))
        let again = try #require(result(try harness.refresh(at: t0 + 120), harness.vicalID))
        #expect(again.outcome == .unchanged("same signed content as the current version (only unsigned bytes differ)"))
    }

    @Test("clockSkewSeconds decides how far in the future a list's date may be", arguments: [0.0, 600.0])
    func clockSkew(skew: Double) throws {
        let harness = try RefreshHarness(extraTop: "\"clockSkewSeconds\": \(skew)")
        // Dated 300 s after the refresh: inside a 600 s skew, outside none (and outside the default 180 s).
        try harness.publish(harness.sim.vicalContent(issueID: 1, date: t0 + 300))
        let report = try harness.refresh(at: t0)
        let outcome = try #require(result(report, harness.vicalID)?.outcome)
        if skew == 0 {
            guard case .failed(let error) = outcome else {
                Issue.record("expected date_in_future, got \(outcome)")
                return
            }
            #expect(error.code == .dateInFuture)
        } else {
            #expect(outcome == .updated)
        }
        // A list dated exactly now is accepted even with no skew.
        try harness.publish(harness.sim.vicalContent(issueID: 2, date: t0 + 400))
        #expect(result(try harness.refresh(at: t0 + 400), harness.vicalID)?.outcome == .updated)
    }

    // MARK: - Offline

    @Test("--offline with no cached root: nothing is fetched, nothing is trusted, the reason says why")
    func offlineWithoutRoot() throws {
        let harness = try RefreshHarness()
        let report = try harness.refresh(at: t0, offline: true)
        #expect(harness.source.requests.isEmpty)
        for id in [harness.vicalID, harness.ricalID] {
            guard case .failed(let error) = result(report, id)?.outcome else {
                Issue.record("\(id): expected a failure, got \(String(describing: result(report, id)?.outcome))")
                continue
            }
            #expect(error.code == .networkError)
            #expect(error.reason.contains("offline, and no root matching the pins is cached"), "\(error.reason)")
            #expect(result(report, id)?.state == .noTrust)
        }
        #expect(report.exitStatus == 2)
    }

    // MARK: - Bootstrap

    /// A harness whose VICAL has a bootstrap file in `folder` holding `issue`, dated at the reference time.
    func bootstrapHarness(issue: UInt64, in folder: TemporaryDirectory, extraTop: String = "") throws -> RefreshHarness
    {
        let sim = try ListSimulator()
        let file = try folder.write(try sim.signed(sim.vicalContent(issueID: issue)), to: "vical-bootstrap.cose")
        return try RefreshHarness(sim: sim, bootstrap: (file, nil), extraTop: extraTop)
    }

    @Test(
        "a bootstrap file is ignored while a verified list is cached, even a higher issue, even when the source fails")
    func bootstrapIgnoredWhenCached() throws {
        let folder = try TemporaryDirectory()
        let harness = try bootstrapHarness(issue: 9, in: folder)
        try harness.publish(harness.sim.vicalContent(issueID: 5))
        let first = try #require(result(try harness.refresh(at: t0), harness.vicalID))
        #expect(first.current?.issueID == 5)
        #expect(!first.notes.contains { $0.contains("bootstrap") })
        harness.source.set(harness.vicalURL, .failure(TrustListError(.networkError, "unreachable")))
        let second = try #require(result(try harness.refresh(at: t0 + 60), harness.vicalID))
        #expect(second.current?.issueID == 5)
        #expect(!second.notes.contains { $0.contains("bootstrap") }, "\(second.notes)")
        let status = try #require(try harness.status(at: t0 + 60).lists.first { $0.id == harness.vicalID })
        #expect(status.origin == .cache)
        #expect(status.current?.issueID == 5)
    }

    @Test("--offline with a cached root and no list: the bootstrap file is verified and used, nothing is fetched")
    func bootstrapOffline() throws {
        let folder = try TemporaryDirectory()
        let harness = try bootstrapHarness(issue: 3, in: folder)
        // The RICAL's refresh caches the network's root; the VICAL has never been fetched.
        _ = try harness.refresh(at: t0, only: [harness.ricalID])
        let fetched = harness.source.requests.count
        let report = try harness.refresh(at: t0 + 60, offline: true)
        #expect(harness.source.requests.count == fetched)
        let vical = try #require(result(report, harness.vicalID))
        #expect(vical.outcome == .offline)
        #expect(vical.current?.issueID == 3)
        #expect(vical.notes.contains { $0.contains("bootstrap file") && $0.contains("in use") })
        #expect(try harness.status(at: t0 + 60).lists.first { $0.id == harness.vicalID }?.origin == .bootstrap)
    }

    @Test("a bootstrap file larger than http.maxBytes is refused")
    func bootstrapTooLarge() throws {
        let folder = try TemporaryDirectory()
        let harness = try bootstrapHarness(issue: 3, in: folder, extraTop: "\"http\": { \"maxBytes\": 1000 }")
        let size = try #require(
            try FileManager.default.attributesOfItem(
                atPath: folder.url.appendingPathComponent("vical-bootstrap.cose").path)[
                    .size] as? NSNumber)
        #expect(size.intValue > 1000)
        harness.source.set(harness.vicalURL, .failure(TrustListError(.networkError, "unreachable")))
        let vical = try #require(result(try harness.refresh(at: t0), harness.vicalID))
        #expect(vical.state == .noTrust)
        #expect(
            vical.notes.contains { $0.hasPrefix("bootstrap file unusable") && $0.contains("maxBytes") },
            "\(vical.notes)")
    }

    @Test("a bootstrap file below the high-water mark is a rollback, even when no list is cached any more")
    func bootstrapBelowHighWater() throws {
        let folder = try TemporaryDirectory()
        let harness = try bootstrapHarness(issue: 3, in: folder)
        try harness.publish(harness.sim.vicalContent(issueID: 5))
        _ = try harness.refresh(at: t0)
        // The cached lists are lost; state.json keeps the high-water mark (issue 5).
        try FileManager.default.removeItem(at: harness.layout.lists(harness.vicalID))
        harness.source.set(harness.vicalURL, .failure(TrustListError(.networkError, "unreachable")))
        let vical = try #require(result(try harness.refresh(at: t0 + 60), harness.vicalID))
        #expect(vical.state == .noTrust)
        #expect(vical.current == nil)
        #expect(vical.notes.contains { $0.hasPrefix("bootstrap file unusable: rollback") }, "\(vical.notes)")
    }
}
