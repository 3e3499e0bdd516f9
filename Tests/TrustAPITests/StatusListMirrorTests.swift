import Foundation
import HTTPServer
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// The operator surface of status lists (docs/architecture.md, Status lists): the mirror at
/// `GET /v1/status-lists/{uriSHA256}`, the export, `/v1/status` and `/metrics`. Tokens and their facts from Python
/// (``TestStatusLists``); the URI's and the token's SHA-256 from Python's `hashlib`.
@Suite("TrustAPI: status lists in the mirror, the export, the status and the metrics", .requires(.interopModules))
struct StatusListMirrorTests {
    static let lists: TestStatusLists? = try? TestStatusLists.make()

    /// A service over the simulator whose network lets status lists be fetched from the fixtures' host, with the
    /// token `file` served at the fixtures' URI and kept: a decision's look-up under the fixtures' IACA fetched it.
    func world(serving file: String) throws -> (APIWorld, TestStatusLists) {
        let fixtures = try #require(Self.lists, "make_status_lists.py failed")
        let harness = try RefreshHarness(extraNetwork: #""statusLists": {"allowedHosts": ["issuer.example"]}"#)
        harness.source.set(fixtures.uri, .bytes(try fixtures.bytes(file)))
        let world = try APIWorld(harness: harness)
        let iaca = try Certificate(pemEncoded: String(decoding: try fixtures.bytes("iaca.pem"), as: UTF8.self))
        let expected = try #require(fixtures.expected[file])
        guard
            case .list = world.service.statusLists.statusList(
                for: StatusListReference(index: 0, uri: fixtures.uri), format: nil, anchor: iaca, network: "sim",
                at: Date(timeIntervalSince1970: TimeInterval(expected.at)))
        else { throw TestSupportError("the service did not keep \(file)") }
        // The token the decision fetched is stored by the service after the decision has it: wait for that.
        #expect(world.service.statusLists.waitUntilIdle(seconds: 30))
        return (world, fixtures)
    }

    /// Python's `hashlib.sha256` of the UTF-8 URI and of the file's bytes, lowercase hex.
    func pythonSHA256(uri: String, file: String) throws -> (uri: String, bytes: String) {
        let python = try #require(Python.interpreter(with: ["cryptography"]))
        let script = """
            import hashlib, sys
            print(hashlib.sha256(sys.argv[1].encode("utf-8")).hexdigest())
            print(hashlib.sha256(open(sys.argv[2], "rb").read()).hexdigest())
            """
        let result = try TestTools.run(python, ["-c", script, uri, file], withStandardOutput: true)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        guard result.status == 0, lines.count == 2 else { throw TestSupportError("python: \(result.stderr)") }
        return (lines[0], lines[1])
    }

    @Test(
        "the mirror serves the kept token as published, by its URI's SHA-256, with the media type of its format",
        arguments: [("valid-2bit.cwt", "application/statuslist+cwt"), ("valid-1bit.jwt", "application/statuslist+jwt")])
    func mirror(file: String, mediaType: String) throws {
        let (world, fixtures) = try world(serving: file)
        let sums = try pythonSHA256(uri: fixtures.uri, file: fixtures.path(file))
        let response = world.get("/v1/status-lists/\(sums.uri)")
        #expect(response.status == 200, "\(response.bodyText)")
        #expect(response.headers["Content-Type"] == mediaType)
        #expect(response.body == (try fixtures.bytes(file)))
        let etag = try #require(response.headers["ETag"])
        #expect(etag == "\"\(sums.bytes)\"")
        var headers = HTTPHeaders()
        headers["If-None-Match"] = etag
        let again = world.get("/v1/status-lists/\(sums.uri)", headers: headers)
        #expect(again.status == 304 && again.body.isEmpty)
        let unknown = world.get("/v1/status-lists/\(String(repeating: "0", count: 64))")
        #expect(unknown.status == 404)
        #expect(unknown.reason == "unknown_status_list")
    }

    @Test("a replica whose statusLists.mirror names the primary fetches the list from the primary's mirror only")
    func replica() throws {
        let (primary, fixtures) = try world(serving: "valid-2bit.cwt")
        let expected = try #require(fixtures.expected["valid-2bit.cwt"])
        let sums = try pythonSHA256(uri: fixtures.uri, file: fixtures.path("valid-2bit.cwt"))
        let served = primary.get("/v1/status-lists/\(sums.uri)")
        #expect(served.status == 200)
        let mirror = "https://primary.test:8441"
        let harness = try RefreshHarness(
            extraNetwork: #""statusLists": {"allowedHosts": ["issuer.example"], "mirror": "\#(mirror)"}"#)
        // The issuer's URI serves nothing here: only the primary's mirror has the token.
        harness.source.set("\(mirror)/v1/status-lists/\(sums.uri)", .bytes(served.body))
        let replica = try APIWorld(harness: harness)
        let iaca = try Certificate(pemEncoded: String(decoding: try fixtures.bytes("iaca.pem"), as: UTF8.self))
        guard
            case .list(let list) = replica.service.statusLists.statusList(
                for: StatusListReference(index: 0, uri: fixtures.uri), format: nil, anchor: iaca, network: "sim",
                at: Date(timeIntervalSince1970: TimeInterval(expected.at)))
        else {
            Issue.record("the replica has no list")
            return
        }
        #expect(replica.service.statusLists.waitUntilIdle(seconds: 30))
        #expect(list.count == expected.count && list.subject == fixtures.uri)
        let asked = harness.source.requests.map(\.url)
        #expect(asked.contains("\(mirror)/v1/status-lists/\(sums.uri)") && !asked.contains(fixtures.uri), "\(asked)")
        // The replica mirrors it in turn, byte for byte.
        #expect(replica.get("/v1/status-lists/\(sums.uri)").body == (try fixtures.bytes("valid-2bit.cwt")))
    }

    @Test("statusLists.mirror must be a base URL the fetcher may use, without a trailing slash")
    func mirrorSetting() throws {
        func configuration(_ mirror: String, insecure: Bool = false) throws -> Configuration {
            let json =
                #"{"allowInsecureURLs": \#(insecure), "networks": [{"id": "a", "root": {"url": "https://root.example/r.pem", "sha256": ["\#(String(repeating: "ab", count: 32))"]}, "vical": {"url": "https://lists.example/vical"}, "statusLists": {"mirror": "\#(mirror)"}}]}"#
            return try Configuration(json: Data(json.utf8), file: URL(fileURLWithPath: "/nonexistent/trustlists.json"))
        }
        #expect(
            try configuration("https://primary.test:8441").networks[0].statusLists.mirror == "https://primary.test:8441"
        )
        #expect(throws: ConfigurationError.self) { try configuration("https://primary.test:8441/") }
        #expect(throws: ConfigurationError.self) { try configuration("http://primary.test:8441") }
        #expect(try configuration("http://primary.test:8441", insecure: true).networks[0].statusLists.mirror != nil)
    }

    @Test("v1/status shows the kept list's row; metrics its state and its one fetch")
    func statusAndMetrics() throws {
        let (world, fixtures) = try world(serving: "valid-2bit.cwt")
        let expected = try #require(fixtures.expected["valid-2bit.cwt"])
        let rows = try #require(world.get("/v1/status").jsonObject["statusLists"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["uri"] as? String == fixtures.uri)
        #expect(rows.first?["bits"] as? Int == expected.bits)
        #expect(rows.first?["count"] as? Int == expected.count)
        #expect(rows.first?["format"] as? String == "cwt")
        let metrics = world.get("/metrics").bodyText
        #expect(metrics.contains("# TYPE trustlists_status_list_fetches_total counter"))
        #expect(
            metrics.contains("trustlists_status_list_fetches_total{uri=\"\(fixtures.uri)\",outcome=\"fetched\"} 1"),
            "\(metrics)")
        #expect(metrics.contains("# TYPE trustlists_status_list_state gauge"))
    }

