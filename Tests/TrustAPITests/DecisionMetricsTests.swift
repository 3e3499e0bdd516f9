import Foundation
import HTTPServer
import TestSupport
import Testing
import TrustAPI

/// `trustlists_decisions_total{query, result}` on `GET /metrics`: every endpoint and result at 0 from the start, then
/// one count per decision answered.
@Suite("TrustAPI: decision metrics")
struct DecisionMetricsTests {
    /// The sample lines of `trustlists_decisions_total`, keyed by their labels.
    static func decisions(_ world: APIWorld) -> [String: String] {
        var samples: [String: String] = [:]
        for line in world.get("/metrics").bodyText.split(separator: "\n")
        where line.hasPrefix("trustlists_decisions_total{") {
            let parts = line.split(separator: " ")
            samples[String(parts[0].dropFirst("trustlists_decisions_total".count))] = String(parts[1])
        }
        return samples
    }

    @Test("declared at 0 for every endpoint and result; a trusted and a not-trusted reader decision count apart")
    func countsByResult() throws {
        let world = try APIWorld()
        let before = Self.decisions(world)
        // reader, issuer, request, device-request, credential and evaluation, each trusted and not_trusted.
        #expect(before.count == 12, "\(before)")
        #expect(before.values.allSatisfy { $0 == "0" })
        #expect(before["{query=\"reader\",result=\"trusted\"}"] == "0")
        _ = world.post("/v1/decisions/reader", "{\"x5c\": \(APIWorld.x5c(world.readerChain))}")
        _ = world.post("/v1/decisions/reader", "{\"x5c\": \(APIWorld.x5c(world.issuerChain))}")
        _ = world.post("/v1/decisions/reader", "{\"x5c\": \(APIWorld.x5c(world.issuerChain))}")
        let after = Self.decisions(world)
        #expect(after["{query=\"reader\",result=\"trusted\"}"] == "1")
        #expect(after["{query=\"reader\",result=\"not_trusted\"}"] == "2")
        #expect(after["{query=\"issuer\",result=\"trusted\"}"] == "0")
        // A refused body is no decision.
        _ = world.post("/v1/decisions/reader", "{}")
        #expect(Self.decisions(world) == after)
    }
}
