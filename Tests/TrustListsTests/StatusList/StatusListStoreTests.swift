import Credentials
import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

/// Status lists as a source of the one store (docs/architecture.md, Status lists; The store and the cache): a
/// prefetched token is verified at refresh against the anchors of its network's lists (here a VICAL that lists the
/// Python-built IACA) and stored; a restarted service answers from the store without fetching; a damaged cache file is
/// quarantined and healed; a rollback, an equivocation or a revoked signer never replaces or keeps the last good
/// token in use. Tokens, CRL and expectations from Python (``TestStatusLists``).
@Suite("Status lists: the store", .requires(.interopModules))
struct StatusListStoreTests {
    static let lists: TestStatusLists? = try? TestStatusLists.make()
    static let crlURL = "https://crl.example/test-iaca.crl"

    var time: Date { TestPKI.referenceTime + 60 }

    func fixtures() throws -> TestStatusLists { try #require(Self.lists, "make_status_lists.py failed") }

    func certificate(_ name: String) throws -> Certificate {
        try Certificate(pemEncoded: String(decoding: try fixtures().bytes(name), as: UTF8.self))
    }

    /// A harness whose VICAL also lists the Python IACA, prefetching the Python URI (serving `token`), with the
    /// IACA's CRL URL as the network's extra CRL source (served when `crl` is true).
    func harness(serving token: String, crl: Bool = false, statusLists: String? = nil) throws -> RefreshHarness {
        let fixtures = try fixtures()
        let harness = try RefreshHarness(
            extraNetwork: #""statusLists": \#(statusLists ?? #"{"prefetch": ["\#(fixtures.uri)"]}"#), "#
                + #""revocation": {"crls": [{"url": "\#(Self.crlURL)"}]}"#)
        var vical = harness.sim.vicalContent(issueID: 1)
        vical.entries.append(.init(certificate: try certificate("iaca.pem"), docTypes: ["org.iso.18013.5.1.mDL"]))
        try harness.publish(vical)
        harness.source.set(fixtures.uri, .bytes(try fixtures.bytes(token)))
        if crl { harness.source.set(Self.crlURL, .bytes(try fixtures.bytes("iaca-revokes-signer.crl"))) }
        return harness
    }

    var id: StatusListID { StatusListID(network: "sim", uri: Self.lists?.uri ?? "") }

    func reference(_ index: UInt64 = 0) throws -> StatusListReference {
        StatusListReference(index: index, uri: try fixtures().uri)
    }

    /// The stored token's file.
    func storedFile(_ harness: RefreshHarness, _ token: String) throws -> URL {
        let sha = hexString(Digest.sha256.hash(try fixtures().bytes(token)))
        return harness.layout.statusLists(id).appendingPathComponent("\(sha).token")
    }

    /// A restarted service that cannot fetch anything, loaded from the cache.
    func restarted(_ harness: RefreshHarness) throws -> (TrustService, MemorySource, [String]) {
        let offline = MemorySource()
        let service = TrustService(configuration: harness.configuration, fetcher: offline)
        let events = try service.load(at: time)
        return (service, offline, events)
    }

    @Test("a prefetched list is verified at refresh, stored, and answers after a restart without network")
    func prefetchStoredAndRestarted() throws {
        let fixtures = try fixtures()
        let expected = try #require(fixtures.expected["valid-2bit.jwt"])
        let harness = try harness(serving: "valid-2bit.jwt")
        let report = try harness.refresh(at: time)
        #expect(report.statusLists.map(\.outcome) == [.updated])
        #expect(
            report.statusLists.first?.current?.issuedAt
                == expected.iat.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        let request = try #require(harness.source.requests.first { $0.url == fixtures.uri })
        #expect(request.accept == "application/statuslist+jwt, application/statuslist+cwt")
        #expect(
            try Array(Data(contentsOf: try storedFile(harness, "valid-2bit.jwt"))) == fixtures.bytes("valid-2bit.jwt"))

        let (service, offline, _) = try restarted(harness)
        guard
            case .list(let list) = service.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time)
        else {
            Issue.record("the stored list did not answer after a restart")
            return
        }
        #expect(offline.requests.isEmpty)
        #expect(list.bits.rawValue == expected.bits)
        #expect(list.count == expected.count)
        for pair in expected.samples ?? [] {
            #expect(list.lookup(UInt64(pair[0])) == .status(StatusType(rawValue: UInt8(pair[1]))))
        }
        // The second refresh asks conditionally; the same bytes confirm the stored token.
        let again = try harness.refresh(at: time + 60)
        #expect(again.statusLists.map(\.outcome.name) == ["unchanged"])
    }

