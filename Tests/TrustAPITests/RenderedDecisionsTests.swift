import Foundation
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

@testable import TrustAPI

/// ``RenderedDecisions``: the text kept for an answer, around a new time, is byte for byte what Foundation's
/// `JSONEncoder` writes for the whole decision object (``FoundationJSON``: nil members as `null`, as the wire has them).
@Suite("TrustAPI: decision JSON written once per answer")
struct RenderedDecisionsTests {
    @Test("reader and issuer decisions, trusted and not, at several times: the bytes JSONEncoder writes for the object")
    func sameBytes() throws {
        let world = try APIWorld()
        let queries = world.service.queries
        let rendered = RenderedDecisions()
        let late = world.sim.readerLeaf.certificate.notAfter + 86_400
        let cases: [(TrustDecision, String, String?, [Certificate])] = [
            (queries.readerDecision(chain: world.readerChain, at: APIWorld.now), "reader", nil, world.readerChain),
            (queries.readerDecision(chain: world.readerChain, at: late), "reader", nil, world.readerChain),
            (queries.readerDecision(chain: world.issuerChain, at: APIWorld.now), "reader", nil, world.issuerChain),
            (
                queries.issuerDecision(chain: world.issuerChain, docType: "org.iso.18013.5.1.mDL", at: APIWorld.now),
                "issuer", "org.iso.18013.5.1.mDL", world.issuerChain
            ),
            (
                queries.issuerDecision(chain: world.issuerChain, docType: "a \"quoted\"\n docType", at: APIWorld.now),
                "issuer", "a \"quoted\"\n docType", world.issuerChain
            ),
        ]
        #expect(cases[0].0.isTrusted && !cases[1].0.isTrusted && !cases[2].0.isTrusted && cases[3].0.isTrusted)
        let times = [APIWorld.now, APIWorld.now + 0.123, APIWorld.now + 86_399.5, Date(timeIntervalSince1970: 0)]
        for (decision, query, docType, chain) in cases {
            for time in times {
                // Foundation's JSONEncoder writes the reference (WireJSON's own writer is tested against it too).
                let expected = Array(
                    try FoundationJSON.render(
                        WireDecision(
                            decision, query: query, docType: docType, leaf: chain[0], at: time, generation: 7),
                        dateText: { Timestamp.text($0) }
                    ).utf8)
                let body = try rendered.body(
                    decision, query: query, docType: docType, leaf: chain[0], at: time, generation: 7)
                #expect(body == expected, "\(query) \(docType ?? "-") at \(time)")
            }
        }
        #expect(rendered.count == cases.count)
    }

    @Test("another generation or another leaf is other text")
    func keyedByEverything() throws {
        let world = try APIWorld()
        let decision = world.service.queries.readerDecision(chain: world.readerChain, at: APIWorld.now)
        let rendered = RenderedDecisions()
        let one = try rendered.body(
            decision, query: "reader", docType: nil, leaf: world.readerChain[0], at: APIWorld.now, generation: 1)
        let two = try rendered.body(
            decision, query: "reader", docType: nil, leaf: world.readerChain[0], at: APIWorld.now, generation: 2)
        let other = try rendered.body(
            decision, query: "reader", docType: nil, leaf: world.issuerChain[0], at: APIWorld.now, generation: 2)
        #expect(one != two && two != other)
        #expect(String(decoding: two, as: UTF8.self).contains("\"generation\" : 2"))
        #expect(String(decoding: other, as: UTF8.self).contains(world.issuerChain[0].sha256Hex))
        #expect(rendered.count == 3)
    }
}
