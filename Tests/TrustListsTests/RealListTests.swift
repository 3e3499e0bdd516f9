import COSE
import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// The real lists of the real-fixture folder (``RealFixtures``), verified at their own dates; the expected facts are
/// the fixture README's table, the SHA-256s those of the fixtures' `SHA256SUMS`, and the dates are read with
/// Foundation's `ISO8601DateFormatter` (or written as seconds since 1970), never with the code under test.
@Suite("Real published lists", .requires(.realFixtures))
struct RealListTests {
    struct Fact: Sendable, CustomStringConvertible {
        let file: String
        let kind: ListKind
        let root: String?
        let provider: String
        let date: String
        let issueID: UInt64?
        let nextUpdate: String?
        let entries: Int
        let x5chain: Int
        var description: String { file }
    }

    static let facts: [Fact] = [
        Fact(
            file: "aamva_vical_2024-09-24.cbor", kind: .vical, root: "aamva_dts_root_ca.pem", provider: "AAMVA",
            date: "2024-09-24T17:37:31Z", issueID: 616575, nextUpdate: "2024-09-25T17:37:31Z", entries: 3, x5chain: 3),
        Fact(
            file: "aamva_vical_2025-11-18.cbor", kind: .vical, root: "aamva_dts_root_ca.pem", provider: "AAMVA",
            date: "2025-11-18T18:38:12Z", issueID: 227602, nextUpdate: "2025-11-19T18:38:12Z", entries: 14, x5chain: 3),
        Fact(
            file: "austroads_vical_2024-09-19.cbor", kind: .vical, root: "austroads_dts_root_ca.pem",
            provider: "Austroads", date: "2024-09-19T23:19:59Z", issueID: 15, nextUpdate: nil, entries: 35, x5chain: 1),
        Fact(
            file: "nzta_rical_2025-11-13.rical", kind: .rical, root: "nzta_rical_root_ca.pem", provider: "NZTA",
            date: "2025-11-13T10:09:13.6521425Z", issueID: nil, nextUpdate: nil, entries: 16, x5chain: 1),
    ]

    /// An RFC 3339 date with whole seconds, read by Foundation (not by `Timestamp` or `RFC3339`, which are tested
    /// here); the NZTA RICAL's 7-digit fraction is written as seconds since 1970 instead.
    static func date(_ text: String) -> Date {
        if text == "2025-11-13T10:09:13.6521425Z" { return Date(timeIntervalSince1970: 1_763_028_553.652_142_5) }
        return ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    /// `SHA256SUMS` beside the fixtures: file name → lower-case hex SHA-256 (as `sha256sum` wrote them).
    static func sums() throws -> [String: String] {
        var sums: [String: String] = [:]
        for line in try RealFixtures.text("SHA256SUMS").split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count == 2 { sums[String(parts[1])] = String(parts[0]) }
        }
        return sums
    }

    static func root(_ file: String) throws -> Certificate {
        try Certificate(pemEncoded: try RealFixtures.text(file))
    }

    @Test("each real list verifies at its own date with its root and has the README's facts", arguments: facts)
    func verifiesWithFacts(fact: Fact) throws {
        let bytes = try RealFixtures.bytes(fact.file)
        let verifier = TrustListVerifier(anchors: [try Self.root(fact.root ?? "")])
        let verified = try verifier.verify(bytes, kind: fact.kind, at: Self.date(fact.date))
        #expect(verified.list.kind == fact.kind)
        #expect(verified.list.provider == fact.provider)
        #expect(abs(verified.list.date.timeIntervalSince(Self.date(fact.date))) < 0.001)
        #expect(verified.list.issueID == fact.issueID)
        #expect(verified.list.nextUpdate == fact.nextUpdate.map(Self.date))
        #expect(verified.list.entryCount == fact.entries)
        #expect(verified.x5chainCount == fact.x5chain)
        #expect(verified.algorithm == "ES256")
        #expect(verified.anchor == (try Self.root(fact.root ?? "")))
        let sum = try #require(try Self.sums()[fact.file], "\(fact.file) is not in SHA256SUMS")
        #expect(verified.sha256Hex == sum)
    }

    @Test("the AAMVA quirks are tolerated as warnings: DER-wrapped ski, capitalised keys")
    func aamvaWarnings() throws {
        let verified = try TrustListVerifier(anchors: [try Self.root("aamva_dts_root_ca.pem")])
            .verify(
                try RealFixtures.bytes("aamva_vical_2025-11-18.cbor"), kind: .vical,
                at: Self.date("2025-11-18T18:38:12Z"))
        let warnings = verified.warnings.joined(separator: "\n")
        #expect(warnings.contains("ski is DER-wrapped"))
        #expect(warnings.contains("key 'Extensions' read as 'extensions'"))
        #expect(warnings.contains("key 'CertificateProfile' read as 'certificateProfile'"))
        guard let vical = verified.list.vical else {
            Issue.record("not a VICAL")
            return
        }
        // The certificate's own SKI is used, never the DER-wrapped list value (04 14 ‖ keyId inside 04 16).
        for info in vical.certificateInfos {
            #expect(info.ski == info.certificate.subjectKeyIdentifier)
            #expect(info.ski.count == 20)
        }
        #expect(vical.certificateInfos.contains { $0.certificateProfiles == ["https://dmv.virginia.gov"] })
    }