    @Test("at decision time the stored list answers only for the IACA its signer chains to")
    func decisionAnchorRule() throws {
        let harness = try harness(serving: "valid-1bit.cwt")
        _ = try harness.refresh(at: time)
        let (service, _, _) = try restarted(harness)
        guard
            case .unavailable(let error) = service.statusLists.statusList(
                for: try reference(), format: .cwt, anchor: harness.sim.iacas[0].iaca.certificate, network: "sim",
                at: time)
        else {
            Issue.record("a list signed under the Python IACA answered for another IACA of the network")
            return
        }
        #expect(error.code == .statusListSignerMismatch)
        guard
            case .unavailable(let asDocumentSigner) = service.statusLists.statusList(
                for: try reference(), format: .cwt, anchor: try certificate("ds.pem"), network: "sim", at: time)
        else {
            Issue.record("the document signer served as the list's anchor")
            return
        }
        #expect(asDocumentSigner.code == .statusListSignerMismatch)
    }

    @Test("a prefetched token whose signer chains to no anchor of the network's lists is not stored")
    func foreignSigner() throws {
        let harness = try harness(serving: "other-iaca.jwt")
        let report = try harness.refresh(at: time)
        #expect(report.statusLists.first?.outcome.error?.code == .statusListSignerMismatch)
        #expect(report.statusLists.first?.current == nil)
        let stored = (try? FileManager.default.contentsOfDirectory(atPath: harness.layout.statusLists(id).path)) ?? []
        #expect(stored.isEmpty)
    }

    @Test("a tampered cache file is quarantined on load and healed by the next refresh")
    func tamperedHealed() throws {
        let fixtures = try fixtures()
        let harness = try harness(serving: "valid-4bit.cwt")
        _ = try harness.refresh(at: time)
        let file = try storedFile(harness, "valid-4bit.cwt")
        var bytes = try Array(Data(contentsOf: file))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: file)

