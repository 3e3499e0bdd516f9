import Foundation
import HTTPServer
import JOSE
import Publishing
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

@testable import TrustAPI

/// The caches of decoded request bodies and chains (``DecodeCache``, ``ChainCache``): what they keep is parsed bytes,
/// never an answer, so every request is still decided by the current generation and its time.
@Suite("TrustAPI: decoded bodies and chains are reused, decisions are not")
struct DecodeCacheTests {
    /// A failure for the cache tests' decoders.
    struct Refused: Error {}

    @Test("the same bytes are decoded once; other bytes, failures and inputs over the item bound every time")
    func decodesOnce() throws {
        let cache = DecodeCache<Int>(capacity: 8, maxBytes: 1 << 20, maxItemBytes: 64)
        var calls = 0
        func decode(_ bytes: [UInt8]) throws -> Int {
            try cache.value(decodedFrom: bytes) { () throws(Refused) -> Int in
                calls += 1
                guard bytes.first != 0xFF else { throw Refused() }
                return bytes.count
            }
        }
        #expect(try decode([1, 2, 3]) == 3)
        #expect(try decode([1, 2, 3]) == 3)
        #expect(calls == 1)
        #expect(try decode([1, 2, 4]) == 3)
        #expect(calls == 2)
        #expect(throws: Refused.self) { try decode([0xFF]) }
        #expect(throws: Refused.self) { try decode([0xFF]) }
        #expect(calls == 4)
        let large = [UInt8](repeating: 7, count: 65)
        #expect(try decode(large) == 65)
        #expect(try decode(large) == 65)
        #expect(calls == 6)
        #expect(cache.count == 2)
    }

    @Test("bounded: never more values than the capacity, nor more input bytes than the bound")
    func bounded() throws {
        let byCount = DecodeCache<Int>(capacity: 4, maxBytes: 1 << 20, maxItemBytes: 64)
        for value in 0..<10 { _ = byCount.value(decodedFrom: [UInt8(value)]) { value } }
        #expect(byCount.count <= 4)
        #expect(byCount.value(decodedFrom: [9]) { -1 } == 9)
        let byBytes = DecodeCache<Int>(capacity: 100, maxBytes: 100, maxItemBytes: 64)
        for value in 0..<10 { _ = byBytes.value(decodedFrom: [UInt8](repeating: UInt8(value), count: 40)) { value } }
        #expect(byBytes.count <= 2)
    }

    @Test("a body posted again gets the same answer, and its 'at' still decides: past the leaf's validity, refused")
    func sameBodyAgain() throws {
        let world = try APIWorld()
        let body = "{\"x5c\": \(APIWorld.x5c(world.readerChain))}"
        let first = world.post("/v1/decisions/reader", body)
        let second = world.post("/v1/decisions/reader", body)
        #expect(first.status == 200 && second.status == 200)
        #expect(first.jsonObject["trusted"] as? Bool == true)
        #expect(second.body == first.body)
        #expect(world.api.bodies.count == 1)
        #expect(world.api.chains.chains.count == 1)
        // The cached chain under another body, at a time past the reader leaf's notAfter.
        let late = Timestamp.text(world.sim.readerLeaf.certificate.notAfter + 86_400)
        let expired = world.post(
            "/v1/decisions/reader", "{\"at\": \"\(late)\", \"x5c\": \(APIWorld.x5c(world.readerChain))}")
        #expect(expired.status == 200)
        #expect(expired.jsonObject["trusted"] as? Bool == false)
        #expect(world.api.chains.chains.count == 1)
    }

    @Test("a body posted again finds its chain kept with the body: the chain's texts are not looked up again")
    func chainKeptWithBody() throws {
        let world = try APIWorld()
        let body = "{\"x5c\": \(APIWorld.x5c(world.readerChain))}"
        #expect(world.post("/v1/decisions/reader", body).status == 200)
        let kept = world.api.bodies.value(decodedFrom: Array(body.utf8)) { ParsedBody(members: [:]) }
        #expect(kept.members["x5c"] != nil)
        #expect(kept.chain("x5c")?.map(\.sha256) == world.readerChain.map(\.sha256))
    }

    @Test("a chain trusted in one generation is refused in the next, whose RICAL no longer lists its CA")
    func nextGeneration() throws {
        let world = try APIWorld()
        let body = "{\"x5c\": \(APIWorld.x5c(world.readerChain))}"
        #expect(world.post("/v1/decisions/reader", body).jsonObject["trusted"] as? Bool == true)
        var rical = world.sim.ricalContent(issueID: 2)
        rical.entries = [ListContent.Entry(certificate: world.sim.iacas[0].iaca.certificate, name: "not the reader CA")]
        try world.harness.publish(rical)
        let generation = world.service.queries.generation
        _ = try world.service.refresh(at: APIWorld.now, lockTimeout: 5)
        #expect(world.service.queries.generation != generation)
        let after = world.post("/v1/decisions/reader", body)
        #expect(after.status == 200)
        #expect(after.jsonObject["trusted"] as? Bool == false)
        #expect(after.jsonObject["reason"] as? String == "not_on_trust_list")
    }

    @Test("a refused body is refused again, with its reason: failures are never kept")
    func refusalsAgain() throws {
        let world = try APIWorld()
        let notACertificate = "{\"x5c\": [\"\(Base64.encode([0x30, 0x03, 0x02, 0x01, 0x01]))\"]}"
        for _ in 0..<2 {
            let response = world.post("/v1/decisions/reader", notACertificate)
            #expect(response.status == 400)
            #expect(response.reason == "malformed_certificate")
        }
        #expect(world.api.chains.chains.count == 0)
        for _ in 0..<2 {
            let response = world.post("/v1/decisions/reader", "{\"x5c\": [}")
            #expect(response.status == 400)
            #expect(response.reason == "malformed_json")
        }
    }
}
