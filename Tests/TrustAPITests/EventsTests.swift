import Foundation
import HTTPServer
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService

/// `GET /v1/events`: the recent refresh runs, newest first, bounded by the log's capacity and by `limit`, each with its
/// trigger, per list refreshed the outcome and the certificates added and removed.
@Suite("TrustAPI: recent refreshes")
struct EventsTests {
    /// Four runs on a log that keeps three: the first (every list, both new), one of the VICAL only that drops two
    /// IACAs, then two of every list that change nothing.
    static func world() throws -> (RefreshHarness, TrustAPI) {
        let harness = try RefreshHarness()
        let service = TrustService(
            configuration: harness.configuration, fetcher: harness.source, refreshLog: RefreshLog(capacity: 3))
        let start = TestPKI.referenceTime + 60
        _ = try service.refresh(at: start, lockTimeout: 5, trigger: .start)
        var content = harness.sim.vicalContent(issueID: 2, date: TestPKI.referenceTime + 120)
        content.entries = Array(content.entries.prefix(1))
        try harness.publish(content)
        _ = try service.refresh(only: [harness.vicalID], at: start + 600, lockTimeout: 5, trigger: .schedule)
        _ = try service.refresh(at: start + 1200, lockTimeout: 5, trigger: .refreshNow)
        _ = try service.refresh(at: start + 1800, lockTimeout: 5, trigger: .schedule)
        return (harness, TrustAPI(holder: ServiceHolder(service), now: { start + 3600 }))
    }

    static func get(_ api: TrustAPI, _ path: String, limit: String? = nil) -> HTTPResponse {
        let query = limit.map { [HTTPRequest.QueryItem(name: "limit", value: $0)] } ?? []
        return api.makeRouter().respond(to: HTTPRequest(method: .get, path: path, queryItems: query))
    }

    static func events(_ response: HTTPResponse) throws -> [[String: Any]] {
        try #require(response.jsonObject["events"] as? [[String: Any]])
    }

    @Test("at most the log's capacity, newest first, each with its trigger and the lists it refreshed")
    func boundedNewestFirst() throws {
        let (_, api) = try Self.world()
        let response = Self.get(api, "/v1/events")
        #expect(response.status == 200)
        #expect(response.headers["Cache-Control"] == "no-store")
        let events = try Self.events(response)
        #expect(events.count == 3, "the first of four runs was dropped")
        #expect(
            events.map { $0["time"] as? String }
                == ["2026-01-01T00:31:00Z", "2026-01-01T00:21:00Z", "2026-01-01T00:11:00Z"].map(Optional.some),
            "\(events.map { $0["time"] ?? "" })")
        #expect(events.map { $0["trigger"] as? String } == ["schedule", "refresh_now", "schedule"])
        let scheduled = try #require(events.last?["lists"] as? [[String: Any]])
        #expect(scheduled.map { $0["id"] as? String } == ["sim/vical"], "only the list the run was asked for")
    }

    @Test("a new issue shows its outcome, the issue ids and the subjects of the certificates it removed")
    func membershipChanges() throws {
        let (_, api) = try Self.world()
        let events = try Self.events(Self.get(api, "/v1/events"))
        let vical = try #require((events.last?["lists"] as? [[String: Any]])?.first)
        #expect(vical["outcome"] as? String == "updated")
        #expect(vical["previousIssueID"] as? Int == 1 && vical["issueID"] as? Int == 2)
        let removed = try #require(vical["removed"] as? [String])
        #expect(removed.count == 2 && vical["removedCount"] as? Int == 2)
        #expect(removed.contains { $0.contains("CN=Sim IACA Arcadia") })
        #expect(removed.contains { $0.contains("CN=Sim IACA Eldorado") })
        #expect((vical["added"] as? [String])?.isEmpty == true && vical["addedCount"] as? Int == 0)
        let unchanged = try #require((events.first?["lists"] as? [[String: Any]])?.first)
        #expect(unchanged["outcome"] as? String == "unchanged")
    }

    @Test("limit takes the newest N; a limit outside 1…capacity is 400 malformed_query", arguments: ["0", "4", "x", "-1"])
    func limit(bad: String) throws {
        let (_, api) = try Self.world()
        let two = try Self.events(Self.get(api, "/v1/events", limit: "2"))
        #expect(two.map { $0["trigger"] as? String } == ["schedule", "refresh_now"])
        let refused = Self.get(api, "/v1/events", limit: bad)
        #expect(refused.status == 400 && refused.reason == "malformed_query")
    }
}
