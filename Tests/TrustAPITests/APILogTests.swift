import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// What the API reports to the daemon's log (docs/operations.md, "Logs"): one admin record per `POST /v1/refresh`,
/// refused or not, with the client's address; one access record per routed request while the access log is on.
@Suite("TrustAPI: admin actions and the access log")
struct APILogTests {
    static let token = "api-log-token"

    final class Collected: Sendable {
        let admin = Mutex<[AdminActionRecord]>([])
        let access = Mutex<[AccessRecord]>([])
        let accessOn = Atomic<Bool>(true)
    }

    func api(_ world: APIWorld, _ collected: Collected) -> TrustAPI {
        let holder = world.holder
        let requests = RefreshNow(
            minimumInterval: 0,
            runner: .caller {
                do throws(TrustListError) {
                    return .success(try holder.service.refresh(at: APIWorld.now + 60, trigger: .refreshNow))
                } catch {
                    return .failure(error)
                }
            })
        return TrustAPI(
            holder: holder, now: { APIWorld.now },
            refreshNow: RefreshNowAccess(
                token: AdminToken(sha256: Digest.sha256.hash(Array(Self.token.utf8))), requests: requests,
                waitTimeout: 60),
            log: APILog(
                admin: { record in collected.admin.withLock { $0.append(record) } },
                accessEnabled: { collected.accessOn.load(ordering: .relaxed) },
                access: { record in collected.access.withLock { $0.append(record) } }))
    }

    func request(
        _ method: HTTPMethod, _ path: String, authorization: String? = nil, remote: String? = "192.0.2.10"
    ) -> HTTPRequest {
        var headers = HTTPHeaders()
        if let authorization { headers["Authorization"] = authorization }
        return HTTPRequest(method: method, path: path, headers: headers, remoteAddress: remote)
    }

    @Test("each refresh-now request is one admin record: refused without or with another token, refreshed with it")
    func adminRecords() throws {
        let collected = Collected()
        let router = api(try APIWorld(), collected).makeRouter()
        let statuses = [
            router.respond(to: request(.post, "/v1/refresh")).status,
            router.respond(to: request(.post, "/v1/refresh", authorization: "Bearer wrong")).status,
            router.respond(to: request(.post, "/v1/refresh", authorization: "Bearer \(Self.token)", remote: nil))
                .status,
        ]
        #expect(statuses == [401, 403, 200])
        let records = collected.admin.withLock { $0 }
        #expect(records.map(\.action) == ["refresh_now", "refresh_now", "refresh_now"])
        #expect(records.map(\.outcome) == ["refused", "refused", "refreshed"])
        #expect(records.map(\.reason) == ["admin_token_missing", "admin_token_invalid", nil])
        #expect(records.map(\.status) == [401, 403, 200])
        #expect(records.map(\.remote) == ["192.0.2.10", "192.0.2.10", nil])
        #expect(records.map(\.succeeded) == [false, false, true])
    }

    @Test("the client is named address:port, an IPv6 address in brackets (RFC 3986 §3.2.2), the address alone without a port")
    func remoteEndpoint() {
        #expect(HTTPRequest(method: .get, path: "/", remoteAddress: "192.0.2.10", remotePort: 50412).remoteEndpoint
            == "192.0.2.10:50412")
        #expect(HTTPRequest(method: .get, path: "/", remoteAddress: "2001:db8::7", remotePort: 443).remoteEndpoint
            == "[2001:db8::7]:443")
        #expect(HTTPRequest(method: .get, path: "/", remoteAddress: "192.0.2.10").remoteEndpoint == "192.0.2.10")
        #expect(HTTPRequest(method: .get, path: "/").remoteEndpoint == nil)
    }

    @Test("without server.admin a request is still recorded, refused refresh_now_disabled")
    func disabled() throws {
        let collected = Collected()
        let world = try APIWorld()
        let api = TrustAPI(
            holder: world.holder, now: { APIWorld.now },
            log: APILog(admin: { record in collected.admin.withLock { $0.append(record) } }))
        #expect(api.makeRouter().respond(to: request(.post, "/v1/refresh")).status == 403)
        #expect(collected.admin.withLock { $0.map(\.reason) } == ["refresh_now_disabled"])
    }

    @Test("the access log: method, path, status, bytes (none for HEAD), client; nothing while it is off")
    func accessRecords() throws {
        let collected = Collected()
        let router = api(try APIWorld(), collected).makeRouter()
        let get = router.respond(to: request(.get, "/healthz"))
        _ = router.respond(to: request(.head, "/healthz"))
        _ = router.respond(to: request(.get, "/v1/lists/sim/nothing"))
        collected.accessOn.store(false, ordering: .relaxed)
        _ = router.respond(to: request(.get, "/healthz"))
        let records = collected.access.withLock { $0 }
        #expect(records.map(\.method) == ["GET", "HEAD", "GET"])
        #expect(records.map(\.path) == ["/healthz", "/healthz", "/v1/lists/sim/nothing"])
        #expect(records.map(\.status) == [200, 200, 404])
        #expect(records[0].bytes == get.body.count && records[0].bytes > 0)
        #expect(records[1].bytes == 0)
        #expect(records.allSatisfy { $0.client == "192.0.2.10" && $0.durationSeconds >= 0 })
    }
}
