import Foundation
import HTTPServer
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// The read-only endpoints, in-process: health, readiness, status, metrics, snapshot and signed lists.
@Suite("TrustAPI: health, status, metrics, snapshot and lists")
struct EndpointTests {
    @Test("healthz answers 200 even before anything is loaded")
    func healthz() throws {
        let world = try APIWorld(loaded: false)
        let response = world.get("/healthz")
        #expect(response.status == 200)
        #expect(response.jsonObject["status"] as? String == "alive")
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test("readyz is 503 with what is missing before the first load, 200 once both lists are fresh")
    func readiness() throws {
        let unloaded = try APIWorld(loaded: false)
        let before = unloaded.get("/readyz")
        #expect(before.status == 503)
        #expect(before.reason == "not_ready")
        let missing = try #require(before.jsonObject["missing"] as? [[String: Any]])
        #expect(missing.contains { $0["what"] as? String == "snapshot" })
        let lists = missing.filter { $0["what"] as? String == "list" }
        #expect(Set(lists.compactMap { $0["list"] as? String }) == ["sim/vical", "sim/rical"])
        #expect(
            lists.allSatisfy {
                $0["state"] as? String == "no_trust" && $0["reason"] as? String == "trust_list_unavailable"
            })

        let world = try APIWorld()
        let ready = world.get("/readyz")
        #expect(ready.status == 200, "\(ready.bodyText)")
        #expect(ready.jsonObject["ready"] as? Bool == true)
        #expect((ready.jsonObject["missing"] as? [Any])?.isEmpty == true)
    }

