import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

/// Derived data is never a source of trust (docs/architecture.md, Principles): queries and status answer
/// from lists this process verified against the pinned roots; an edited `snapshot.json` or `state.json` changes no
/// answer, and a service that loads the cache replaces a snapshot file that does not hold the verified generation.
@Suite("Trust only what was verified")
struct VerifiedOnlyTests {
    let t0 = TestPKI.referenceTime + 3600
    let mDL = "org.iso.18013.5.1.mDL"
    let pid = "eu.europa.ec.eudi.pid.1"

    /// A forged reader CA, reader, IACA and document signer: in no list.
    struct Forgeries {
        let readerCA: TestPKI.Issued
        let reader: TestPKI.Issued
        let iaca: TestPKI.Issued
        let signer: TestPKI.Issued

        init() throws {
            readerCA = try TestPKI.root("Forged Reader CA")
            reader = try TestPKI.leaf("Forged Reader", under: readerCA, extendedKeyUsage: [OID.readerAuthenticationEKU])
            iaca = try TestPKI.root("Forged IACA")
            signer = try QueryWorld.documentSigner(under: iaca)
        }
    }

    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// `snapshot.json` with the four edits of the hostile test: a forged reader CA and a forged IACA added, a docType
    /// added to a listed IACA, and every list's nextUpdate moved to 2099.
    func editSnapshot(_ harness: RefreshHarness, _ forged: Forgeries) throws {
        var snapshot = try SnapshotFile.read(inCacheDirectory: harness.layout.root)
        let ca = forged.readerCA.certificate
        snapshot.verifiers.append(
            Snapshot.Verifier(
                certificate: Self.base64(ca.derEncoded), sha256: ca.sha256Hex,
                ski: hexString(ca.subjectKeyIdentifier ?? []), aki: nil, subject: ca.subject.rfc4514,
                subjectDER: Self.base64(ca.subject.derEncoded), issuerDER: Self.base64(ca.issuer.derEncoded),
                name: "Forged", isTrustAnchor: true, notBefore: ca.notBefore, notAfter: ca.notAfter,
                source: harness.ricalID))
        let iaca = forged.iaca.certificate
        snapshot.issuers.append(
            Snapshot.Issuer(
                certificate: Self.base64(iaca.derEncoded), sha256: iaca.sha256Hex,
                ski: hexString(iaca.subjectKeyIdentifier ?? []), aki: nil, subject: iaca.subject.rfc4514,
                subjectDER: Self.base64(iaca.subject.derEncoded), issuerDER: Self.base64(iaca.issuer.derEncoded),
                issuingCountry: "US", stateOrProvinceName: nil, issuingAuthority: nil, notBefore: iaca.notBefore,
                notAfter: iaca.notAfter, docTypes: [mDL], source: harness.vicalID))
        snapshot.issuers[0].docTypes.append(pid)
        let year2099 = try #require(ISO8601DateFormatter().date(from: "2099-01-01T00:00:00Z"))
        for index in snapshot.sources.indices { snapshot.sources[index].nextUpdate = year2099 }
        try SnapshotFile.write(snapshot, inCacheDirectory: harness.layout.root)
    }

    /// Checks that none of the edits makes an answer trusted or a list fresh.
    func expectNoForgedTrust(_ queries: TrustQueries, _ harness: RefreshHarness, _ forged: Forgeries) {
        let reader = queries.readerDecision(chain: [forged.reader.certificate], at: t0 + 60)
        #expect(reader.reason == .notOnTrustList, "\(reader.message)")
        let issuer = queries.issuerDecision(chain: [forged.signer.certificate], docType: mDL, at: t0 + 60)
        #expect(issuer.reason == .notOnTrustList, "\(issuer.message)")
        // The sim's first IACA is listed for mDL and photoid, not PID.
        let listedIACA = harness.sim.iacas[0].iaca
        let listedSigner = try? QueryWorld.documentSigner(under: listedIACA)
        if let listedSigner {
            let widened = queries.issuerDecision(chain: [listedSigner.certificate], docType: pid, at: t0 + 60)
            #expect(widened.reason == .docTypeNotAuthorized, "\(widened.message)")
        }
        // The lists' nextUpdate is a day after their date, and the grace three days: ten days on they are expired.
        let late = queries.readerDecision(
            chain: [harness.sim.readerLeaf.certificate, harness.sim.readerIntermediate.certificate],
            at: TestPKI.referenceTime + 10 * TestPKI.day)
        #expect(late.reason == .trustListExpired, "\(late.message)")
    }

