import COSE
import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Refresh over the list simulator with a controllable clock: every failure keeps the last good list, and status
/// reports what happened.
@Suite("Refresh, store and status")
struct RefreshTests {
    let t0 = TestPKI.referenceTime + 3600
    let day = TestPKI.day

    func status(_ harness: RefreshHarness, _ id: ListID, at time: Date) throws -> ListStatus? {
        try harness.status(at: time).lists.first { $0.id == id }
    }

    func outcome(_ report: RefreshReport, _ id: ListID) -> RefreshOutcome? {
        report.results.first { $0.id == id }?.outcome
    }

    func expectKept(
        _ report: RefreshReport, _ id: ListID, _ code: TrustListError.Code,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .keptLastGood(let error) = outcome(report, id) else {
            Issue.record(
                "expected kept last good (\(code)), got \(String(describing: outcome(report, id)))",
                sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    }

    @Test("first fetch commits both lists; status is fresh from the network; files are private")
    func firstFetch() throws {
        let harness = try RefreshHarness()
        let report = try harness.refresh(at: t0)
        #expect(outcome(report, harness.vicalID) == .updated)
        #expect(outcome(report, harness.ricalID) == .updated)
        #expect(report.exitStatus == 0)
        let vical = try #require(try status(harness, harness.vicalID, at: t0))
        #expect(vical.state == .fresh)
        #expect(vical.current?.issueID == 1)
        #expect(vical.current?.entries == 3)
        #expect(vical.current?.provider == "Sim")
        #expect(vical.origin == .network)
        #expect(vical.lastSuccess == t0)
        #expect(vical.lastError == nil)
        #expect(try harness.status(at: t0).exitStatus == 0)
        let sha = try #require(vical.current?.sha256)
        let blob = harness.layout.list(harness.vicalID, sha256: sha)
        #expect(FileManager.default.fileExists(atPath: blob.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: blob.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: harness.layout.root.path)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(
            FileManager.default.fileExists(
                atPath: harness.layout.root(sha256: harness.sim.root.certificate.sha256Hex).path))
    }

    @Test("a second refresh sends If-None-Match and a 304 leaves the list unchanged")
    func notModified() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        let report = try harness.refresh(at: t0 + 600)
        #expect(outcome(report, harness.vicalID) == .unchanged("not modified (HTTP 304)"))
        let vicalRequests = harness.source.requests.filter { $0.url == harness.vicalURL }
        #expect(vicalRequests.first?.etag == nil)
        #expect(vicalRequests.last?.etag != nil)
        #expect(try status(harness, harness.vicalID, at: t0 + 600)?.lastSuccess == t0 + 600)
    }

    @Test("the same bytes again, without validators, are recognised as unchanged")
    func sameBytes() throws {
        let harness = try RefreshHarness()
        let bytes = try harness.sim.signed(harness.sim.vicalContent(issueID: 1))
        harness.source.set(harness.vicalURL, .bytesWithoutValidators(bytes))
        _ = try harness.refresh(at: t0)
        let report = try harness.refresh(at: t0 + 60)
        #expect(outcome(report, harness.vicalID) == .unchanged("same bytes as the current version"))
    }

    @Test("a newer issue replaces the list; a rollback to a lower issue is refused and the newer one kept")
    func rollback() throws {
        let harness = try RefreshHarness()
        try harness.publish(harness.sim.vicalContent(issueID: 5))
        _ = try harness.refresh(at: t0)
        try harness.publish(harness.sim.vicalContent(issueID: 4))
        let report = try harness.refresh(at: t0 + 60)
        expectKept(report, harness.vicalID, .rollback)
        #expect(report.exitStatus == 1)
        let vical = try #require(try status(harness, harness.vicalID, at: t0 + 60))
        #expect(vical.current?.issueID == 5)
        #expect(vical.lastError?.reason == .rollback)
        #expect(vical.state == .fresh)
        #expect(try harness.status(at: t0 + 60).exitStatus == 1)
    }