    @Test("readyz is 503 naming the lists once they have expired")
    func readinessExpired() throws {
        let world = try APIWorld(at: APIWorld.now + 400 * TestPKI.day)
        let response = world.get("/readyz")
        #expect(response.status == 503)
        let missing = try #require(response.jsonObject["missing"] as? [[String: Any]])
        #expect(missing.count == 2)
        #expect(
            missing.allSatisfy {
                $0["state"] as? String == "expired" && $0["reason"] as? String == "trust_list_expired"
            })
        #expect((response.jsonObject["message"] as? String)?.contains("sim/vical is expired") == true)
    }

    @Test("v1/status is the wire vocabulary's status object, as trustctl status --json prints it")
    func status() throws {
        let world = try APIWorld()
        let response = world.get("/v1/status")
        #expect(response.status == 200)
        let expected = try WireJSON.render(
            WireStatus(
                world.service.status(at: APIWorld.now), snapshot: world.service.snapshot,
                configuration: world.service.configuration))
        #expect(response.bodyText == expected)
        #expect(response.headers["Cache-Control"] == "no-store")
    }

    @Test("metrics holds the service's families and, after requests, counts and a latency histogram per route")
    func metrics() throws {
        let world = try APIWorld()
        for status in [200, 404, 503] {
            world.api.observer(
                HTTPRequestMetrics(route: "/v1/snapshot", method: "GET", status: status, durationSeconds: 0.002))
        }
        world.api.observer(HTTPRequestMetrics(route: "unmatched", method: "OTHER", status: nil, durationSeconds: 20))
        let response = world.get("/metrics")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let exposition = try PrometheusTextParser.parse(response.bodyText)
        #expect(exposition.families["trustlists_build_info"] != nil)
        #expect(exposition.value("trustlists_list_entries", ["list": "sim/vical"]) == 3)
        #expect(exposition.families["trustlists_http_requests_total"]?.type == "counter")
        #expect(exposition.families["trustlists_http_request_duration_seconds"]?.type == "histogram")
        let labels = ["route": "/v1/snapshot", "method": "GET", "status": "200"]
        #expect(exposition.value("trustlists_http_requests_total", labels) == 1)
        #expect(
            exposition.value("trustlists_http_request_duration_seconds_bucket", labels.merging(["le": "0.001"]) { $1 })
                == 0)
        #expect(
            exposition.value("trustlists_http_request_duration_seconds_bucket", labels.merging(["le": "0.0025"]) { $1 })
                == 1)
        #expect(
            exposition.value("trustlists_http_request_duration_seconds_bucket", labels.merging(["le": "+Inf"]) { $1 })
                == 1)
        #expect(exposition.value("trustlists_http_request_duration_seconds_count", labels) == 1)
        let slow = ["route": "unmatched", "method": "OTHER", "status": "none"]
        #expect(
            exposition.value("trustlists_http_request_duration_seconds_bucket", slow.merging(["le": "10"]) { $1 }) == 0)
        #expect(
            exposition.value("trustlists_http_request_duration_seconds_bucket", slow.merging(["le": "+Inf"]) { $1 })
                == 1)
        #expect(exposition.value("trustlists_http_request_duration_seconds_sum", slow) == 20)
    }

    @Test("v1/snapshot: the generation's JSON with a strong SHA-256 ETag, Last-Modified, a bounded max-age, and 304")
    func snapshot() throws {
        let world = try APIWorld()
        let document = try #require(world.service.snapshotDocument)
        let response = world.get("/v1/snapshot")
        #expect(response.status == 200)
        #expect(response.body == document.json)
        let sha = hexString(Digest.sha256.hash(response.body))
        #expect(response.headers["ETag"] == "\"\(sha)\"")
        #expect(response.headers["Last-Modified"] == HTTPDate.imfFixdate(document.snapshot.builtAt))
        // Bounded by the check interval (900 s by default); the lists' nextUpdate is a day away.
        #expect(response.headers["Cache-Control"] == "public, max-age=900")
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(response.headers["X-Snapshot-Generation"] == String(document.snapshot.generation))
        #expect(response.headers["Content-Type"] == "application/json")

        let again = world.get("/v1/snapshot", headers: ["If-None-Match": "\"other\", \"\(sha)\""])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["ETag"] == "\"\(sha)\"")
        #expect(world.get("/v1/snapshot", headers: ["If-None-Match": "\"other\""]).status == 200)

        // If-Modified-Since (RFC 9110 §13.1.3), when there is no If-None-Match: 304 at or after Last-Modified, 200
        // before it; ignored beside an If-None-Match that does not match, and when it is not an IMF-fixdate.
        let built = document.snapshot.builtAt
        let since = { (date: Date) in HTTPDate.imfFixdate(date) }
        #expect(world.get("/v1/snapshot", headers: ["If-Modified-Since": since(built)]).status == 304)
        #expect(world.get("/v1/snapshot", headers: ["If-Modified-Since": since(built + 3600)]).status == 304)
        #expect(world.get("/v1/snapshot", headers: ["If-Modified-Since": since(built - 3600)]).status == 200)
        #expect(
            world.get("/v1/snapshot", headers: ["If-Modified-Since": since(built), "If-None-Match": "\"other\""])
                .status == 200)
        #expect(world.get("/v1/snapshot", headers: ["If-Modified-Since": "yesterday"]).status == 200)
    }

    @Test("v1/snapshot: max-age never runs past the earliest nextUpdate, and is 0 once it has passed")
    func snapshotLifetime() throws {
        let late = try APIWorld(at: TestPKI.referenceTime + 86_400 - 100)
        #expect(late.get("/v1/snapshot").headers["Cache-Control"] == "public, max-age=100")
        let overdue = try APIWorld(at: TestPKI.referenceTime + 2 * 86_400)
        #expect(overdue.get("/v1/snapshot").headers["Cache-Control"] == "public, max-age=0")
    }

    @Test("v1/snapshot: gzip when accepted, compressed once per generation, with its own strong ETag and 304")
    func snapshotGzip() throws {
        let world = try APIWorld()
        let identity = world.get("/v1/snapshot")
        let gzip = world.get("/v1/snapshot", headers: ["Accept-Encoding": "br, gzip;q=0.8"])
        #expect(gzip.status == 200)
        #expect(gzip.headers["Content-Encoding"] == "gzip")
        #expect(Array(gzip.body.prefix(2)) == [0x1F, 0x8B])
        #expect(gzip.body.count < identity.body.count)
        let tag = try #require(gzip.headers["ETag"])
        #expect(tag != identity.headers["ETag"])
        #expect(tag.hasSuffix(".gz\""))
        // The same bytes again: memoized, not compressed anew with another result.
        #expect(world.get("/v1/snapshot", headers: ["Accept-Encoding": "gzip"]).body == gzip.body)
        #expect(world.get("/v1/snapshot", headers: ["Accept-Encoding": "gzip", "If-None-Match": tag]).status == 304)
        #expect(world.get("/v1/snapshot", headers: ["Accept-Encoding": "gzip;q=0"]).headers["Content-Encoding"] == nil)
    }

    @Test("v1/snapshot is 503 snapshot_unavailable before the first generation")
    func snapshotBeforeLoad() throws {
        let world = try APIWorld(loaded: false)
        let response = world.get("/v1/snapshot")
        #expect(response.status == 503)
        #expect(response.reason == "snapshot_unavailable")
    }

    @Test("v1/lists serves the verified signed bytes as published, application/cose, with ETag and 304")
    func signedLists() throws {
        let world = try APIWorld()
        for id in [world.harness.vicalID, world.harness.ricalID] {
            let response = world.get("/v1/lists/\(id.network)/\(id.kind.rawValue)")
            #expect(response.status == 200)
            #expect(response.body == world.service.signedList(id))
            #expect(response.headers["Content-Type"]?.hasPrefix("application/cose") == true)
            let tag = "\"\(hexString(Digest.sha256.hash(response.body)))\""
            #expect(response.headers["ETag"] == tag)
            #expect(response.headers["Last-Modified"] == HTTPDate.imfFixdate(TestPKI.referenceTime))
            #expect(response.headers["Cache-Control"] == "public, max-age=900")
            let again = world.get("/v1/lists/sim/\(id.kind.rawValue)", headers: ["If-None-Match": tag])
            #expect(again.status == 304 && again.body.isEmpty)
            let since = HTTPDate.imfFixdate(TestPKI.referenceTime)
            #expect(world.get("/v1/lists/sim/\(id.kind.rawValue)", headers: ["If-Modified-Since": since]).status == 304)
        }
    }

    @Test(
        "v1/lists: 404 unknown_list for a list the configuration lacks",
        arguments: ["/v1/lists/other/vical", "/v1/lists/sim/cical", "/v1/lists/sim/VICAL"])
    func unknownList(path: String) throws {
        let world = try APIWorld()
        let response = world.get(path)
        #expect(response.status == 404)
        #expect(response.reason == "unknown_list")
        #expect((response.jsonObject["message"] as? String)?.contains("sim/vical, sim/rical") == true)
    }

    @Test("v1/lists: 503 with the list state's reason while the list has no trusted version")
    func listWithoutTrust() throws {
        let unloaded = try APIWorld(loaded: false)
        let none = unloaded.get("/v1/lists/sim/vical")
        #expect(none.status == 503)
        #expect(none.reason == "trust_list_unavailable")
        let expired = try APIWorld(at: APIWorld.now + 400 * TestPKI.day)
        let old = expired.get("/v1/lists/sim/rical")
        #expect(old.status == 503)
        #expect(old.reason == "trust_list_expired")
    }

    @Test("an unknown path is 404 not_found and a wrong method 405 method_not_allowed with Allow, as JSON")
    func routing() throws {
        let world = try APIWorld()
        let missing = world.get("/v2/snapshot")
        #expect(missing.status == 404)
        #expect(missing.reason == "not_found")
        #expect(missing.headers["Content-Type"] == "application/json")
        let wrong = world.router.respond(to: HTTPRequest(method: .delete, path: "/v1/snapshot"))
        #expect(wrong.status == 405)
        #expect(wrong.reason == "method_not_allowed")
        #expect(wrong.headers["Allow"] == "GET, HEAD")
        let get = world.get("/v1/decisions/reader")
        #expect(get.status == 405)
        #expect(get.headers["Allow"] == "POST")
    }
}