    @Test("the export writes the kept token by its URI's SHA-256, links it at the mirror's path, names its URI")
    func export() throws {
        let (world, fixtures) = try world(serving: "valid-2bit.cwt")
        let sums = try pythonSHA256(uri: fixtures.uri, file: fixtures.path("valid-2bit.cwt"))
        let folder = try TemporaryDirectory()
        let service = world.service
        let document = try #require(service.snapshotDocument)
        try ExportDirectory(directory: folder.url).write(
            document, lists: ExportDirectory.items(of: service, at: APIWorld.now), crls: service.signedCRLs,
            statusLists: Array(service.statusLists.published.values), at: APIWorld.now)
        let token = try fixtures.bytes("valid-2bit.cwt")
        let file = "status-lists/\(sums.uri)/\(sums.bytes).cwt"
        #expect(Array(try Data(contentsOf: folder.url.appendingPathComponent(file))) == token)
        #expect(Array(try Data(contentsOf: folder.url.appendingPathComponent("v1/status-lists/\(sums.uri)"))) == token)
        let pointer = try Data(contentsOf: folder.url.appendingPathComponent("current.json"))
        let content = try #require(try JSONSerialization.jsonObject(with: pointer) as? [String: Any])
        let entry = try #require((content["statusLists"] as? [String: [String: Any]])?[sums.uri])
        #expect(entry["uri"] as? String == fixtures.uri)
        #expect(entry["path"] as? String == file)
        #expect(entry["sha256"] as? String == sums.bytes)
        #expect(entry["format"] as? String == "cwt")
        // Byte for byte as Foundation's JSONSerialization writes that content, as the rest of the pointer.
        let reference = try JSONSerialization.data(
            withJSONObject: content, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(pointer == reference + Data([0x0A]))
    }
}
