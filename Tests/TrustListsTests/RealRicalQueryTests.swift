import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Reader decisions against the real NZTA RICAL of 2025-11-13, verified with its root at its date and built into a
/// snapshot. The entries and their SHA-256s were found with Python (`cbor2` + `cryptography`), not with this code.
@Suite("Trust queries: the real NZTA RICAL", .requires(.realFixtures))
struct RealRicalQueryTests {
    static let listTime = Timestamp.parse("2025-11-13T10:09:14Z") ?? .distantPast
    static let id = ListID(network: "nzta", kind: .rical)

    let rical: Rical
    let queries: TrustQueries

    init() throws {
        let root = try Certificate(pemEncoded: try RealFixtures.text("nzta_rical_root_ca.pem"))
        let verified = try TrustListVerifier(anchors: [root])
            .verify(try RealFixtures.bytes("nzta_rical_2025-11-13.rical"), kind: .rical, at: Self.listTime)
        guard let rical = verified.list.rical else { throw TestSupportError("not a RICAL") }
        self.rical = rical
        let snapshot = SnapshotBuilder.build(
            [
                SnapshotBuilder.Input(
                    id: Self.id, maxAgeSeconds: 30 * 86_400, overdueGraceSeconds: 3 * 86_400,
                    verified: verified, at: Self.listTime)
            ], previousGeneration: nil, at: Self.listTime)
        queries = TrustQueries(snapshot: snapshot)
    }

    /// The listed certificate whose subject CN is `commonName`.
    func listed(_ commonName: String) throws -> Certificate {
        try #require(rical.certificateInfos.first { $0.certificate.subject.commonName == commonName }?.certificate)
    }

    @Test("the snapshot has the list's 16 entries as verifiers, all anchors")
    func verifiers() throws {
        let snapshot = queries.snapshot
        #expect(snapshot.verifiers.count == 16)
        #expect(snapshot.verifiers.allSatisfy { $0.isTrustAnchor })
        #expect(snapshot.sources[0].state == .fresh)
        #expect(snapshot.sources[0].provider == "NZTA")
    }

    @Test("the listed reader leaf mDLRADemo is trusted as a chain of one, by its CN")
    func listedLeafTrusted() throws {
        let leaf = try listed("mDLRADemo")
        let decision = queries.readerDecision(chain: [leaf], at: Self.listTime)
        guard case .trusted(let trusted) = decision else {
            Issue.record("expected trusted: \(decision.message)")
            return
        }
        #expect(trusted.verifiedBy == .certificate(commonName: "mDLRADemo"))
        #expect(trusted.anchor.sha256 == "8bbb56911f3b19a0eb8c3e534e351c9977fa2ef2e67744336b1e3d4c951f421e")
        #expect(trusted.anchor.subject == "ST=US-TX,CN=mDLRADemo,OU=CID,O=Toppan,C=US")
        #expect(trusted.anchor.list == Self.id)
        #expect(trusted.anchor.provider == "NZTA")
        #expect(trusted.anchor.issueID == nil)
        #expect(trusted.chain.count == 1)
    }

    @Test("the listed leaf 'NIST TEST Reader for P-256' expired on 2024-11-21 and is not trusted")
    func expiredLeaf() throws {
        let leaf = try listed("NIST TEST Reader for P-256")
        #expect(leaf.sha256Hex == "25688edcfe2423addeb86d0a48eb465645376673dd14576f2c62b1915e77c918")
        let decision = queries.readerDecision(chain: [leaf], at: Self.listTime)
        #expect(decision.reason == .chainInvalid, "\(decision.message)")
        #expect(decision.message.contains("certificate has expired"))
    }

    @Test("a listed self-signed CA without the reader EKU, queried as a leaf, is reader_eku")
    func caWithoutEKU() throws {
        let root = try listed("OWF Multipaz TestApp Reader Root")
        #expect(root.sha256Hex == "1ec6ee3ca3e101bdd53d8eca433fd5c5d097175f6dbd993ee2430729985a587f")
        let decision = queries.readerDecision(chain: [root], at: Self.listTime)
        #expect(decision.reason == .readerEKU, "\(decision.message)")
        #expect(decision.anchor?.sha256 == "1ec6ee3ca3e101bdd53d8eca433fd5c5d097175f6dbd993ee2430729985a587f")
    }

    @Test("the list has no nextUpdate: 30 days of maxAge plus 3 of grace later it answers trust_list_expired")
    func expiresByMaxAge() throws {
        let leaf = try listed("mDLRADemo")
        let overdue = queries.readerDecision(chain: [leaf], at: Self.listTime + 31 * 86_400)
        #expect(overdue.isTrusted)
        #expect(overdue.anchor?.listState == .overdue)
        let expired = queries.readerDecision(chain: [leaf], at: Self.listTime + 34 * 86_400)
        #expect(expired.reason == .trustListExpired, "\(expired.message)")
    }
}
