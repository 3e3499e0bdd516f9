import Foundation
import FuzzSupport
import HTTPServer
import Publishing
import TrustAPI
import TrustLists
import TrustListsService

// The POST bodies of trustlistd's HTTP API (the decisions and AuthZEN evaluation), through the API's router and a
// service loaded at start with a demo network's verified VICAL and RICAL (published as files in a temporary folder).
// Input: byte 0 picks the route, byte 1 the Content-Type (JSON, JSON with a charset, text/plain, none), the rest is
// the body. Every answer is one of the documented statuses with a JSON object body: an error has a reason and a
// message; a decision says trusted or not; an evaluation says its decision.
//
// libFuzzer options: -max_len=16384 -dict=Fuzz/Dictionaries/json.dict

let routes = [
    "/v1/decisions/reader", "/v1/decisions/issuer", "/v1/decisions/request", "/v1/decisions/device-request",
    "/evaluation", "/access/v1/evaluations",
]
let contentTypes: [String?] = ["application/json", "application/json; charset=utf-8", "text/plain", nil]
let statuses: Set<Int> = [200, 400, 413, 415, 503]

/// The API over a service that refreshed the demo network's lists from files.
let router: HTTPRouter = {
    let time = Date(timeIntervalSince1970: 1_796_119_200)  // 2026-12-01T10:00:00Z
    do {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-http-api-\(getpid())")
        let network = try DemoNetwork(name: "Fuzz", at: time - 3600)
        let file = try network.publishOffline(in: folder, id: "fuzz")
        let service = TrustService(configuration: try Configuration.load(path: file.path))
        let report = try service.refresh(at: time, lockTimeout: 10)
        guard report.results.allSatisfy({ $0.outcome.name == "updated" }) else {
            fatalError("the demo lists did not load: \(report.results.map(\.outcome.name))")
        }
        try? FileManager.default.removeItem(at: folder)
        return TrustAPI(holder: ServiceHolder(service), now: { time }).makeRouter()
    } catch {
        fatalError("cannot set up the API: \(error)")
    }
}()

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    guard input.count >= 2 else { return 0 }
    let route = routes[Int(input[0]) % routes.count]
    var headers = HTTPHeaders()
    if let type = contentTypes[Int(input[1]) % contentTypes.count] { headers["Content-Type"] = type }
    let response = router.respond(
        to: HTTPRequest(method: .post, path: route, headers: headers, body: Array(input.dropFirst(2))))
    Fuzz.require(statuses.contains(response.status), "\(route) answered \(response.status)")
    guard let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] else {
        fatalError("\(route) answered \(response.status) with a body that is not a JSON object: \(response.bodyText)")
    }
    if response.status != 200 {
        Fuzz.require((object["reason"] as? String)?.isEmpty == false, "\(route) \(response.status) without a reason")
        Fuzz.require((object["message"] as? String)?.isEmpty == false, "\(route) \(response.status) without a message")
    } else if route == "/evaluation" {
        Fuzz.require(object["decision"] is Bool, "an evaluation without a decision: \(response.bodyText)")
    } else if route == "/access/v1/evaluations" {
        // One evaluation (no items), or an answer per item, each with its decision.
        let answers = object["evaluations"].map { $0 as? [Any] ?? [] } ?? [object]
        Fuzz.require(
            answers.allSatisfy { ($0 as? [String: Any])?["decision"] is Bool },
            "evaluations without a decision each: \(response.bodyText)")
    } else {
        Fuzz.require(object["trusted"] is Bool, "\(route) answered 200 without trusted: \(response.bodyText)")
    }
    return 0
}