        let (service, _, events) = try restarted(harness)
        #expect(events.contains { $0.hasPrefix("status list \(id)") && $0.contains("quarantine") })
        guard
            case .unavailable = service.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time)
        else {
            Issue.record("altered bytes answered")
            return
        }
        let report = try harness.refresh(at: time + 60)
        #expect(report.statusLists.map(\.outcome) == [.updated])
        #expect(try Array(Data(contentsOf: file)) == fixtures.bytes("valid-4bit.cwt"))
        let (healed, _, _) = try restarted(harness)
        guard
            case .list = healed.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time)
        else {
            Issue.record("the healed list did not answer")
            return
        }
    }

    @Test("an older iat is refused status_rollback, and the last good token stays in use")
    func rollback() throws {
        let fixtures = try fixtures()
        let harness = try harness(serving: "valid-2bit.jwt")
        _ = try harness.refresh(at: time)
        harness.source.set(fixtures.uri, .bytes(try fixtures.bytes("older.jwt")))
        let report = try harness.refresh(at: time + 60)
        #expect(report.statusLists.first?.outcome.name == "kept_last_good")
        #expect(report.statusLists.first?.outcome.error?.code == .statusRollback)
        #expect(
            report.statusLists.first?.current?.sha256
                == hexString(Digest.sha256.hash(try fixtures.bytes("valid-2bit.jwt"))))
    }

    @Test("the same iat with other signed content is refused status_equivocation, the last good kept")
    func equivocation() throws {
        let fixtures = try fixtures()
        let harness = try harness(serving: "valid-2bit.cwt")
        _ = try harness.refresh(at: time)
        // right-iaca carries the valid lists' iat (the builder's default, REF - 1 h) over other statuses.
        harness.source.set(fixtures.uri, .bytes(try fixtures.bytes("right-iaca.cwt")))
        let report = try harness.refresh(at: time + 60)
        #expect(report.statusLists.first?.outcome.error?.code == .statusEquivocation)
        #expect(
            report.statusLists.first?.current?.sha256
                == hexString(Digest.sha256.hash(try fixtures.bytes("valid-2bit.cwt"))))
    }

    @Test("a list whose signer the network's verified CRL revokes is not used: revoked, never silently accepted")
    func revokedSigner() throws {
        let fixtures = try fixtures()
        let harness = try harness(serving: "valid-8bit.jwt")
        _ = try harness.refresh(at: time)
        let (before, _, _) = try restarted(harness)
        guard
            case .list = before.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time)
        else {
            Issue.record("no list before the CRL")
            return
        }
        harness.source.set(Self.crlURL, .bytes(try fixtures.bytes("iaca-revokes-signer.crl")))
        let service = harness.service()
        let report = try service.refresh(at: time + 60, lockTimeout: 5)
        #expect(report.statusLists.first?.outcome.error?.code == .revoked)
        guard
            case .unavailable(let error) = service.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time + 60)
        else {
            Issue.record("a list signed by a revoked signer answered")
            return
        }
        #expect(error.code == .revoked)
        #expect(service.statusLists.snapshot[fixtures.uri]?.lastError?.code == .revoked)
        // After a restart too: the cached token stays in the cache, unused.
        let (after, _, _) = try restarted(harness)
        guard
            case .unavailable = after.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time + 60)
        else {
            Issue.record("a revoked signer's list answered after a restart")
            return
        }
    }

    @Test("a list fetched on demand for a decision is committed to the store and answers after a restart")
    func onDemandStored() throws {
        let fixtures = try fixtures()
        let harness = try harness(serving: "valid-1bit.jwt", statusLists: #"{"allowedHosts": ["issuer.example"]}"#)
        _ = try harness.refresh(at: time)
        let service = harness.service()
        _ = try service.load(at: time)
        guard
            case .list = service.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time)
        else {
            Issue.record("no list fetched on demand")
            return
        }
        #expect(service.statusLists.waitUntilIdle(seconds: 10))
        #expect(FileManager.default.fileExists(atPath: try storedFile(harness, "valid-1bit.jwt").path))
        let (restarted, offline, _) = try restarted(harness)
        guard
            case .list(let list) = restarted.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time)
        else {
            Issue.record("the list fetched on demand was not in the store after a restart")
            return
        }
        #expect(list.count == fixtures.expected["valid-1bit.jwt"]?.count)
        #expect(offline.requests.isEmpty)
    }
    @Test("a lost state.json loses no token: the stored folder is verified again and answers")
    func stateLost() throws {
        let harness = try harness(serving: "valid-8bit.cwt")
        _ = try harness.refresh(at: time)
        try FileManager.default.removeItem(at: harness.layout.state)
        let (service, offline, _) = try restarted(harness)
        guard
            case .list(let list) = service.statusLists.statusList(
                for: try reference(), format: .cwt, anchor: try certificate("iaca.pem"), network: "sim", at: time)
        else {
            Issue.record("the stored token was lost with state.json")
            return
        }
        #expect(list.count == (try fixtures()).expected["valid-8bit.cwt"]?.count)
        #expect(offline.requests.isEmpty)
    }

    @Test("a cached token issued for another URI than its folder's is quarantined on load, never used")
    func otherURIQuarantined() throws {
        let fixtures = try fixtures()
        let harness = try harness(serving: "valid-2bit.jwt")
        _ = try harness.refresh(at: time)
        // A token that verifies under the IACA, but whose sub is another URI, placed under this URI's folder with the
        // name of its own SHA-256 (as a file of the cache would be named).
        let foreign = try fixtures.bytes("sub-unchecked.jwt")
        let folder = harness.layout.statusLists(id)
        let name = hexString(Digest.sha256.hash(foreign)) + ".token"
        try FileManager.default.removeItem(at: try storedFile(harness, "valid-2bit.jwt"))
        try Data(foreign).write(to: folder.appendingPathComponent(name))
        let (service, _, events) = try restarted(harness)
        #expect(events.contains { $0.contains("status_list_sub_mismatch") })
        #expect(
            FileManager.default.fileExists(
                atPath: harness.layout.quarantine.appendingPathComponent(
                    "status-list-sim-\(id.uriSHA256.prefix(16))-\(name)"
                ).path))
        guard
            case .unavailable = service.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: time)
        else {
            Issue.record("a token for another URI answered")
            return
        }
    }
    @Test("a background refetch (ttl due) that brings an older token is refused status_rollback; the stored one stays")
    func onDemandRollback() throws {
        let fixtures = try fixtures()
        let uri = fixtures.uri
        let harness = try harness(
            serving: "valid-2bit.jwt",
            statusLists: #"{"prefetch": ["\#(uri)"], "allowedHosts": ["issuer.example"]}"#)
        _ = try harness.refresh(at: time)
        harness.source.set(uri, .bytes(try fixtures.bytes("older.jwt")))
        // ttl 43200 s (make_status_lists.py): due 12 h after the refresh, while exp (a day) is still ahead.
        let later = time + 13 * 3600
        let service = harness.service()
        _ = try service.load(at: later)
        let stored = hexString(Digest.sha256.hash(try fixtures.bytes("valid-2bit.jwt")))
        guard
            case .list(let list) = service.statusLists.statusList(
                for: try reference(), format: nil, anchor: try certificate("iaca.pem"), network: "sim", at: later)
        else {
            Issue.record("the stored list did not answer while due")
            return
        }
        #expect(list.sha256Hex == stored)
        #expect(service.statusLists.waitUntilIdle(seconds: 10))
        #expect(harness.source.requests.last?.url == uri)
        #expect(service.statusLists.snapshot[uri]?.lastError?.code == .statusRollback)
        #expect(service.statusLists.snapshot[uri]?.list?.sha256Hex == stored)
        #expect(FileManager.default.fileExists(atPath: try storedFile(harness, "valid-2bit.jwt").path))
        #expect(!FileManager.default.fileExists(atPath: try storedFile(harness, "older.jwt").path))
    }
}