    @Test("an edited snapshot.json never makes trustctl's query or status trust anything (read-only service)")
    func editedSnapshotReadOnly() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        let forged = try Forgeries()
        try editSnapshot(harness, forged)

        let service = harness.service(readOnly: true)
        try service.load(at: t0 + 60)
        expectNoForgedTrust(service.queries, harness, forged)
        let late = service.status(at: TestPKI.referenceTime + 10 * TestPKI.day)
        #expect(late.lists.map(\.state) == [.expired, .expired])
        // What a wallet component that links only TrustLists uses answers the same.
        expectNoForgedTrust(try TrustQueries(verifyingCacheOf: harness.configuration, at: t0 + 60), harness, forged)
    }

    @Test("a service that loads the cache detects an edited snapshot.json, says so, and rewrites it")
    func editedSnapshotRewritten() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        let written = try Data(contentsOf: harness.layout.snapshot)
        let forged = try Forgeries()
        try editSnapshot(harness, forged)

        let service = harness.service()
        let events = try service.load(at: t0 + 60)
        #expect(events.contains { $0.contains("did not hold the verified generation") }, "\(events)")
        expectNoForgedTrust(service.queries, harness, forged)
        // The file holds the verified generation again: byte for byte the one the refresh wrote.
        #expect(try Data(contentsOf: harness.layout.snapshot) == written)
        #expect(service.snapshotJSON == Array(written))
    }

    @Test("a truncated, foreign or stale snapshot.json is replaced on load; a missing one is written")
    func damagedSnapshotFiles() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        let generation1 = try Data(contentsOf: harness.layout.snapshot)
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        #expect(try harness.refresh(at: t0 + 60).snapshotGeneration == 2)
        let generation2 = try Data(contentsOf: harness.layout.snapshot)

        let damages: [(String, Data?)] = [
            ("truncated", generation2.prefix(generation2.count / 2)),
            ("foreign", Data(#"{"schemaVersion": 1, "generation": 99}"#.utf8)),
            // A kill between the state commit and the snapshot write leaves the previous generation on disk.
            ("stale", generation1),
            ("missing", nil),
        ]
        for (name, damage) in damages {
            if let damage {
                try damage.write(to: harness.layout.snapshot)
            } else {
                try FileManager.default.removeItem(at: harness.layout.snapshot)
            }
            let service = harness.service()
            let events = try service.load(at: t0 + 120)
            #expect(try Data(contentsOf: harness.layout.snapshot) == generation2, "\(name)")
            #expect(service.snapshot.generation == 2, "\(name)")
            if damage != nil {
                #expect(events.contains { $0.contains("did not hold the verified generation") }, "\(name): \(events)")
            }
        }
    }

    @Test("a snapshot.json damaged between two refreshes keeps its generation and is rewritten by the next refresh")
    func damagedBetweenRefreshes() throws {
        let harness = try RefreshHarness()
        let service = harness.service()
        #expect(try service.refresh(at: t0).snapshotGeneration == 1)
        try harness.publish(harness.sim.vicalContent(issueID: 2))
        #expect(try service.refresh(at: t0 + 60).snapshotGeneration == 2)
        let written = try Data(contentsOf: harness.layout.snapshot)
        try Data("{ not a snapshot".utf8).write(to: harness.layout.snapshot)
        // The same service, and a new process: the generation comes from state.json, never restarts at 1.
        for (name, refresher) in [("same service", service), ("new process", harness.service())] {
            let report = try refresher.refresh(at: t0 + 120)
            #expect(report.snapshotGeneration == 2, "\(name)")
            #expect(report.events.contains { $0.contains("did not hold the verified generation") }, "\(name)")
            #expect(try Data(contentsOf: harness.layout.snapshot) == written, "\(name)")
            try Data("{ not a snapshot".utf8).write(to: harness.layout.snapshot)
        }
    }

    @Test("an edited state.json (nextUpdate moved to 2099, a list marked fresh) changes no state")
    func editedState() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        var state = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: harness.layout.state)) as? [String: Any])
        var lists = try #require(state["lists"] as? [String: Any])
        for (id, value) in lists {
            var record = try #require(value as? [String: Any])
            var current = try #require(record["current"] as? [String: Any])
            current["nextUpdate"] = 4_070_908_800.0  // 2099-01-01, seconds since 1970 as state.json writes dates
            current["notAfter"] = 4_070_908_800.0
            record["current"] = current
            lists[id] = record
        }
        state["lists"] = lists
        try JSONSerialization.data(withJSONObject: state).write(to: harness.layout.state)

        let tenDaysOn = TestPKI.referenceTime + 10 * TestPKI.day
        let status = try harness.status(at: tenDaysOn)
        #expect(status.lists.map(\.state) == [.expired, .expired])
        #expect(status.lists.allSatisfy { $0.current?.nextUpdate == TestPKI.referenceTime + TestPKI.day })
    }

    @Test("refresh installs the generation in memory: queries answer from it whatever snapshot.json holds")
    func inMemoryGeneration() throws {
        let harness = try RefreshHarness()
        let service = harness.service()
        let readerChain = [harness.sim.readerLeaf.certificate, harness.sim.readerIntermediate.certificate]
        // Before any load: nothing is trusted.
        #expect(service.queries.readerDecision(chain: readerChain, at: t0).reason == .trustListUnavailable)

        let first = try service.refresh(at: t0)
        #expect(first.snapshotGeneration == service.queries.generation)
        // The file is garbage from here on: nothing in this process reads it.
        try Data("garbage".utf8).write(to: harness.layout.snapshot)
        #expect(service.queries.readerDecision(chain: readerChain, at: t0 + 60).isTrusted)

        // The RICAL drops the reader CA: the next refresh's generation, in memory, no longer trusts the reader.
        var rical = harness.sim.ricalContent(issueID: 2)
        rical.entries.removeAll { $0.certificate == harness.sim.readerCA.certificate }
        rical.entries.append(ListContent.Entry(certificate: try TestPKI.root("Other Reader CA").certificate))
        try harness.publish(rical)
        try Data("garbage".utf8).write(to: harness.layout.snapshot)
        let second = try service.refresh(at: t0 + 120)
        #expect(second.snapshotGeneration == first.snapshotGeneration + 1)
        #expect(service.queries.generation == second.snapshotGeneration)
        let decision = service.queries.readerDecision(chain: readerChain, at: t0 + 180)
        #expect(decision.reason == .notOnTrustList, "\(decision.message)")
        // And the file was written for other processes: the same generation.
        #expect(try SnapshotFile.read(inCacheDirectory: harness.layout.root) == service.snapshot)
    }

    @Test("a refresh removes the temporary files killed runs left, in the cache, lists and roots folders")
    func leftoversRemoved() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        let folders = [
            harness.layout.root, harness.layout.roots, harness.layout.lists(harness.vicalID),
            harness.layout.lists(harness.ricalID),
        ]
        let names = [".snapshot.json.tmp-1a2b3c4d", ".state.json.tmp-deadbeef", ".abc.cose.tmp-00000000"]
        for folder in folders {
            for name in names { try Data(repeating: 7, count: 1024).write(to: folder.appendingPathComponent(name)) }
        }
        let report = try harness.refresh(at: t0 + 60)
        #expect(report.events.contains { $0.contains("removed 12 temporary file(s)") }, "\(report.events)")
        for folder in folders {
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
            #expect(left.isEmpty, "\(folder.path): \(left)")
        }
    }
}
