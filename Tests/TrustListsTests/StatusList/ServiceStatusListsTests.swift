import Credentials
import Foundation
import Synchronization
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

/// The service's status lists (docs/architecture.md, Status lists): fetched on demand only for allowed hosts, within
/// the bound, one fetch shared by concurrent decisions, verified against the decision's anchor and stored. (Prefetch and
/// the store: ``StatusListStoreTests``.)
/// Tokens and expectations from Python (``TestStatusLists``).
@Suite("Status lists: the service's fetch", .requires(.interopModules))
struct ServiceStatusListsTests {
    static let lists: TestStatusLists? = try? TestStatusLists.make()

    /// A fetcher that answers one token after the test releases it, counting requests.
    final class GatedFetcher: ListFetching, Sendable {
        let body: [UInt8]
        let gate = DispatchSemaphore(value: 0)
        let count = Atomic<Int>(0)

        init(body: [UInt8]) { self.body = body }

        func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
            count.add(1, ordering: .relaxed)
            gate.wait()
            return .fetched(body: body, etag: nil, lastModified: nil, effectiveURL: request.url)
        }
    }

    func fixtures() throws -> TestStatusLists { try #require(Self.lists, "make_status_lists.py failed") }

    func certificate(_ name: String) throws -> Certificate {
        try Certificate(pemEncoded: String(decoding: try fixtures().bytes(name), as: UTF8.self))
    }

    /// A service over a new cache folder (kept alive with it), for a network without lists.
    static func service(_ statusLists: String, fetcher: any ListFetching) throws -> (TrustService, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let configuration = try configuration(statusLists, cache: folder.url.appendingPathComponent("cache"))
        return (TrustService(configuration: configuration, fetcher: fetcher), folder)
    }

    static func configuration(_ statusLists: String, cache: URL? = nil) throws -> Configuration {
        let cacheMember = cache.map { #""cacheDirectory": "\#($0.path)", "# } ?? ""
        let json =
            #"{\#(cacheMember)"networks": [{"id": "a", "root": {"url": "https://root.example/r.pem", "sha256": ["\#(String(repeating: "ab", count: 32))"]}, "vical": {"url": "https://lists.example/vical"}, "statusLists": \#(statusLists)}]}"#
        return try Configuration(json: Data(json.utf8), file: URL(fileURLWithPath: "/nonexistent/trustlists.json"))
    }

    var time: Date { TestPKI.referenceTime }

    @Test("a list on an allowed host is fetched once, verified against the decision's anchor and kept")
    func onDemand() throws {
        let fixtures = try fixtures()
        let expected = try #require(fixtures.expected["valid-2bit.cwt"])
        let source = MemorySource()
        source.set(fixtures.uri, .bytes(try fixtures.bytes("valid-2bit.cwt")))
        let (service, folder) = try Self.service(#"{"allowedHosts": ["issuer.example"]}"#, fetcher: source)
        let lists = service.statusLists
        let reference = StatusListReference(index: 0, uri: fixtures.uri)
        for _ in 0..<2 {
            guard
                case .list(let list) = lists.statusList(
                    for: reference, format: .cwt, anchor: try certificate("iaca.pem"), network: "a", at: time)
            else {
                Issue.record("no list")
                return
            }
            #expect(list.count == expected.count)
            #expect(list.bits.rawValue == expected.bits)
        }
        #expect(source.requests.count == 1)
        #expect(source.requests.first?.accept == "application/statuslist+jwt, application/statuslist+cwt")
        // Stored in the one store, under the network and the SHA-256 of the URI.
        #expect(lists.waitUntilIdle(seconds: 10))
        let stored = StoreLayout(root: folder.url.appendingPathComponent("cache")).statusLists(
            StatusListID(network: "a", uri: fixtures.uri))
        let sha = hexString(Digest.sha256.hash(try fixtures.bytes("valid-2bit.cwt")))
        #expect(FileManager.default.fileExists(atPath: stored.appendingPathComponent("\(sha).token").path))
        guard
            case .unavailable(let error) = lists.statusList(
                for: reference, format: .cwt, anchor: try certificate("other-iaca.pem"), network: "a", at: time)
        else {
            Issue.record("a list signed under another IACA answered")
            return
        }
        #expect(error.code == .statusListSignerMismatch)
    }

    @Test("a host not allowed is never fetched: no list at hand, the reason says why")
    func hostNotAllowed() throws {
        let fixtures = try fixtures()
        let source = MemorySource()
        source.set(fixtures.uri, .bytes(try fixtures.bytes("valid-2bit.cwt")))
        let (service, _) = try Self.service(#"{"allowedHosts": ["issuer.example.org"]}"#, fetcher: source)
        let lists = service.statusLists
        guard
            case .unavailable(let error) = lists.statusList(
                for: StatusListReference(index: 0, uri: fixtures.uri), format: nil, anchor: try certificate("iaca.pem"),
                network: "a", at: time)
        else {
            Issue.record("fetched from a host not allowed")
            return
        }
        #expect(error.code == .statusListMissing)
        #expect(error.reason.contains("allowedHosts"))
        #expect(source.requests.isEmpty)
    }

    @Test(
        "a server that hangs costs a decision its bound; concurrent decisions share the one fetch, whose list is kept")
    func boundedAndShared() throws {
        let fixtures = try fixtures()
        let fetcher = GatedFetcher(body: try fixtures.bytes("valid-1bit.jwt"))
        let (service, _) = try Self.service(
            #"{"allowedHosts": ["issuer.example"], "fetchTimeoutSeconds": 0.2}"#, fetcher: fetcher)
        let lists = service.statusLists
        let reference = StatusListReference(index: 0, uri: fixtures.uri)
        let anchor = try certificate("iaca.pem")
        let time = self.time
        let outcomes = Mutex<[ReasonCode?]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let answer = lists.statusList(for: reference, format: nil, anchor: anchor, network: "a", at: time)
            let code: ReasonCode? = if case .unavailable(let error) = answer { error.code } else { nil }
            outcomes.withLock { $0.append(code) }
        }
        #expect(outcomes.withLock { $0 } == Array(repeating: .timeout, count: 4))
        #expect(fetcher.count.load(ordering: .relaxed) == 1)
        fetcher.gate.signal()
        // The fetch goes on after the bound: a later decision gets its list (joining it while it verifies).
        var found: VerifiedStatusList?
        for _ in 0..<100 where found == nil {
            if case .list(let list) = lists.statusList(
                for: reference, format: nil, anchor: anchor, network: "a", at: time)
            {
                found = list
            }
        }
        #expect(found?.count == fixtures.expected["valid-1bit.jwt"]?.count)
        #expect(fetcher.count.load(ordering: .relaxed) == 1)
    }

    @Test("status rows: the kept list's facts as Python built them, its state at the time, the last error")
    func rows() throws {
        let fixtures = try fixtures()
        let expected = try #require(fixtures.expected["valid-4bit.cwt"])
        let source = MemorySource()
        source.set(fixtures.uri, .bytes(try fixtures.bytes("valid-4bit.cwt")))
        let other = "https://issuer.example/statuslists/404"
        source.set(other, .failure(TrustListError(.httpStatus, "404")))
        let (service, _) = try Self.service(
            #"{"prefetch": ["\#(other)"], "allowedHosts": ["issuer.example"]}"#, fetcher: source)
        let lists = service.statusLists
        // The refresh fetches the prefetch URI (its failure recorded in the store); a decision fetches the other.
        _ = try service.refresh(at: time, lockTimeout: 5)
        _ = lists.statusList(
            for: StatusListReference(index: 0, uri: fixtures.uri), format: nil, anchor: try certificate("iaca.pem"),
            network: "a", at: time)
        #expect(lists.waitUntilIdle(seconds: 10))
        let rows = WireStatusListRow.rows(lists.snapshot, at: time)
        #expect(rows.map(\.uri) == [fixtures.uri, other])
        #expect(rows[1].state == "missing")
        #expect(rows[1].lastError?.reason == "http_status")
        let row = rows[0]
        #expect(row.state == "fresh")
        #expect(row.format == "cwt")
        #expect(row.bits == expected.bits)
        #expect(row.count == expected.count)
        #expect(row.iat == expected.iat.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        #expect(row.exp == expected.exp.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        #expect(row.issuer?.contains("CN=Test status list signer") == true)
        #expect(row.lastError == nil)
        let later = try #require(expected.exp.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        #expect(WireStatusListRow.rows(lists.snapshot, at: later)[0].state == "expired")
    }

    @Test("metrics: one trustlists_status_list_state series per kept list and state, 1 for its state")
    func metrics() throws {
        let fixtures = try fixtures()
        let source = MemorySource()
        source.set(fixtures.uri, .bytes(try fixtures.bytes("valid-1bit.cwt")))
        let service = TrustService(
            configuration: try Self.configuration(#"{"allowedHosts": ["issuer.example"]}"#), fetcher: source,
            readOnly: true)
        _ = service.statusLists.statusList(
            for: StatusListReference(index: 0, uri: fixtures.uri), format: nil, anchor: try certificate("iaca.pem"),
            network: "a", at: time)
        #expect(service.statusLists.waitUntilIdle(seconds: 10))
        let family = try #require(service.metricsFamilies(at: time).first { $0.name == "trustlists_status_list_state" })
        let values = Dictionary(
            uniqueKeysWithValues: family.samples.map { sample in
                (sample.labels.first { $0.name == "state" }?.value ?? "", sample.value)
            })
        #expect(values == ["fresh": 1, "expired": 0, "missing": 0])
        #expect(family.samples.allSatisfy { $0.labels.contains(.init("uri", fixtures.uri)) })
    }
}
