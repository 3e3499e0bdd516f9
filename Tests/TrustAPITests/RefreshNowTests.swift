import Dispatch
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing
@testable import TrustAPI
import TrustLists
import X509

@testable import TrustListsService

#if canImport(Glibc)
    import Glibc
#endif

/// `POST /v1/refresh` (refresh now): off without `server.admin`; 401 without a bearer token and 403 with another one,
/// refreshing nothing; 200 with the run's report with the right token; concurrent and repeated requests coalesced
/// into one run, the first never refused.
@Suite("TrustAPI: refresh now")
struct RefreshNowTests {
    /// The token of these tests and its SHA-256 as coreutils computes it.
    static let token = "console-test-token-4f1c"

    /// A world whose API has refresh now with ``token``, run on the request's thread, at most one run per
    /// `interval` seconds; the service runs `gate` before each refresh.
    static func world(interval: TimeInterval = 0, gate: @escaping @Sendable () -> Void = {}) throws -> (
        APIWorld, TrustAPI
    ) {
        let world = try APIWorld()
        let digest = try #require(bytes(fromHex: try TestTools.sha256sum(Array(token.utf8))))
        let holder = world.holder
        let requests = RefreshNow(
            minimumInterval: interval,
            runner: .caller {
                gate()
                do throws(TrustListError) {
                    return .success(try holder.service.refresh(at: APIWorld.now + 60, trigger: .refreshNow))
                } catch {
                    return .failure(error)
                }
            })
        let api = TrustAPI(
            holder: holder, now: { APIWorld.now },
            refreshNow: RefreshNowAccess(token: AdminToken(sha256: digest), requests: requests, waitTimeout: 60))
        return (world, api)
    }

    static func post(_ api: TrustAPI, authorization: String?) -> HTTPResponse {
        var headers = HTTPHeaders()
        if let authorization { headers["Authorization"] = authorization }
        return api.makeRouter().respond(to: HTTPRequest(method: .post, path: "/v1/refresh", headers: headers))
    }

    @Test("without server.admin it is 403 refresh_now_disabled, even with a token, and nothing is fetched")
    func offByDefault() throws {
        let world = try APIWorld()
        let fetches = world.harness.source.requests.count
        let response = Self.post(world.api, authorization: "Bearer \(Self.token)")
        #expect(response.status == 403)
        #expect(response.reason == "refresh_now_disabled")
        #expect(world.harness.source.requests.count == fetches)
    }

    @Test(
        "no bearer token is 401 admin_token_missing, another token 403 admin_token_invalid; neither fetches anything",
        arguments: [
            (nil, 401, "admin_token_missing"), ("Basic YWRtaW46YWRtaW4=", 401, "admin_token_missing"),
            ("Bearer", 401, "admin_token_missing"), ("Bearer wrong-token", 403, "admin_token_invalid"),
            ("Bearer \(token)x", 403, "admin_token_invalid"), ("Bearer \(token.dropLast())", 403, "admin_token_invalid"),
        ] as [(String?, Int, String)])
    func refusals(authorization: String?, status: Int, reason: String) throws {
        let (world, api) = try Self.world()
        let fetches = world.harness.source.requests.count
        let events = world.service.refreshLog.recent.count
        let response = Self.post(api, authorization: authorization)
        #expect(response.status == status)
        #expect(response.reason == reason)
        if status == 401 { #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true) }
        #expect(world.harness.source.requests.count == fetches, "nothing was fetched")
        #expect(world.service.refreshLog.recent.count == events, "no refresh ran")
    }

    @Test("with the token it refreshes every list and answers the report; a new VICAL issue moves the generation")
    func refreshesWithToken() throws {
        let (world, api) = try Self.world()
        let before = world.service.snapshot.generation
        try world.harness.publish(world.sim.vicalContent(issueID: 2, date: TestPKI.referenceTime + 1800))
        let fetches = world.harness.source.requests.count
        let response = Self.post(api, authorization: "bearer \(Self.token)")
        #expect(response.status == 200, "\(response.bodyText)")
        let body = response.jsonObject
        #expect(body["coalesced"] as? Bool == false, "the first request after start runs")
        let lists = try #require(body["lists"] as? [[String: Any]])
        #expect(lists.map { $0["id"] as? String } == ["sim/vical", "sim/rical"])
        #expect(lists[0]["outcome"] as? String == "updated" && lists[0]["issueID"] as? Int == 2)
        #expect(world.harness.source.requests.count > fetches)
        #expect(world.service.snapshot.generation == before + 1)
        #expect(body["snapshotGeneration"] as? Int == Int(before + 1))
        #expect(world.service.refreshLog.recent.first?.trigger == .refreshNow)
    }

    @Test("a body is refused 400 malformed_request_body before anything runs")
    func refusesBody() throws {
        let (world, api) = try Self.world()
        let fetches = world.harness.source.requests.count
        let response = api.makeRouter().respond(
            to: HTTPRequest(
                method: .post, path: "/v1/refresh", headers: ["Authorization": "Bearer \(Self.token)"],
                body: Array("{}".utf8)))
        #expect(response.status == 400 && response.reason == "malformed_request_body")
        #expect(world.harness.source.requests.count == fetches)
    }

    @Test("two concurrent requests share one run; a third within the interval gets its report without a run")
    func coalesces() throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let runs = Atomic<Int>(0)
        let (world, api) = try Self.world(interval: 3600) {
            runs.add(1, ordering: .relaxed)
            started.signal()
            release.wait()
        }
        let events = world.service.refreshLog.recent.count
        let answers = Mutex<[HTTPResponse]>([])
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let response = Self.post(api, authorization: "Bearer \(Self.token)")
            answers.withLock { $0.append(response) }
        }
        started.wait()
        // The run is in flight (held at the gate); the second request must join it, not start another.
        DispatchQueue.global().async(group: group) {
            let response = Self.post(api, authorization: "Bearer \(Self.token)")
            answers.withLock { $0.append(response) }
        }
        let requests = try #require(api.refreshNowAccess?.requests)
        while requests.waitingCount < 2 { usleep(1000) }
        release.signal()
        group.wait()
        let both = answers.withLock { $0 }
        #expect(both.map(\.status) == [200, 200])
        #expect(Set(both.map { $0.jsonObject["coalesced"] as? Bool }) == [false, true])
        #expect(Set(both.map { $0.jsonObject["time"] as? String }).count == 1, "the same run's report")
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(world.service.refreshLog.recent.count == events + 1)