    @Test("a later date is taken even with a lower issue id, with a note; an earlier date is a rollback")
    func orderedByDate() throws {
        let harness = try RefreshHarness()
        try harness.publish(harness.sim.vicalContent(issueID: 9, date: TestPKI.referenceTime))
        _ = try harness.refresh(at: t0)
        try harness.publish(harness.sim.vicalContent(issueID: 3, date: TestPKI.referenceTime + 60))
        let report = try harness.refresh(at: t0 + 60)
        #expect(outcome(report, harness.vicalID) == .updated)
        #expect(report.results.first?.notes.contains { $0.contains("issue id went down from 9 to 3") } == true)
        try harness.publish(harness.sim.vicalContent(issueID: 10, date: TestPKI.referenceTime + 30))
        expectKept(try harness.refresh(at: t0 + 120), harness.vicalID, .rollback)
    }

    @Test("the same issue id with other bytes is equivocation")
    func equivocation() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        var other = harness.sim.vicalContent(issueID: 1)
        other.entries.removeLast()
        try harness.publish(other)
        let report = try harness.refresh(at: t0 + 60)
        expectKept(report, harness.vicalID, .equivocation)
        #expect(try status(harness, harness.vicalID, at: t0 + 60)?.current?.entries == 3)
    }

    @Test("a list without issue ids is ordered by date: an earlier date is a rollback")
    func rollbackByDate() throws {
        let harness = try RefreshHarness()
        try harness.publish(harness.sim.vicalContent(issueID: nil, date: t0 - 60))
        _ = try harness.refresh(at: t0)
        try harness.publish(harness.sim.vicalContent(issueID: nil, date: t0 - 120))
        expectKept(try harness.refresh(at: t0 + 60), harness.vicalID, .rollback)
        try harness.publish(harness.sim.vicalContent(issueID: nil, date: t0 + 30))
        #expect(outcome(try harness.refresh(at: t0 + 60), harness.vicalID) == .updated)
    }

    @Test("a bad signature is refused and the last good list survives")
    func badSignature() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        var bytes = try harness.sim.signed(harness.sim.vicalContent(issueID: 2))
        bytes[bytes.count - 3] ^= 0x40
        harness.source.set(harness.vicalURL, .bytes(bytes))
        expectKept(try harness.refresh(at: t0 + 60), harness.vicalID, .badSignature)
        #expect(try status(harness, harness.vicalID, at: t0 + 60)?.current?.issueID == 1)
    }

    @Test("a root that matches no pin, with none cached, is refused for both lists: no trust")
    func rootPinMismatch() throws {
        let harness = try RefreshHarness()
        let impostor = try TestPKI.root("Impostor Root")
        harness.source.set(harness.rootURL, .bytes(Array(impostor.certificate.pemEncoded.utf8)))
        let report = try harness.refresh(at: t0)
        for id in [harness.vicalID, harness.ricalID] {
            guard case .failed(let error) = outcome(report, id) else {
                Issue.record("expected root_pin_mismatch, got \(String(describing: outcome(report, id)))")
                continue
            }
            #expect(error.code == .rootPinMismatch)
            #expect(try status(harness, id, at: t0)?.lastError?.reason == .rootPinMismatch)
        }
        #expect(report.exitStatus == 2)
    }

    @Test(
        "a root source serving another root later: the cached pinned root stays the anchor, and the mismatch is reported"
    )
    func rootPinMismatchWithCachedRoot() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        let impostor = try TestPKI.root("Impostor Root")
        harness.source.set(harness.rootURL, .bytes(Array(impostor.certificate.pemEncoded.utf8)))
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        let report = try harness.refresh(at: t0 + 60)
        #expect(outcome(report, harness.vicalID) == .updated)
        let notes = report.results.first { $0.id == harness.vicalID }?.notes ?? []
        #expect(notes.contains { $0.hasPrefix("root_pin_mismatch") && $0.contains("cached pinned root") })
        // The impostor was never stored as a root.
        #expect(
            !FileManager.default.fileExists(atPath: harness.layout.root(sha256: impostor.certificate.sha256Hex).path))
        // A list signed under the impostor does not verify: the pins decide.
        let impostorCA = try TestPKI.intermediate("Impostor Issuing", under: impostor)
        let impostorSigner = try TestPKI.leaf(
            "Impostor Signer", under: impostorCA, extendedKeyUsage: [OID.vicalSignerEKU], keyUsage: [.nonRepudiation])
        harness.source.set(
            harness.vicalURL,
            .bytes(
                try ListPublisher.sign(
                    harness.sim.vicalContent(issueID: 3), signerKey: impostorSigner.key,
                    signerChain: [impostorSigner.certificate, impostorCA.certificate])))
        expectKept(try harness.refresh(at: t0 + 120), harness.vicalID, .chainInvalid)
    }

    @Test("a root source that fails falls back to the cached pinned root")
    func rootSourceDown() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        harness.source.set(harness.rootURL, .failure(TrustListError(.httpStatus, "HTTP 503")))
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        let report = try harness.refresh(at: t0 + 60)
        #expect(outcome(report, harness.vicalID) == .updated)
        #expect(report.results.first?.notes.contains { $0.contains("cached pinned root") } == true)
    }

    @Test("HTTP 404 and 500, and a vanished source, keep the last good list and count the failures")
    func sourceFailures() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        harness.source.set(harness.vicalURL, .failure(TrustListError(.httpStatus, "HTTP 404 from x")))
        expectKept(try harness.refresh(at: t0 + 60), harness.vicalID, .httpStatus)
        harness.source.set(harness.vicalURL, .failure(TrustListError(.httpStatus, "HTTP 500 from x")))
        expectKept(try harness.refresh(at: t0 + 120), harness.vicalID, .httpStatus)
        harness.source.set(harness.vicalURL, .failure(TrustListError(.networkError, "could not resolve host")))
        expectKept(try harness.refresh(at: t0 + 180), harness.vicalID, .networkError)
        let vical = try #require(try status(harness, harness.vicalID, at: t0 + 180))
        #expect(vical.current?.issueID == 1)
        #expect(vical.lastError?.count == 3)
        #expect(vical.lastError?.first == t0 + 60)
        #expect(vical.lastError?.last == t0 + 180)
        #expect(vical.lastError?.reason == .networkError)
        #expect(vical.origin == .cache)
        #expect(vical.lastSuccess == t0)
        // Recovery clears the failure.
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        #expect(outcome(try harness.refresh(at: t0 + 240), harness.vicalID) == .updated)
        #expect(try status(harness, harness.vicalID, at: t0 + 240)?.lastError == nil)
    }

    @Test("an entry removed upstream is gone from the new version, and the diff names it")
    func entryRemoved() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        var content = harness.sim.vicalContent(issueID: 2)
        let removed = content.entries.removeLast().certificate
        try harness.publish(content)
        let report = try harness.refresh(at: t0 + 60)
        let result = try #require(report.results.first { $0.id == harness.vicalID })
        #expect(result.outcome == .updated)
        #expect(result.diff?.removed == [removed.subject.rfc4514])
        #expect(result.diff?.added == [])
        #expect(result.current?.entries == 2)
    }

    @Test("a run that changes nothing keeps the snapshot's generation; a change makes the next one")
    func snapshotGenerations() throws {
        let harness = try RefreshHarness()
        let service = harness.service()
        let first = try service.refresh(at: t0).snapshotGeneration
        #expect(first == 1)
        #expect(try service.refresh(at: t0 + 60).snapshotGeneration == 1)
        // A new process (trustctl refresh) over the same cache keeps it too.
        #expect(try harness.refresh(at: t0 + 90).snapshotGeneration == 1)
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        #expect(try service.refresh(at: t0 + 120).snapshotGeneration == 2)
        #expect(try SnapshotFile.read(inCacheDirectory: harness.layout.root).generation == 2)
    }

    @Test("a crash between writing the new list and renaming it leaves the previous list intact")
    func crashBeforeRename() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        struct Crash: Error {}
        let service = harness.service()
        service.setBeforeCommitRename { throw Crash() }
        let report = try service.refresh(at: t0 + 60)
        expectKept(report, harness.vicalID, .persistError)
        // A new process sees issue 1, verified from disk.
        let restarted = TrustStore(configuration: harness.configuration)
        try restarted.load(at: t0 + 120)
        #expect(restarted.current[harness.vicalID]?.list.issueID == 1)
        #expect(try status(harness, harness.vicalID, at: t0 + 120)?.current?.issueID == 1)
        // And the next refresh commits issue 2.
        #expect(outcome(try harness.refresh(at: t0 + 180), harness.vicalID) == .updated)
    }

    @Test("a restart with state.json wiped rebuilds it from the verified lists, high-water mark included")
    func wipedState() throws {
        let harness = try RefreshHarness()
        try harness.publish(harness.sim.vicalContent(issueID: 7))
        _ = try harness.refresh(at: t0)
        try FileManager.default.removeItem(at: harness.layout.state)
        let status = try harness.status(at: t0 + 60)
        #expect(status.lists.first { $0.id == harness.vicalID }?.current?.issueID == 7)
        #expect(status.events.contains { $0.contains("rebuilt") })
        try harness.publish(harness.sim.vicalContent(issueID: 6))
        let report = try harness.refresh(at: t0 + 120)
        expectKept(report, harness.vicalID, .rollback)
        #expect(report.events.contains { $0.contains("rebuilt") })
    }

    @Test("a corrupt state.json is rebuilt, with one notice that says it was corrupt; a missing one says missing")
    func corruptState() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        try Data("{ not json".utf8).write(to: harness.layout.state)
        let corrupt = try harness.status(at: t0 + 60)
        #expect(corrupt.lists.first { $0.id == harness.vicalID }?.current?.issueID == 1)
        let notices = corrupt.events.filter { $0.contains("state.json") }
        #expect(notices.count == 1 && notices[0].contains("corrupt"), "\(notices)")
        try FileManager.default.removeItem(at: harness.layout.state)
        let missing = try harness.status(at: t0 + 60).events.filter { $0.contains("state.json") }
        #expect(missing.count == 1 && missing[0].contains("missing"), "\(missing)")
    }

    @Test(
        "a corrupt cached list is quarantined on load; the superseded version does not take over (it could re-trust removed entries)"
    )
    func corruptBlobQuarantined() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        _ = try harness.refresh(at: t0 + 60)
        let current = try #require(try status(harness, harness.vicalID, at: t0 + 60)?.current?.sha256)
        let blob = harness.layout.list(harness.vicalID, sha256: current)
        var bytes = try Array(Data(contentsOf: blob))
        bytes[bytes.count - 2] ^= 0x01
        try Data(bytes).write(to: blob)
        harness.source.set(harness.vicalURL, .failure(TrustListError(.networkError, "down")))
        let report = try harness.refresh(at: t0 + 120)
        // A flipped byte: its bytes no longer hash to its name (the signature fails too; the name is checked either way).
        #expect(report.events.contains { $0.contains("quarantined") && $0.contains("does not match its SHA-256") })
        #expect(!FileManager.default.fileExists(atPath: blob.path))
        let quarantined = try FileManager.default.contentsOfDirectory(atPath: harness.layout.quarantine.path)
        #expect(quarantined.count == 1)
        let vical = try status(harness, harness.vicalID, at: t0 + 120)
        #expect(vical?.current == nil)
        #expect(vical?.state == .noTrust)
    }

    @Test("states follow the clock: fresh, overdue past nextUpdate, expired past the grace period and the signer")
    func stateTransitions() throws {
        let harness = try RefreshHarness(extraNetwork: "\"overdueGraceSeconds\": 7200")
        _ = try harness.refresh(at: t0)
        let nextUpdate = TestPKI.referenceTime + day
        #expect(try status(harness, harness.vicalID, at: nextUpdate)?.state == .fresh)
        #expect(try status(harness, harness.vicalID, at: nextUpdate + 1)?.state == .overdue)
        #expect(try harness.status(at: nextUpdate + 1).exitStatus == 1)
        #expect(try status(harness, harness.vicalID, at: nextUpdate + 7200)?.state == .overdue)
        #expect(try status(harness, harness.vicalID, at: nextUpdate + 7201)?.state == .expired)
        #expect(try harness.status(at: nextUpdate + 7201).exitStatus == 2)
        // A list whose nextUpdate is far away still expires with its signer.
        var content = harness.sim.vicalContent(issueID: 2)
        content.nextUpdate = TestPKI.referenceTime + 3 * 365 * day
        try harness.publish(content)
        _ = try harness.refresh(at: t0 + 60)
        let signerEnd = harness.sim.vicalSigner.certificate.notAfter
        #expect(try status(harness, harness.vicalID, at: signerEnd)?.state == .fresh)
        let expired = try #require(try status(harness, harness.vicalID, at: signerEnd + 1))
        #expect(expired.state == .expired)
        #expect(expired.stateReason?.contains("signer") == true)
    }

    @Test("a list without nextUpdate is fresh for maxAge after its date")
    func maxAge() throws {
        let harness = try RefreshHarness(extraNetwork: "\"maxAgeSeconds\": 7200, \"overdueGraceSeconds\": 600")
        var content = harness.sim.vicalContent(issueID: 1)
        content.nextUpdate = nil
        try harness.publish(content)
        _ = try harness.refresh(at: t0)
        #expect(try status(harness, harness.vicalID, at: TestPKI.referenceTime + 7200)?.state == .fresh)
        #expect(try status(harness, harness.vicalID, at: TestPKI.referenceTime + 7201)?.state == .overdue)
        #expect(try status(harness, harness.vicalID, at: TestPKI.referenceTime + 7801)?.state == .expired)
    }

    @Test("a list that never verified is no_trust, CRITICAL")
    func noTrust() throws {
        let harness = try RefreshHarness()
        harness.source.set(harness.vicalURL, .failure(TrustListError(.timeout, "deadline")))
        let report = try harness.refresh(at: t0)
        guard case .failed(let error) = outcome(report, harness.vicalID) else {
            Issue.record("expected failure")
            return
        }
        #expect(error.code == .timeout)
        #expect(report.exitStatus == 2)
        #expect(try status(harness, harness.vicalID, at: t0)?.state == .noTrust)
        #expect(try harness.status(at: t0).exitStatus == 2)
    }

    @Test("with no list yet, a bootstrap file is verified and used; the network failure stays recorded")
    func bootstrap() throws {
        let sim = try ListSimulator()
        let folder = try TemporaryDirectory()
        let file = try folder.write(try sim.signed(sim.vicalContent(issueID: 3)), to: "vical-bootstrap.cose")
        let harness = try RefreshHarness(sim: sim, bootstrap: (file, nil))
        harness.source.set(harness.vicalURL, .failure(TrustListError(.networkError, "unreachable")))
        let report = try harness.refresh(at: t0)
        let result = try #require(report.results.first { $0.id == harness.vicalID })
        #expect(result.state == .fresh)
        #expect(result.notes.contains { $0.contains("bootstrap") })
        let vical = try #require(try status(harness, harness.vicalID, at: t0))
        #expect(vical.origin == .bootstrap)
        #expect(vical.current?.issueID == 3)
        #expect(vical.lastError?.reason == .networkError)
        // A bootstrap load is no fetch: the source has never answered.
        #expect(vical.lastSuccess == nil)
        // The network's issue 2 is lower than the bootstrap's 3: a rollback.
        try harness.publish(sim.vicalContent(issueID: 2))
        expectKept(try harness.refresh(at: t0 + 60), harness.vicalID, .rollback)
    }

    @Test("a bootstrap file that cannot be used is reported, not ignored")
    func unusableBootstrap() throws {
        let folder = try TemporaryDirectory()
        let garbage = try folder.write([0x01, 0x02, 0x03], to: "garbage.cose")
        let harness = try RefreshHarness(bootstrap: (garbage, nil))
        harness.source.set(harness.vicalURL, .failure(TrustListError(.networkError, "unreachable")))
        let report = try harness.refresh(at: t0)
        let result = try #require(report.results.first { $0.id == harness.vicalID })
        #expect(result.state == .noTrust)
        #expect(result.notes.contains { $0.hasPrefix("bootstrap file unusable: malformed_cbor") })
    }

    @Test("--offline fetches nothing and uses the cache")
    func offline() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0)
        let before = harness.source.requests.count
        let report = try harness.refresh(at: t0 + 60, offline: true)
        #expect(harness.source.requests.count == before)
        #expect(outcome(report, harness.vicalID) == .offline)
        #expect(report.results.allSatisfy { $0.state == .fresh })
    }

    @Test("--list refreshes only the named list")
    func onlyOneList() throws {
        let harness = try RefreshHarness()
        _ = try harness.refresh(at: t0, only: [harness.ricalID])
        #expect(harness.source.requests.allSatisfy { $0.url != harness.vicalURL })
        #expect(try status(harness, harness.vicalID, at: t0)?.state == .noTrust)
        #expect(try status(harness, harness.ricalID, at: t0)?.state == .fresh)
    }

    @Test("two refreshes at once serialize on the lock")
    func lockSerializes() throws {
        let harness = try RefreshHarness()
        let lock = try StoreLock.acquire(harness.layout, timeout: 0)
        #expect(throws: TrustListError(.cacheLocked)) {
            try harness.service().refresh(at: t0, lockTimeout: 0.2)
        }
        #expect(harness.source.requests.isEmpty)
        let released = DispatchSemaphore(value: 0)
        Thread {
            usleep(300_000)
            lock.release()
            released.signal()
        }.start()
        let report = try harness.service().refresh(at: t0, lockTimeout: 10)
        released.wait()
        #expect(outcome(report, harness.vicalID) == .updated)
    }
}

