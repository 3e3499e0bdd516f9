import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Reader decisions on the simulated network: chains under the RICAL's reader CA, listed leaves and intermediates,
/// wrong EKU, unknown roots, impersonation and validity.
@Suite("Trust queries: readers")
struct ReaderQueryTests {
    let world: QueryWorld
    let queries: TrustQueries

    init() throws {
        world = try QueryWorld()
        queries = TrustQueries(snapshot: try world.defaultSnapshot())
    }

    var sim: ListSimulator { world.sim }

    func expectNotTrusted(
        _ decision: TrustDecision, _ reason: ReasonCode, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(decision.reason == reason, "\(decision.message)", sourceLocation: sourceLocation)
        #expect(!decision.isTrusted, sourceLocation: sourceLocation)
        #expect(!decision.message.isEmpty, sourceLocation: sourceLocation)
    }

    /// A RICAL of the simulator with the given entries, dated at the reference time.
    func rical(_ entries: [ListContent.Entry]) -> ListContent {
        var content = sim.ricalContent()
        content.entries = entries
        return content
    }

    @Test("a reader chain (leaf and intermediate) under the listed reader CA is trusted, by the leaf's CN")
    func trustedWithIntermediate() throws {
        let decision = queries.readerDecision(chain: world.readerChain, at: world.now)
        guard case .trusted(let trusted) = decision else {
            Issue.record("expected trusted: \(decision.message)")
            return
        }
        #expect(trusted.verifiedBy == .certificate(commonName: "Sim Reader"))
        #expect(trusted.commonName == "Sim Reader")
        #expect(trusted.anchor.sha256 == sim.readerCA.certificate.sha256Hex)
        #expect(trusted.anchor.subject == sim.readerCA.certificate.subject.rfc4514)
        #expect(trusted.anchor.list == QueryWorld.ricalID)
        #expect(trusted.anchor.provider == "Sim")
        #expect(trusted.anchor.issueID == 1)
        #expect(trusted.anchor.name == "Sim Reader CA")
        #expect(trusted.anchor.listState == .fresh)
        #expect(
            trusted.chain == [
                sim.readerLeaf.certificate.sha256Hex, sim.readerIntermediate.certificate.sha256Hex,
                sim.readerCA.certificate.sha256Hex,
            ])
        #expect(trusted.docTypes.isEmpty)
    }

    @Test("the leaf alone, without its intermediate, relates to no listed entry: not on the trust list")
    func leafWithoutIntermediate() throws {
        expectNotTrusted(
            queries.readerDecision(chain: [sim.readerLeaf.certificate], at: world.now), .notOnTrustList)
    }

    @Test("the leaf alone is trusted when the RICAL lists its intermediate as a non-anchor beside the root")
    func listedNonAnchorIntermediate() throws {
        let snapshot = try world.snapshot(
            vical: nil,
            rical: rical([
                ListContent.Entry(certificate: sim.readerCA.certificate),
                ListContent.Entry(certificate: sim.readerIntermediate.certificate, isTrustAnchor: false),
            ]))
        let decision = TrustQueries(snapshot: snapshot).readerDecision(
            chain: [sim.readerLeaf.certificate], at: world.now)
        #expect(decision.isTrusted, "\(decision.message)")
        #expect(decision.anchor?.sha256 == sim.readerCA.certificate.sha256Hex)
    }

    @Test("a non-anchor entry is only an intermediate: without the root listed the chain does not validate")
    func nonAnchorAlone() throws {
        let snapshot = try world.snapshot(
            vical: nil,
            rical: rical([ListContent.Entry(certificate: sim.readerIntermediate.certificate, isTrustAnchor: false)]))
        let decision = TrustQueries(snapshot: snapshot).readerDecision(chain: world.readerChain, at: world.now)
        expectNotTrusted(decision, .chainInvalid)
        #expect(decision.message.contains("unable to get"))
    }

    @Test("a listed intermediate that is an anchor ends the chain there (partial chain)")
    func listedIntermediateAnchor() throws {
        let snapshot = try world.snapshot(
            vical: nil, rical: rical([ListContent.Entry(certificate: sim.readerIntermediate.certificate)]))
        let decision = TrustQueries(snapshot: snapshot).readerDecision(
            chain: [sim.readerLeaf.certificate], at: world.now)
        #expect(decision.isTrusted, "\(decision.message)")
        #expect(decision.anchor?.sha256 == sim.readerIntermediate.certificate.sha256Hex)
    }

    @Test("a reader leaf listed directly is trusted as a chain of one")
    func listedLeaf() throws {
        let snapshot = try world.snapshot(
            vical: nil, rical: rical([ListContent.Entry(certificate: sim.readerLeaf.certificate, name: "Kiosk")]))
        let decision = TrustQueries(snapshot: snapshot).readerDecision(
            chain: [sim.readerLeaf.certificate], at: world.now)
        guard case .trusted(let trusted) = decision else {
            Issue.record("expected trusted: \(decision.message)")
            return
        }
        #expect(trusted.commonName == "Sim Reader")
        #expect(trusted.chain == [sim.readerLeaf.certificate.sha256Hex])
        #expect(trusted.anchor.name == "Kiosk")
    }

    @Test("a leaf under the listed CA without the reader EKU is reader_eku, naming the anchor")
    func missingEKU() throws {
        let other = try TestPKI.leaf(
            "Sim Not A Reader", under: sim.readerIntermediate, extendedKeyUsage: [OID.documentSignerEKU])
        let decision = queries.readerDecision(
            chain: [other.certificate, sim.readerIntermediate.certificate], at: world.now)
        expectNotTrusted(decision, .readerEKU)
        #expect(decision.message.contains(OID.readerAuthenticationEKU))
        #expect(decision.anchor?.sha256 == sim.readerCA.certificate.sha256Hex)
        let noEKU = try TestPKI.leaf("Sim No EKU", under: sim.readerIntermediate, extendedKeyUsage: nil)
        expectNotTrusted(
            queries.readerDecision(chain: [noEKU.certificate, sim.readerIntermediate.certificate], at: world.now),
            .readerEKU)
    }

    @Test("a reader chain under an unknown root is not on the trust list")
    func unknownRoot() throws {
        let root = try TestPKI.root("Unknown Reader Root")
        let intermediate = try TestPKI.intermediate("Unknown Reader Intermediate", under: root)
        let leaf = try TestPKI.leaf(
            "Unknown Reader", under: intermediate, extendedKeyUsage: [OID.readerAuthenticationEKU])
        let decision = queries.readerDecision(
            chain: [leaf.certificate, intermediate.certificate, root.certificate], at: world.now)
        expectNotTrusted(decision, .notOnTrustList)
        #expect(decision.message.contains("sim/rical"))
    }

    @Test("a leaf naming the listed CA as issuer but signed by another key is chain_invalid")
    func impersonatedIssuer() throws {
        // Same subject Name as the listed reader CA, another key.
        let impostor = try DemoNetwork.issue(
            "Sim Reader CA", at: TestPKI.referenceTime, validDays: 3650, kind: .ca(pathLength: nil))
        let leaf = try TestPKI.leaf("Sim Fake Reader", under: impostor, extendedKeyUsage: [OID.readerAuthenticationEKU])
        #expect(leaf.certificate.issuer == sim.readerCA.certificate.subject)
        expectNotTrusted(queries.readerDecision(chain: [leaf.certificate], at: world.now), .chainInvalid)
    }

    @Test("a query outside the leaf's validity is chain_invalid with OpenSSL's text")
    func outsideLeafValidity() throws {
        let shortLived = try TestPKI.leaf(
            "Sim Short Reader", under: sim.readerIntermediate, extendedKeyUsage: [OID.readerAuthenticationEKU],
            notBefore: TestPKI.referenceTime - TestPKI.day, notAfter: TestPKI.referenceTime + 1800)
        let chain = [shortLived.certificate, sim.readerIntermediate.certificate]
        #expect(queries.readerDecision(chain: chain, at: TestPKI.referenceTime + 1000).isTrusted)
        let expired = queries.readerDecision(chain: chain, at: world.now)
        expectNotTrusted(expired, .chainInvalid)
        #expect(expired.message.contains("certificate has expired"))

        let future = try TestPKI.leaf(
            "Sim Future Reader", under: sim.readerIntermediate, extendedKeyUsage: [OID.readerAuthenticationEKU],
            notBefore: world.now + 3600, notAfter: world.now + 30 * TestPKI.day)
        let early = queries.readerDecision(
            chain: [future.certificate, sim.readerIntermediate.certificate], at: world.now)
        expectNotTrusted(early, .chainInvalid)
        #expect(early.message.contains("certificate is not yet valid"))
    }

    @Test("a memoized validation is not used outside its window: the same chain expires on a later query")
    func memoRespectsValidity() throws {
        let shortLived = try TestPKI.leaf(
            "Sim Short Reader", under: sim.readerIntermediate, extendedKeyUsage: [OID.readerAuthenticationEKU],
            notBefore: TestPKI.referenceTime - TestPKI.day, notAfter: TestPKI.referenceTime + 1800)
        let chain = [shortLived.certificate, sim.readerIntermediate.certificate]
        for _ in 0..<3 { #expect(queries.readerDecision(chain: chain, at: TestPKI.referenceTime + 1000).isTrusted) }
        expectNotTrusted(queries.readerDecision(chain: chain, at: TestPKI.referenceTime + 1801), .chainInvalid)
        #expect(queries.readerDecision(chain: chain, at: TestPKI.referenceTime + 1800).isTrusted)
    }

    @Test(
        "memoized and unmemoized engines give the same answers: the reader CA as anchor, overdue still trusted, expired not"
    )
    func memoAgreesWithFullPath() throws {
        let snapshot = try world.defaultSnapshot()
        let memoized = TrustQueries(snapshot: snapshot)
        let plain = TrustQueries(snapshot: snapshot, memoCapacity: 0)
        // The RICAL is dated at the reference time with nextUpdate a day later and 3 days' grace (QueryWorld): by the
        // table of docs/architecture.md, List states: fresh an hour in, overdue (trusted, flagged) after 2 days,
        // expired after 5.
        let expected: [(Date, ListState?)] = [
            (world.now, .fresh), (TestPKI.referenceTime + 2 * TestPKI.day, .overdue),
            (TestPKI.referenceTime + 5 * TestPKI.day, nil),
        ]
        for round in 0..<2 {
            for (time, state) in expected {
                for queries in [memoized, plain] {
                    let decision = queries.readerDecision(chain: world.readerChain, at: time)
                    let which = "\(queries === memoized ? "memoized" : "plain"), round \(round), \(time)"
                    guard let state else {
                        expectNotTrusted(decision, .trustListExpired)
                        continue
                    }
                    guard case .trusted(let trusted) = decision else {
                        Issue.record("\(which): not trusted: \(decision.message)")
                        continue
                    }
                    #expect(trusted.commonName == "Sim Reader", "\(which)")
                    #expect(trusted.anchor.sha256 == sim.readerCA.certificate.sha256Hex, "\(which)")
                    #expect(trusted.anchor.list == QueryWorld.ricalID, "\(which)")
                    #expect(trusted.anchor.issueID == 1, "\(which)")
                    #expect(trusted.anchor.listState == state, "\(which)")
                }
                #expect(
                    memoized.readerDecision(chain: world.readerChain, at: time)
                        == plain.readerDecision(chain: world.readerChain, at: time))
            }
        }
    }

    @Test("a full memo is emptied before the next chain is kept: it never holds more than its capacity")
    func memoEviction() throws {
        let index = TrustIndex(try world.defaultSnapshot(), memoCapacity: 2)
        let chains = try (0..<3).map { number in
            let leaf = try TestPKI.leaf(
                "Sim Reader \(number)", under: sim.readerIntermediate, extendedKeyUsage: [OID.readerAuthenticationEKU])
            return [leaf.certificate, sim.readerIntermediate.certificate]
        }
        func memoized(_ number: Int) -> Bool { index.memos[.reader].lookup(ValidationMemo.key(chains[number])) != nil }
        func trusted(_ number: Int) -> Bool {
            index.readerDecision(chain: chains[number], at: world.now, ekuExemptNetworks: []).isTrusted
        }
        #expect(trusted(0) && trusted(1))
        #expect(memoized(0) && memoized(1))
        // The third validation finds the memo full: it is emptied and keeps only the newest chain.
        #expect(trusted(2))
        #expect(!memoized(0) && !memoized(1) && memoized(2))
        // An evicted chain is validated again, with the same answer, and memoized again.
        #expect(trusted(0))
        #expect(memoized(0) && memoized(2) && !memoized(1))
        // A failure is not memoized.
        let stranger = try TestPKI.root("Stranger CA")
        let strangerLeaf = try TestPKI.leaf(
            "Stranger", under: stranger, extendedKeyUsage: [OID.readerAuthenticationEKU])
        #expect(
            !index.readerDecision(chain: [strangerLeaf.certificate], at: world.now, ekuExemptNetworks: []).isTrusted)
        #expect(index.memos[.reader].lookup(ValidationMemo.key([strangerLeaf.certificate])) == nil)
    }

    @Test("an empty chain is chain_invalid")
    func emptyChain() {
        expectNotTrusted(queries.readerDecision(chain: [], at: world.now), .chainInvalid)
    }

    @Test("a VICAL IACA is no reader anchor")
    func iacaIsNoReaderAnchor() throws {
        let iaca = sim.iacas[0].iaca
        let leaf = try TestPKI.leaf("Reader under IACA", under: iaca, extendedKeyUsage: [OID.readerAuthenticationEKU])
        expectNotTrusted(queries.readerDecision(chain: [leaf.certificate], at: world.now), .notOnTrustList)
    }
}