        // Within the interval: coalesced with the run that just ended, never refused, nothing run.
        let third = Self.post(api, authorization: "Bearer \(Self.token)")
        #expect(third.status == 200)
        #expect(third.jsonObject["coalesced"] as? Bool == true)
        #expect(third.jsonObject["time"] as? String == both[0].jsonObject["time"] as? String)
        #expect(runs.load(ordering: .relaxed) == 1)
    }
}

/// The admin token file: read once, only when it belongs to this process's user and nobody else may read it.
@Suite("TrustAPI: the admin token file")
struct AdminTokenFileTests {
    static func settings(_ file: URL) -> AdminSettings { AdminSettings(token: .file(file)) }

    @Test("a 0600 file of this user is read: its first line is the token a request must bear")
    func readsPrivateFile() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(Array("s3cret-token\nignored second line\n".utf8), to: "admin.token")
        chmod(file.path, 0o600)
        let token = try AdminToken.load(Self.settings(file))
        let expected = try #require(bytes(fromHex: try TestTools.sha256sum(Array("s3cret-token".utf8))))
        #expect(token.digest == expected)
    }

    @Test("group or other permissions are refused admin_token_unusable", arguments: [0o640, 0o604, 0o644, 0o660, 0o602])
    func refusesSharedFile(mode: Int) throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(Array("s3cret-token\n".utf8), to: "admin.token")
        chmod(file.path, mode_t(mode))
        #expect(throws: AdminTokenError(.adminTokenUnusable)) { try AdminToken.load(Self.settings(file)) }
    }

    @Test("a missing, empty or foreign-owned file is refused admin_token_unusable")
    func refusesOtherFiles() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: AdminTokenError(.adminTokenUnusable)) {
            try AdminToken.load(Self.settings(folder.url.appendingPathComponent("absent")))
        }
        let empty = try folder.write(Array("\n".utf8), to: "empty.token")
        chmod(empty.path, 0o600)
        #expect(throws: AdminTokenError(.adminTokenUnusable)) { try AdminToken.load(Self.settings(empty)) }
        let foreign = try folder.write(Array("s3cret-token\n".utf8), to: "foreign.token")
        chmod(foreign.path, 0o600)
        let otherUser: uid_t = geteuid() == 65534 ? 65533 : 65534
        if chown(foreign.path, otherUser, gid_t(otherUser)) == 0 {
            #expect(throws: AdminTokenError(.adminTokenUnusable)) { try AdminToken.load(Self.settings(foreign)) }
        }
    }
}
