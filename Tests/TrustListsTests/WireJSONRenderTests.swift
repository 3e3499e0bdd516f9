import Foundation
import TestSupport
import Testing
import TrustLists
import X509

@testable import TrustListsService

/// The wire values (``WireStatus``, ``WireDecision``, …) written by ``WireJSON/render(_:)``: byte for byte what
/// Foundation's `JSONEncoder` writes for them (``FoundationJSON``, with nil members as `null`), since `--json` outputs
/// and the HTTP API's bodies are documented as that; and every documented member present, `null` when absent.
@Suite("WireJSON: the wire values, written as JSONEncoder writes them")
struct WireJSONRenderTests {
    static func reference(_ value: some Encodable) throws -> String {
        try FoundationJSON.render(value, dateText: { Timestamp.text($0) })
    }

    @Test("the objects of the commands: status, refresh, events, decisions and verifications")
    func realObjects() throws {
        let harness = try RefreshHarness()
        let time = TestPKI.referenceTime + 3600
        let service = harness.service()
        let report = try service.refresh(at: time, lockTimeout: 5)
        let chain = [harness.sim.readerLeaf.certificate, harness.sim.readerIntermediate.certificate]
        let queries = service.queries
        var refresh = WireRefreshReport(report)
        refresh.dryRun = false
        refresh.coalesced = true
        let signed = try harness.sim.signed(harness.sim.vicalContent(issueID: 3))
        let verified = try TrustListVerifier(anchors: [harness.sim.root.certificate]).verify(
            signed, kind: .vical, at: time)
        let values: [any Encodable] = [
            WireStatus(service.status(at: time), snapshot: service.snapshot, configuration: service.configuration),
            WireRefreshReport(report), refresh,
            WireEvents([RefreshEvent(trigger: .schedule, only: nil, report: report)], limit: 5),
            WireDecision(
                queries.readerDecision(chain: chain, at: time), query: "reader", docType: nil, leaf: chain[0], at: time,
                generation: 1),
            WireDecision(
                queries.readerDecision(chain: chain, at: time + 1e9), query: "reader", docType: nil, leaf: chain[0],
                at: time + 1e9, generation: 1),
            WireDecision(
                queries.issuerDecision(chain: chain, docType: "org.iso.18013.5.1.mDL", at: time), query: "issuer",
                docType: "org.iso.18013.5.1.mDL", leaf: chain[0], at: time, generation: 1),
            WireListVerification(verified),
            WireListVerification(rejected: TrustListError(.rollback, "issue 3 is older than 4"), kind: .rical),
            WireLoTEVerification(rejected: TrustListError(.malformedJWS, "not a \"JWS\"\n")),
            WireCRLVerification(rejected: TrustListError(.crlExpired, "expired")),
            WireSnapshotSummary(service.snapshot),
        ]
        for value in values {
            #expect(try WireJSON.render(value) == (try Self.reference(value)), "\(type(of: value))")
        }
        // The snapshot: the one writer too, and Foundation's bytes (it writes its own nulls, so JSONEncoder as is).
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(try service.snapshot.jsonEncoded() == Array(try encoder.encode(service.snapshot)) + [0x0A])
    }

    @Test("a rejection names every documented member, null but for valid, reason, message and kind (docs/cli.md)")
    func rejectionMembers() throws {
        let error = TrustListError(.badSignature, "no")
        let list = try Self.members(WireListVerification(rejected: error, kind: .vical))
        #expect(
            Set(list.keys) == [
                "valid", "reason", "message", "kind", "provider", "issueID", "date", "nextUpdate", "notAfter", "entries",
                "warnings", "signer", "anchor", "sha256", "algorithm", "x5chain", "verifiedAt",
            ])
        #expect(list.filter { !($0.value is NSNull) }.keys.sorted() == ["kind", "message", "reason", "valid", "warnings"])
        let lote = try Self.members(WireLoTEVerification(rejected: error))
        #expect(Set(lote.keys) == Set(list.keys).union(["loteType", "sequenceNumber", "territory", "signingTime",
            "entities", "services"]))
        #expect(lote["kind"] as? String == "lote")
        let crl = try Self.members(WireCRLVerification(rejected: error))
        #expect(
            Set(crl.keys) == [
                "valid", "reason", "message", "kind", "issuer", "crlNumber", "thisUpdate", "nextUpdate", "revoked",
                "warnings", "version", "sha256", "issuerSHA256", "verifiedAt",
            ])
    }

    @Test("a reader decision has no issuer members; an issuer decision adds docType, docTypes and trustedBy")
    func decisionMembers() throws {
        let harness = try RefreshHarness()
        let time = TestPKI.referenceTime + 3600
        let service = harness.service()
        _ = try service.refresh(at: time, lockTimeout: 5)
        let chain = [harness.sim.readerLeaf.certificate, harness.sim.readerIntermediate.certificate]
        let common: Set<String> = [
            "trusted", "reason", "message", "query", "at", "generation", "leaf", "anchor", "verifiedBy", "revocation",
            "warnings", "chain",
        ]
        let reader = try Self.members(
            WireDecision(
                service.queries.readerDecision(chain: chain, at: time), query: "reader", docType: nil, leaf: chain[0],
                at: time, generation: 1))
        #expect(Set(reader.keys) == common)
        let issuer = try Self.members(
            WireDecision(
                service.queries.issuerDecision(chain: chain, docType: "x", at: time), query: "issuer", docType: "x",
                leaf: chain[0], at: time, generation: 1))
        #expect(Set(issuer.keys) == common.union(["docType", "docTypes", "trustedBy"]))
        #expect(issuer["trustedBy"] is NSNull)
    }

    /// The members of the object `value` is written as, read back by Foundation.
    static func members(_ value: some Encodable) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(try WireJSON.renderedBytes(value))) as? [String: Any])
    }
}