/// Ordering by the signed date, with the real AAMVA lists, whose issue ids go down over time.
@Suite("Refresh ordering on real lists", .requires(.realFixtures))
struct RealOrderingTests {
    @Test(
        "AAMVA's 2024 list (issue 616575) then its 2025 list (issue 227602) are taken in order; the 2024 list replayed after is a rollback"
    )
    func aamvaInOrder() throws {
        let folder = try TemporaryDirectory()
        let root = try Certificate(pemEncoded: try RealFixtures.text("aamva_dts_root_ca.pem"))
        let source = MemorySource()
        source.set("https://aamva.test/root", .bytes(Array(root.pemEncoded.utf8)))
        let configuration = try RefreshHarness.configuration(
            in: folder.url, pin: root.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: ("https://aamva.test/root", "https://aamva.test/vical", "https://aamva.test/rical"))
        let vical = ListID(network: "sim", kind: .vical)
        func refresh(_ file: String, at time: String) throws -> ListRefreshResult? {
            source.set("https://aamva.test/vical", .bytes(try RealFixtures.bytes(file)))
            let report = try TrustService(configuration: configuration, fetcher: source).refresh(
                only: [vical], at: Timestamp.parse(time) ?? .distantPast)
            return report.results.first { $0.id == vical }
        }
        // The configuration names provider "Sim"; AAMVA's lists name "AAMVA".
        let mismatch = try refresh("aamva_vical_2024-09-24.cbor", at: "2024-09-25T00:00:00Z")
        guard case .failed(let error) = mismatch?.outcome else {
            Issue.record("expected provider_mismatch, got \(String(describing: mismatch?.outcome))")
            return
        }
        #expect(error.code == .providerMismatch)
        let fixed = try Data(contentsOf: configuration.file)
        try Data(String(decoding: fixed, as: UTF8.self).replacingOccurrences(of: "\"Sim\"", with: "\"AAMVA\"").utf8)
            .write(to: configuration.file)
        let aamva = try Configuration.load(path: configuration.file.path)
        func refreshAAMVA(_ file: String, at time: String) throws -> ListRefreshResult? {
            source.set("https://aamva.test/vical", .bytes(try RealFixtures.bytes(file)))
            return try TrustService(configuration: aamva, fetcher: source).refresh(
                only: [vical], at: Timestamp.parse(time) ?? .distantPast
            ).results.first { $0.id == vical }
        }
        let first = try refreshAAMVA("aamva_vical_2024-09-24.cbor", at: "2024-09-25T00:00:00Z")
        #expect(first?.outcome == .updated)
        #expect(first?.current?.issueID == 616575)
        let second = try refreshAAMVA("aamva_vical_2025-11-18.cbor", at: "2025-11-18T19:00:00Z")
        #expect(second?.outcome == .updated)
        #expect(second?.current?.issueID == 227602)
        #expect(second?.notes.contains { $0.contains("issue id went down from 616575 to 227602") } == true)
        let replay = try refreshAAMVA("aamva_vical_2024-09-24.cbor", at: "2025-11-18T20:00:00Z")
        guard case .keptLastGood(let replayError) = replay?.outcome else {
            Issue.record("expected the replay to be refused, got \(String(describing: replay?.outcome))")
            return
        }
        #expect(replayError.code == .rollback)
        #expect(replay?.current?.issueID == 227602)
    }
}
