import Foundation
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

/// ``WireJSON/render(_:)`` writes JSON directly; its output must stay byte for byte what `JSONEncoder` writes, since
/// `--json` outputs and the HTTP API's bodies are documented as that.
@Suite("WireJSON: the direct writer matches JSONEncoder")
struct WireJSONRenderTests {
    /// Keys that stress the ordering: case, digits, punctuation, prefixes, non-ASCII.
    static let keys = [
        "a", "A", "Z", "a10", "a9", "aB", "ab", "a_", "a-", "issueID", "issueId", "list", "listState", "anchorSHA256",
        "anchorSubject", "", "é", "e", "z", "😀", "key with space", "x/y",
    ]
    /// Strings that stress escaping.
    static let strings = [
        "", "plain", "quote \" and backslash \\", "slash / stays", "controls \u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}",
        "del \u{7f}", "é€😀", "line\nbreak", "CN=Sim Reader,O=Sim Trust Network,C=US",
    ]

    static func randomValue(_ generator: inout SplitMix64, depth: Int) -> Any? {
        let pick = Int(generator.next() % (depth > 3 ? 8 : 10))
        switch pick {
        case 0: return nil
        case 1: return generator.next() % 2 == 0
        case 2: return Int(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 63))
        case 3: return generator.next() >> (generator.next() % 64)
        case 4: return [0.5, 1.0, 1e-7, -0.0, 123456789.125, 1e300, 0.1][Int(generator.next() % 7)]
        case 5: return strings[Int(generator.next() % UInt64(strings.count))]
        case 6: return Date(timeIntervalSince1970: Double(generator.next() % 4_000_000_000) / 1000)
        case 7: return [String]()
        case 8:
            return (0..<Int(generator.next() % 4)).map { _ in randomValue(&generator, depth: depth + 1) } as [Any?]
        default:
            var object: WireJSON.Object = [:]
            for _ in 0..<Int(generator.next() % 6) {
                object[keys[Int(generator.next() % UInt64(keys.count))]] = randomValue(&generator, depth: depth + 1)
            }
            return object
        }
    }

    @Test("random objects: every kind of value, empty containers, escapes, key orders", arguments: 0..<8)
    func randomObjects(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<200 {
            var object: WireJSON.Object = [:]
            for key in Self.keys where generator.next() % 3 == 0 {
                object[key] = Self.randomValue(&generator, depth: 0)
            }
            let direct = WireJSON.render(object)
            let reference = WireJSON.renderWithJSONEncoder(object)
            #expect(direct == reference)
            if direct != reference { return }
        }
    }

    @Test("the objects of the commands: status, refresh and decisions")
    func realObjects() throws {
        let harness = try RefreshHarness()
        let time = TestPKI.referenceTime + 3600
        let service = harness.service()
        let report = try service.refresh(at: time, lockTimeout: 5)
        let chain = [harness.sim.readerLeaf.certificate, harness.sim.readerIntermediate.certificate]
        let objects: [WireJSON.Object] = [
            WireJSON.status(
                service.status(at: time), snapshot: service.snapshot, configuration: service.configuration),
            WireJSON.refresh(report),
            WireJSON.decision(
                service.queries.readerDecision(chain: chain, at: time), query: "reader", docType: nil, leaf: chain[0],
                at: time, generation: 1),
            WireJSON.decision(
                service.queries.issuerDecision(chain: chain, docType: "org.iso.18013.5.1.mDL", at: time),
                query: "issuer", docType: "org.iso.18013.5.1.mDL", leaf: chain[0], at: time, generation: 1),
        ]
        for object in objects {
            #expect(WireJSON.render(object) == WireJSON.renderWithJSONEncoder(object))
        }
    }
}
