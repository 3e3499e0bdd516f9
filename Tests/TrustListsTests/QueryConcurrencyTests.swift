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
    @Test(
        "queries on four threads while generations with and without an IACA alternate: installs overlap queries, and each answer is its generation's"
    )
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
        // Installs completed so far: after an odd number the IACA is gone (`without`), after an even one it is back.
        let installs = Atomic<Int>(0)
        // The highest install count inside which some query started and finished (the installer's handshake).
        let confirmed = Atomic<Int>(0)
        // Queries during which an install completed: the overlap this test exists for.
        let overlapped = Atomic<Int>(0)
        let wrong = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
        let timedOut = Atomic<Bool>(false)
        let minimumRounds = 200
        let wantedOverlaps = 20

        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            if worker == 0 {
                // Install, then wait until a query has run wholly inside the new generation before the next install,
                // so that readers are always busy when an install happens; go on until enough installs overlapped a
                // query (the event this test waits for; a deadline only guards against a hang).
                let deadline = ContinuousClock.now + .seconds(120)
                var round = 0
                while round < minimumRounds || overlapped.load(ordering: .acquiring) < wantedOverlaps {
                    round += 1
                    queries.install(round.isMultiple(of: 2) ? with : without)
                    installs.store(round, ordering: .releasing)
                    while confirmed.load(ordering: .acquiring) < round {
                        guard ContinuousClock.now < deadline else {
                            timedOut.store(true, ordering: .relaxed)
                            done.store(true, ordering: .releasing)
                            return
                        }
                        sched_yield()
                    }
                    if ContinuousClock.now >= deadline {
                        timedOut.store(true, ordering: .relaxed)
                        break
                    }
                }
                done.store(true, ordering: .releasing)
                return
            }
            while !done.load(ordering: .acquiring) {
                let before = installs.load(ordering: .acquiring)
                let reader = queries.readerDecision(chain: readerChain, at: now)
                let issuer = queries.issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: now)
                let after = installs.load(ordering: .acquiring)
                guard reader.isTrusted, issuer.isTrusted || issuer.reason == .notOnTrustList else {
                    wrong.add(1, ordering: .relaxed)
                    continue
                }
                guard before == after else {
                    overlapped.add(1, ordering: .relaxed)
                    continue
                }
                // Wholly inside one generation: its answer, never the other's.
                if issuer.isTrusted != before.isMultiple(of: 2) { wrong.add(1, ordering: .relaxed) }
                var current = confirmed.load(ordering: .relaxed)
                while current < before {
                    let (exchanged, original) = confirmed.compareExchange(
                        expected: current, desired: before, ordering: .acquiringAndReleasing)
                    if exchanged { break }
                    current = original
                }
            }
        }
        let (didTimeOut, wrongAnswers, overlaps, last) = (
            timedOut.load(ordering: .relaxed), wrong.load(ordering: .relaxed), overlapped.load(ordering: .relaxed),
            installs.load(ordering: .relaxed)
        )
        #expect(!didTimeOut, "the installs did not overlap \(wantedOverlaps) queries in 120 s")
        #expect(wrongAnswers == 0)
        #expect(overlaps >= wantedOverlaps)
        #expect(last >= minimumRounds)
        // The last generation installed answers.
        #expect(queries.generation == (last.isMultiple(of: 2) ? 1 : 2))
        #expect(
            queries.issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: now).isTrusted
                == last.isMultiple(of: 2))
    }
}
