import Foundation
import HTTPServer
import JOSE
import TestSupport
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// The simulator network behind a ``TrustAPI``, in a temporary folder, at a fixed time: a service refreshed from
/// memory (or not loaded at all), its holder, the API and its router, for in-process tests.
final class APIWorld: @unchecked Sendable {
    // @unchecked Sendable: the lets are set once; tests touch the harness from one thread.

    /// The time every test runs at: an hour after the simulator's lists were issued (fresh until a day after).
    static let now = TestPKI.referenceTime + 3600

    let harness: RefreshHarness
    let holder: ServiceHolder
    let api: TrustAPI
    let router: HTTPRouter

    /// - Parameters:
    ///   - loaded: refresh the service once (both lists fresh); false leaves it unloaded (`no_trust`).
    ///   - time: the API's clock.
    ///   - harness: the network and its sources (default: the simulator's lists alone).
    init(loaded: Bool = true, at time: Date = APIWorld.now, harness: RefreshHarness? = nil) throws {
        self.harness = try harness ?? RefreshHarness()
        let service = self.harness.service()
        if loaded { _ = try service.refresh(at: Self.now, lockTimeout: 5) }
        holder = ServiceHolder(service)
        api = TrustAPI(holder: holder, now: { time })
        router = api.makeRouter()
    }

    var service: TrustService { holder.service }
    var sim: ListSimulator { harness.sim }

    /// The simulator's reader chain, leaf first.
    var readerChain: [Certificate] { [sim.readerLeaf.certificate, sim.readerIntermediate.certificate] }
    /// A document signer under the first IACA (mDL only), with its IACA.
    var issuerChain: [Certificate] { [sim.documentSigner.certificate, sim.iacas[0].iaca.certificate] }

    /// A `GET`, in-process.
    func get(_ path: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: .get, path: path, headers: headers))
    }

    /// A `POST` with `body`, in-process.
    func post(_ path: String, _ body: String, contentType: String? = "application/json") -> HTTPResponse {
        var headers = HTTPHeaders()
        if let contentType { headers["Content-Type"] = contentType }
        return router.respond(to: HTTPRequest(method: .post, path: path, headers: headers, body: Array(body.utf8)))
    }

    /// `["…", "…"]`: the chain as a JSON array of base64 DER.
    static func x5c(_ chain: [Certificate]) -> String {
        "[" + chain.map { "\"\(Base64.encode($0.derEncoded))\"" }.joined(separator: ",") + "]"
    }
}

extension HTTPResponse {
    /// The body as a JSON object (Foundation), or an empty one.
    var jsonObject: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    /// The error body's reason code.
    var reason: String? { jsonObject["reason"] as? String }
}