    @Test("Austroads: empty stateOrProvinceName is read as absent; no nextUpdate")
    func austroadsQuirks() throws {
        let verified = try TrustListVerifier(anchors: [try Self.root("austroads_dts_root_ca.pem")])
            .verify(
                try RealFixtures.bytes("austroads_vical_2024-09-19.cbor"), kind: .vical,
                at: Self.date("2024-09-19T23:19:59Z"))
        guard let vical = verified.list.vical else {
            Issue.record("not a VICAL")
            return
        }
        #expect(vical.header.nextUpdate == nil)
        #expect(vical.certificateInfos.allSatisfy { $0.listed.stateOrProvinceName != "" })
        #expect(
            vical.certificateInfos.first?.docTypes == [
                "org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1", "org.micov.1", "org.iso.7367.1.mVRC",
            ])
    }

    @Test("NZTA RICAL: x5chain in the protected header, signer without EKU, 7-digit fractional date")
    func nztaQuirks() throws {
        let verified = try TrustListVerifier(anchors: [try Self.root("nzta_rical_root_ca.pem")])
            .verify(
                try RealFixtures.bytes("nzta_rical_2025-11-13.rical"), kind: .rical,
                at: Self.date("2025-11-13T10:09:14Z"))
        #expect(verified.signer.extendedKeyUsage == nil)
        #expect(!verified.warnings.contains { $0.contains("x5chain is in the") })
        guard let rical = verified.list.rical else {
            Issue.record("not a RICAL")
            return
        }
        #expect(rical.type == "org.iso.18013.5.1.reader_authentication")
        #expect(rical.header.url == "https://nzta.mdoc.online/NZTATestRical.rical")
        #expect(rical.certificateInfos.allSatisfy { $0.isTrustAnchor })
        // 2025-11-13T10:09:13.6521425Z: the fraction is kept to Date's precision.
        #expect(abs(rical.header.date.timeIntervalSince1970 - 1_763_028_553.6521425) < 0.000_01)
    }

    @Test("RDW (root not published): decodes, and its signature verifies with its x5chain leaf")
    func rdwSignatureAndDecode() throws {
        let bytes = try RealFixtures.bytes("rdw_test_vical_2025-02-25.vical")
        let message = try COSESign1(cborEncoded: bytes)
        let chain = try #require(try message.x5chain())
        #expect(chain.certificates.count == 1)
        #expect(!chain.isProtected)
        let signer = try Certificate(derEncoded: chain.certificates[0])
        try message.verifySignature(with: try signer.publicKey)
        var warnings = ListWarnings()
        let root = try CBORReader(try CBORDecoder().decode(try #require(message.payload))).map()
        let vical = try Vical(root, warnings: &warnings)
        #expect(vical.header.provider == "RDW")
        #expect(vical.header.issueID == 5)
        #expect(vical.header.date == Self.date("2025-02-25T00:00:00Z"))
        #expect(vical.header.nextUpdate == Self.date("2026-02-25T00:00:00Z"))
        // 45 entries are listed (Python's cbor2 counts 45, each with certificate, serialNumber, ski and docType);
        // entries 16 and 44 share an SKI, which is reported, not dropped. Entries 31, 34 and 35 encode BasicConstraints
        // cA=FALSE explicitly (BER, not DER: Python's cryptography refuses their extensions); OpenSSL, which parses
        // certificates here (docs/architecture.md, The snapshot), reads them, so no entry is dropped.
        #expect(vical.certificateInfos.count == 45)
        let duplicates = warnings.lines.filter { $0.contains("duplicate SKI") }
        #expect(duplicates.count == 1, "\(warnings.lines)")
        #expect(duplicates.first?.contains("certificateInfos[44]") == true, "\(duplicates)")
        #expect(!warnings.lines.contains { $0.hasPrefix("entry dropped") }, "\(warnings.lines)")
    }

    @Test("each real list fails with another network's root", arguments: facts)
    func failsWithOtherRoot(fact: Fact) throws {
        let other = fact.root == "austroads_dts_root_ca.pem" ? "aamva_dts_root_ca.pem" : "austroads_dts_root_ca.pem"
        let verifier = TrustListVerifier(anchors: [try Self.root(other)])
        #expect(throws: TrustListError(.chainInvalid)) {
            try verifier.verify(try RealFixtures.bytes(fact.file), kind: fact.kind, at: Self.date(fact.date))
        }
    }

    @Test(
        "the AAMVA lists fail at 2026-11-29: the signer has expired",
        arguments: ["aamva_vical_2024-09-24.cbor", "aamva_vical_2025-11-18.cbor"])
    func aamvaExpiredNow(file: String) throws {
        let verifier = TrustListVerifier(anchors: [try Self.root("aamva_dts_root_ca.pem")])
        #expect(throws: TrustListError(.signerExpired)) {
            try verifier.verify(try RealFixtures.bytes(file), kind: .vical, at: Self.date("2026-11-29T00:00:00Z"))
        }
    }

    @Test("a VICAL verified as a RICAL is the wrong list type, and vice versa")
    func wrongKind() throws {
        let aamva = TrustListVerifier(
            anchors: [try Self.root("aamva_dts_root_ca.pem")],
            settings: {
                var policy = VerificationSettings()
                policy.ricalSignerEKU = nil
                return policy
            }())
        #expect(throws: TrustListError(.wrongListType)) {
            try aamva.verify(
                try RealFixtures.bytes("aamva_vical_2025-11-18.cbor"), kind: .rical,
                at: Self.date("2025-11-18T18:38:12Z"))
        }
        var policy = VerificationSettings()
        policy.vicalSignerEKU = nil
        let nzta = TrustListVerifier(anchors: [try Self.root("nzta_rical_root_ca.pem")], settings: policy)
        #expect(throws: TrustListError(.wrongListType)) {
            try nzta.verify(
                try RealFixtures.bytes("nzta_rical_2025-11-13.rical"), kind: .vical,
                at: Self.date("2025-11-13T10:09:14Z"))
        }
    }
}
