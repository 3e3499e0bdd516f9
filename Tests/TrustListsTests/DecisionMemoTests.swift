import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// The memo of trusted answers (``DecisionMemo``, docs/architecture.md, Queries): a kept answer is given again only
/// while the list states, CRL states and validity window it was made under hold, and only for the same question.
/// Each answer is checked against the time's expected state (from the list's and the CRL's dates) and against an
/// engine that keeps nothing (`memoCapacity: 0`), asked in the same order.
@Suite("Trust queries: kept answers")
struct DecisionMemoTests {
    let mDL = "org.iso.18013.5.1.mDL"

    @Test("a trusted answer is kept and given again; a refusal is not kept; capacity 0 keeps nothing")
    func keptOnlyWhenTrusted() throws {
        let world = try QueryWorld()
        let snapshot = try world.defaultSnapshot()
        let index = TrustIndex(snapshot, memoCapacity: 10)
        let key = DecisionMemo.Key(chain: ValidationMemo.key(world.readerChain), profile: "reader")
        let first = index.readerDecision(chain: world.readerChain, at: world.now)
        #expect(first.isTrusted, "\(first.message)")
        #expect(index.decisions.lookup(key)?.decision == first)
        #expect(index.readerDecision(chain: world.readerChain, at: world.now + 60) == first)

        let stranger = try TestPKI.root("Stranger CA")
        let leaf = try TestPKI.leaf("Stranger", under: stranger, extendedKeyUsage: [OID.readerAuthenticationEKU])
        #expect(index.readerDecision(chain: [leaf.certificate], at: world.now).reason == .notOnTrustList)
        #expect(
            index.decisions.lookup(
                DecisionMemo.Key(chain: ValidationMemo.key([leaf.certificate]), profile: "reader")) == nil)

        let none = TrustIndex(snapshot, memoCapacity: 0)
        #expect(none.readerDecision(chain: world.readerChain, at: world.now) == first)
        #expect(none.decisions.lookup(key) == nil)
    }

    @Test("answers about one chain to other questions are kept apart: an EKU exemption, a docType")
    func questionsKeptApart() throws {
        let world = try QueryWorld()
        let sim = world.sim
        let queries = TrustQueries(snapshot: try world.defaultSnapshot())
        // A reader leaf without the reader EKU: trusted only where its network ("sim") is exempt (Table B.8's EKU).
        let noEKU = try TestPKI.leaf("Sim Reader without EKU", under: sim.readerIntermediate, extendedKeyUsage: nil)
        let chain = [noEKU.certificate, sim.readerIntermediate.certificate]
        for _ in 0..<2 {
            #expect(queries.readerDecision(chain: chain, at: world.now, readerEKUExemptNetworks: ["sim"]).isTrusted)
            #expect(queries.readerDecision(chain: chain, at: world.now).reason == .readerEKU)
        }
        // A document signer under the VICAL's first IACA, asked about a docType it is listed for and one it is not.
        let (iaca, docTypes) = sim.iacas[0]
        let signer = [try QueryWorld.documentSigner(under: iaca).certificate]
        for _ in 0..<2 {
            #expect(queries.issuerDecision(chain: signer, docType: docTypes[0], at: world.now).isTrusted)
            #expect(
                queries.issuerDecision(chain: signer, docType: "org.example.unlisted", at: world.now).reason
                    == .docTypeNotAuthorized)
        }
    }

    @Test("a list going overdue, then expired, then a time inside its window again: the answers follow the states")
    func listStatesFollowed() throws {
        let world = try QueryWorld()
        let snapshot = try world.defaultSnapshot()
        let memoized = TrustQueries(snapshot: snapshot)
        let plain = TrustQueries(snapshot: snapshot, memoCapacity: 0)
        // The RICAL is dated at the reference time, nextUpdate a day later, 3 days' grace (QueryWorld).
        let times: [(Date, ListState?)] = [
            (world.now, .fresh), (world.now + 60, .fresh), (TestPKI.referenceTime + 2 * TestPKI.day, .overdue),
            (TestPKI.referenceTime + 2 * TestPKI.day + 60, .overdue), (TestPKI.referenceTime + 5 * TestPKI.day, nil),
            (world.now + 120, .fresh),
        ]
        for (time, state) in times {
            let kept = memoized.readerDecision(chain: world.readerChain, at: time)
            #expect(kept == plain.readerDecision(chain: world.readerChain, at: time), "\(time)")
            if let state {
                #expect(kept.isTrusted, "\(time): \(kept.message)")
                #expect(kept.anchor?.listState == state, "\(time)")
                #expect(kept.message.hasSuffix("; the list is overdue: refresh it") == (state == .overdue))
            } else {
                #expect(kept.reason == .trustListExpired, "\(time): \(kept.message)")
            }
        }
    }

    @Test("a CRL going stale and expired: the kept answer gains the warning, then require refuses, as without a memo")
    func crlStatesFollowed() throws {
        let require = try RevocationHarness(revocation: "\"mode\": \"require\", \"graceSeconds\": 3600")
        _ = try require.harness.refresh(at: require.t0)
        let service = try require.loadedService(at: require.t0)
        let plain = TrustQueries(snapshot: service.queries.verifiedSnapshot, memoCapacity: 0)
        let chain = require.issuerChain(require.sim.documentSigner)
        // The CRL's nextUpdate is crlLifetime after the reference time; grace 3600 s (the configuration above).
        let nextUpdate = TestPKI.referenceTime + RevocationHarness.crlLifetime
        let times: [(Date, CRLState?)] = [
            (require.t0, .fresh), (require.t0 + 60, .fresh), (nextUpdate + 1800, .stale),
            (nextUpdate + 1860, .stale), (nextUpdate + 3601, nil), (require.t0 + 120, .fresh),
        ]
        for (time, state) in times {
            let kept = service.queries.issuerDecision(chain: chain, docType: mDL, at: time)
            #expect(kept == plain.issuerDecision(chain: chain, docType: mDL, at: time), "\(time)")
            if let state {
                #expect(kept.isTrusted, "\(time): \(kept.message)")
                #expect(kept.revocation?.state == state, "\(time)")
                #expect(kept.warnings == (state == .fresh ? [] : [.revocationUnchecked]), "\(time)")
            } else {
                #expect(kept.reason == .revocationUnavailable, "\(time): \(kept.message)")
            }
        }
    }
}
