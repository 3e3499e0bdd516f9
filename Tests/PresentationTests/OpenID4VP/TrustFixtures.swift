import Foundation
import Presentation
import Publishing
import Synchronization
import TestSupport
import X509

@testable import TrustLists

/// The trust side of the decisions: a real `TrustQueries` over a snapshot of the simulated network whose RICAL lists
/// the simulator's reader CA and the Python verifier root, and a stand-in that validates against given anchors with
/// the X509 `ChainValidator` and records the EKU exemptions it is asked with.
enum TrustFixtures {
    /// `TrustQueries` whose RICAL (`sim/rical`, fresh at ``PythonRequests/now``) lists `extra` besides the simulator's
    /// reader CA.
    static func queries(world: QueryWorld, listing extra: [Certificate]) throws -> TrustQueries {
        var rical = world.sim.ricalContent()
        rical.entries =
            [ListContent.Entry(certificate: world.sim.readerCA.certificate)]
            + extra.map { ListContent.Entry(certificate: $0, name: "listed by the test") }
        return TrustQueries(snapshot: try world.snapshot(vical: world.sim.vicalContent(), rical: rical))
    }
}

/// A reader decision that validates the chain to `anchors` (every anchor ends a chain, as RICAL entries do), checks
/// the reader EKU unless the anchor's network is exempt, and records the exempt networks it was asked with.
final class AnchoredReaderTrust: ReaderTrust {
    let anchors: [Certificate]
    let network: String
    private let asked = Mutex<[Set<String>]>([])

    init(anchors: [Certificate], network: String = "fake") {
        self.anchors = anchors
        self.network = network
    }

    /// The exempt networks of every question asked, in order.
    var exemptNetworksAsked: [Set<String>] { asked.withLock { $0 } }

    func readerDecision(chain: [Certificate], at time: Date, readerEKUExemptNetworks: Set<String>) -> TrustDecision {
        asked.withLock { $0.append(readerEKUExemptNetworks) }
        guard let leaf = chain.first else { return .notTrusted(.chainInvalid, "empty chain") }
        switch ChainValidator(anchors: anchors, anchorRule: .everyAnchor)
            .validate(leaf: leaf, intermediates: Array(chain.dropFirst()), at: time)
        {
        case .invalid(let failure):
            return .notTrusted(.notOnTrustList, "not under the test anchors: \(failure)")
        case .valid(let validated):
            let anchor = TrustDecision.Anchor(
                sha256: validated.anchor.sha256Hex, subject: validated.anchor.subject.rfc4514,
                list: ListID(network: network, kind: .rical), provider: "Test", issueID: nil, listState: .fresh,
                name: nil)
            if !leaf.hasExtendedKeyUsage(OID.readerAuthenticationEKU), !readerEKUExemptNetworks.contains(network) {
                return .notTrusted(.readerEKU, "no reader EKU", anchor: anchor)
            }
            return .trusted(
                TrustDecision.Trusted(
                    verifiedBy: .certificate(commonName: leaf.subject.commonName ?? leaf.subject.rfc4514),
                    anchor: anchor, docTypes: [], chain: validated.certificates.map(\.sha256Hex),
                    message: "trusted by the test anchors"))
        }
    }
}

/// A fetcher that mimics the service's: `https` only (else `insecure_request_uri`), answers from a table, and
/// records what it was asked.
final class FakeFetcher: RequestObjectFetching {
    struct Call: Sendable {
        let url: String
        let method: RequestObjectFetchMethod
        let accept: String
    }

    private let responses: [String: (body: [UInt8], contentType: String?)]
    private let calls = Mutex<[Call]>([])

    init(_ responses: [String: (body: String, contentType: String?)]) {
        self.responses = responses.mapValues { (Array($0.body.utf8), $0.contentType) }
    }

    var recorded: [Call] { calls.withLock { $0 } }

    func fetchRequestObject(
        url: String, method: RequestObjectFetchMethod, accept: String
    ) throws -> (body: [UInt8], contentType: String?) {
        calls.withLock { $0.append(Call(url: url, method: method, accept: accept)) }
        guard URLComponents(string: url)?.scheme?.lowercased() == "https" else {
            throw PresentationError(.insecureRequestURI, "only https:// request_uri values are fetched")
        }
        guard let response = responses[url] else {
            throw PresentationError(.requestFetchFailed, "HTTP 404")
        }
        return response
    }
}
