import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// What queries answer when a list is overdue, expired (at query time or already at build time), missing, or not
/// configured: list states are recomputed at the time asked, and an unusable list is never answered as trusted.
@Suite("Trust queries: list states")
struct QueryListStateTests {
    let world: QueryWorld

    init() throws {
        world = try QueryWorld()
    }

    var sim: ListSimulator { world.sim }
    var reference: Date { TestPKI.referenceTime }

    func issuerChain() throws -> (chain: [Certificate], docType: String) {
        let (iaca, docTypes) = sim.iacas[0]
        return ([try QueryWorld.documentSigner(under: iaca).certificate], docTypes[0])
    }

    @Test("past nextUpdate but within the grace period the answer is trusted, flagged overdue")
    func overdue() throws {
        let queries = TrustQueries(snapshot: try world.defaultSnapshot())
        let decision = queries.readerDecision(chain: world.readerChain, at: reference + 2 * TestPKI.day)
        #expect(decision.isTrusted, "\(decision.message)")
        #expect(decision.anchor?.listState == .overdue)
        #expect(decision.message.contains("overdue"))
    }

    @Test("past nextUpdate plus grace a snapshot built while the list was fresh answers trust_list_expired")
    func expiredAfterGrace() throws {
        let snapshot = try world.defaultSnapshot()
        #expect(snapshot.sources.allSatisfy { $0.state == .fresh })
        let queries = TrustQueries(snapshot: snapshot)
        let past = reference + TestPKI.day + QueryWorld.grace + 1
        let reader = queries.readerDecision(chain: world.readerChain, at: past)
        #expect(reader.reason == .trustListExpired, "\(reader.message)")
        #expect(reader.message.contains("sim/rical"))
        let (chain, docType) = try issuerChain()
        #expect(queries.issuerDecision(chain: chain, docType: docType, at: past).reason == .trustListExpired)
        // The last second of grace is still trusted.
        #expect(
            queries.readerDecision(chain: world.readerChain, at: reference + TestPKI.day + QueryWorld.grace).isTrusted)
    }

    @Test("past the list signer's notAfter the list is expired even before nextUpdate")
    func signerExpired() throws {
        var rical = sim.ricalContent()
        rical.nextUpdate = reference + 400 * TestPKI.day
        let snapshot = try world.snapshot(vical: nil, rical: rical)
        let queries = TrustQueries(snapshot: snapshot)
        let signerEnd = sim.ricalSigner.certificate.notAfter
        let justBefore = queries.readerDecision(chain: world.readerChain, at: signerEnd - 3600)
        #expect(justBefore.isTrusted, "\(justBefore.message)")
        let after = queries.readerDecision(chain: world.readerChain, at: signerEnd + 1)
        #expect(after.reason == .trustListExpired, "\(after.message)")
        #expect(after.message.contains("signer"))
    }

    @Test("a list already expired at build time contributes nothing, and its source says so")
    func expiredAtBuild() throws {
        let buildTime = reference + 10 * TestPKI.day
        let snapshot = try world.snapshot(vical: sim.vicalContent(), rical: sim.ricalContent(), at: buildTime)
        #expect(snapshot.issuers.isEmpty)
        #expect(snapshot.verifiers.isEmpty)
        for source in snapshot.sources {
            #expect(source.state == .expired)
            #expect(source.contributed == 0)
            #expect(source.entries > 0)
            #expect(source.stateReason?.contains("grace") == true)
        }
        let queries = TrustQueries(snapshot: snapshot)
        // Even asked about a time when the list was fresh: its entries are not in the snapshot.
        #expect(queries.readerDecision(chain: world.readerChain, at: world.now).reason == .trustListExpired)
        let (chain, docType) = try issuerChain()
        #expect(queries.issuerDecision(chain: chain, docType: docType, at: buildTime).reason == .trustListExpired)
    }

    @Test("a configured list that never verified answers trust_list_unavailable, never trusted")
    func neverVerified() throws {
        let snapshot = try world.snapshot(vical: sim.vicalContent(), rical: nil)
        let rical = try #require(snapshot.source(QueryWorld.ricalID))
        #expect(rical.state == .noTrust)
        #expect(rical.provider == nil)
        #expect(rical.contributed == 0)
        let queries = TrustQueries(snapshot: snapshot)
        let decision = queries.readerDecision(chain: world.readerChain, at: world.now)
        #expect(decision.reason == .trustListUnavailable, "\(decision.message)")
        // The VICAL is unaffected.
        let (chain, docType) = try issuerChain()
        #expect(queries.issuerDecision(chain: chain, docType: docType, at: world.now).isTrusted)
    }

    @Test("no list of the kind configured answers trust_list_unavailable")
    func notConfigured() throws {
        let vicalOnly = SnapshotBuilder.build(
            [try world.input(QueryWorld.vicalID, sim.vicalContent(), at: world.now)], previousGeneration: nil,
            at: world.now)
        let decision = TrustQueries(snapshot: vicalOnly).readerDecision(chain: world.readerChain, at: world.now)
        #expect(decision.reason == .trustListUnavailable, "\(decision.message)")
        #expect(decision.message.contains("no RICAL or WRPAC providers LoTE is configured"))
        let empty = SnapshotBuilder.build([], previousGeneration: nil, at: world.now)
        let (chain, docType) = try issuerChain()
        #expect(
            TrustQueries(snapshot: empty).issuerDecision(chain: chain, docType: docType, at: world.now).reason
                == .trustListUnavailable)
    }

    @Test("with two networks, a chain of the expired one is trust_list_expired, an unknown chain not_on_trust_list")
    func twoNetworks() throws {
        // Network "sim" with a RICAL whose grace ends early; network "other" with a long-lived RICAL listing another CA.
        let otherCA = try TestPKI.root("Other Reader CA")
        var otherContent = sim.ricalContent()
        otherContent.nextUpdate = reference + 100 * TestPKI.day
        otherContent.entries = [ListContent.Entry(certificate: otherCA.certificate)]
        let otherID = ListID(network: "other", kind: .rical)
        let snapshot = SnapshotBuilder.build(
            [
                try world.input(QueryWorld.ricalID, sim.ricalContent(), at: world.now),
                try world.input(otherID, otherContent, at: world.now),
            ], previousGeneration: nil, at: world.now)
        let queries = TrustQueries(snapshot: snapshot)
        let later = reference + 10 * TestPKI.day

        let simReader = queries.readerDecision(chain: world.readerChain, at: later)
        #expect(simReader.reason == .trustListExpired, "\(simReader.message)")

        let otherLeaf = try TestPKI.leaf(
            "Other Reader", under: otherCA, extendedKeyUsage: [OID.readerAuthenticationEKU])
        #expect(queries.readerDecision(chain: [otherLeaf.certificate], at: later).isTrusted)

        let stranger = try TestPKI.root("Stranger CA")
        let strangerLeaf = try TestPKI.leaf(
            "Stranger", under: stranger, extendedKeyUsage: [OID.readerAuthenticationEKU])
        let unknown = queries.readerDecision(chain: [strangerLeaf.certificate], at: later)
        #expect(unknown.reason == .notOnTrustList, "\(unknown.message)")
        #expect(unknown.message.contains("not consulted: sim/rical is expired"))
    }

    @Test("a chain that fails under a usable list but validates under an expired one is trust_list_expired")
    func validatesOnlyUnderExpiredList() throws {
        // "other" lists an impostor with the reader CA's Name (related by Name, wrong key) and stays usable; "sim"
        // lists the real reader CA and expires after its grace period.
        let impostor = try TestPKI.root("Sim Reader CA")
        var otherContent = sim.ricalContent()
        otherContent.nextUpdate = reference + 100 * TestPKI.day
        otherContent.entries = [ListContent.Entry(certificate: impostor.certificate)]
        let snapshot = SnapshotBuilder.build(
            [
                try world.input(QueryWorld.ricalID, sim.ricalContent(), at: world.now),
                try world.input(ListID(network: "other", kind: .rical), otherContent, at: world.now),
            ], previousGeneration: nil, at: world.now)
        let queries = TrustQueries(snapshot: snapshot)
        #expect(queries.readerDecision(chain: world.readerChain, at: world.now).isTrusted)
        let later = queries.readerDecision(chain: world.readerChain, at: reference + 10 * TestPKI.day)
        #expect(later.reason == .trustListExpired, "\(later.message)")
        #expect(later.message.contains("sim/rical is expired"))
    }

    @Test("the source's state follows the states table: fresh to nextUpdate, overdue in the grace, then expired")
    func sourceStateFollowsTheTable() throws {
        let snapshot = try world.defaultSnapshot()
        let source = try #require(snapshot.source(QueryWorld.ricalID))
        // The RICAL: date = reference, nextUpdate = reference + 1 day, grace 3 days (QueryWorld), signer valid
        // until reference + 365 days (DemoNetwork). Times off the boundaries, which other tests pin.
        let expected: [(TimeInterval, ListState)] = [
            (0, .fresh), (TestPKI.day - 1, .fresh), (2 * TestPKI.day, .overdue), (4 * TestPKI.day - 1, .overdue),
            (4 * TestPKI.day + 1, .expired), (400 * TestPKI.day, .expired),
        ]
        for (offset, state) in expected {
            #expect(source.state(at: reference + offset).state == state, "at reference + \(offset) s")
        }
        #expect(source.state(at: reference + 400 * TestPKI.day).reason?.contains("signer") == true)
    }
}
