import Dispatch
import Foundation
import Publishing
import Synchronization
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Queries on several threads while generations are swapped: every answer comes whole from one generation, and
/// nothing crashes or deadlocks.
@Suite("Trust queries: threads and generation swaps")
struct QueryConcurrencyTests {
    @Test("readers and issuers queried on several threads while generations with and without an IACA alternate")
    func swapsUnderLoad() throws {
        let world = try QueryWorld()
        let sim = world.sim
        let (iaca, docTypes) = sim.iacas[2]
        let signer = try QueryWorld.documentSigner(under: iaca)
        let with = try world.snapshot(vical: sim.vicalContent(), rical: sim.ricalContent())
        var content = sim.vicalContent(issueID: 2)
        content.entries.removeAll { $0.certificate == iaca.certificate }
        let without = try world.snapshot(vical: content, rical: sim.ricalContent(), previousGeneration: 1)

        let queries = TrustQueries(snapshot: with)
        let readerChain = world.readerChain
        let now = world.now
        let unexpected = Atomic<Int>(0)
        let trustedIssuer = Atomic<Int>(0)
        let removedIssuer = Atomic<Int>(0)
        let done = Atomic<Bool>(false)

        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            if worker == 0 {
                for round in 0..<200 { queries.install(round.isMultiple(of: 2) ? without : with) }
                done.store(true, ordering: .releasing)
                return
            }
            var iterations = 0
            while !done.load(ordering: .acquiring) || iterations < 50 {
                iterations += 1
                if !queries.readerDecision(chain: readerChain, at: now).isTrusted {
                    unexpected.add(1, ordering: .relaxed)
                }
                let decision = queries.issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: now)
                switch decision.reason {
                case nil: trustedIssuer.add(1, ordering: .relaxed)
                case .notOnTrustList?: removedIssuer.add(1, ordering: .relaxed)
                default: unexpected.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(unexpected.load(ordering: .relaxed) == 0)
        #expect(trustedIssuer.load(ordering: .relaxed) + removedIssuer.load(ordering: .relaxed) >= 200)
        // The last install was `with` (round 199 is odd).
        #expect(queries.generation == 1)
        #expect(queries.issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: now).isTrusted)
    }
}
