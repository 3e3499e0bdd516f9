import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// The snapshot: what the builder extracts, generations, the JSON form and its dates, and the file.
@Suite("Snapshot: builder, JSON and file")
struct SnapshotTests {
    let world: QueryWorld

    init() throws {
        world = try QueryWorld()
    }

    var sim: ListSimulator { world.sim }

    @Test("the builder extracts each IACA's and reader CA's fields from its certificate and entry")
    func extractedFields() throws {
        var vical = sim.vicalContent()
        vical.entries[0].issuingAuthority = "Utopia DMV"
        let snapshot = try world.snapshot(vical: vical, rical: sim.ricalContent())
        #expect(snapshot.schemaVersion == 2)
        #expect(snapshot.generation == 1)
        #expect(snapshot.builtAt == world.now)
        #expect(snapshot.issuers.count == 3)
        #expect(snapshot.verifiers.count == 1)

        let iaca = sim.iacas[0].iaca.certificate
        let issuer = snapshot.issuers[0]
        #expect(issuer.certificate == Data(iaca.derEncoded).base64EncodedString())
        #expect(issuer.sha256 == iaca.sha256Hex)
        #expect(issuer.ski == hexString(iaca.subjectKeyIdentifier ?? []))
        #expect(issuer.subject == "CN=Sim IACA Utopia,O=Sim Trust Network,C=US")
        #expect(issuer.subjectDER == Data(iaca.subject.derEncoded).base64EncodedString())
        #expect(issuer.isSelfIssued)
        #expect(issuer.issuingCountry == "US")
        #expect(issuer.issuingAuthority == "Utopia DMV")
        #expect(issuer.notBefore == iaca.notBefore)
        #expect(issuer.notAfter == iaca.notAfter)
        #expect(issuer.docTypes == ["org.iso.18013.5.1.mDL"])
        #expect(issuer.source == QueryWorld.vicalID)
        #expect(snapshot.issuers[1].docTypes == ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"])

        let verifier = snapshot.verifiers[0]
        #expect(verifier.sha256 == sim.readerCA.certificate.sha256Hex)
        #expect(verifier.name == "Sim Reader CA")
        #expect(verifier.isTrustAnchor)
        #expect(verifier.source == QueryWorld.ricalID)

        let source = try #require(snapshot.source(QueryWorld.ricalID))
        #expect(source.network == "sim")
        #expect(source.kind == .rical)
        #expect(source.provider == "Sim")
        #expect(source.issueID == 1)
        #expect(source.date == TestPKI.referenceTime)
        #expect(source.nextUpdate == TestPKI.referenceTime + TestPKI.day)
        #expect(source.state == .fresh)
        #expect(source.stateReason == nil)
        #expect(source.entries == 1)
        #expect(source.contributed == 1)
        #expect(source.signerNotAfter == sim.ricalSigner.certificate.notAfter)
        #expect(source.maxAgeSeconds == QueryWorld.maxAge)
        #expect(source.overdueGraceSeconds == QueryWorld.grace)

        // The source's SHA-256 is that of the signed bytes the list was verified from.
        let verified = try world.verified(sim.ricalContent())
        let rebuilt = SnapshotBuilder.build(
            [
                SnapshotBuilder.Input(
                    id: QueryWorld.ricalID, maxAgeSeconds: QueryWorld.maxAge, overdueGraceSeconds: QueryWorld.grace,
                    verified: verified, at: world.now)
            ], previousGeneration: nil, at: world.now)
        #expect(rebuilt.sources[0].sha256 == (try TestTools.sha256sum(verified.signedBytes)))
    }

    @Test("generations count up from the previous one; a snapshot is built anew each time")
    func generations() throws {
        let first = try world.defaultSnapshot()
        #expect(first.generation == 1)
        let second = try world.snapshot(
            vical: sim.vicalContent(), rical: sim.ricalContent(), previousGeneration: first.generation)
        #expect(second.generation == 2)
        #expect(SnapshotBuilder.build([], previousGeneration: 41, at: world.now).generation == 42)
        #expect(SnapshotBuilder.build([], previousGeneration: .max, at: world.now).generation == .max)

        let directory = try TemporaryDirectory()
        #expect((try? SnapshotFile.read(inCacheDirectory: directory.url))?.generation == nil)
        try SnapshotFile.write(second.snapshot, inCacheDirectory: directory.url)
        let stored = (try? SnapshotFile.read(inCacheDirectory: directory.url))?.generation
        #expect(stored == 2)
        #expect(SnapshotBuilder.build([], previousGeneration: stored, at: world.now).generation == 3)
    }

    @Test("a snapshot read back from its file equals the one written, sub-millisecond dates rounded once")
    func roundTrip() throws {
        // A date with seven fractional digits, as the NZTA RICAL has.
        var rical = sim.ricalContent(date: TestPKI.referenceTime + 0.652_142_5)
        rical.notAfter = TestPKI.referenceTime + 90 * TestPKI.day
        let snapshot = try world.snapshot(vical: sim.vicalContent(), rical: rical, at: world.now + 0.000_4)
        let directory = try TemporaryDirectory()
        try SnapshotFile.write(snapshot.snapshot, inCacheDirectory: directory.url)
        let read = try SnapshotFile.read(inCacheDirectory: directory.url)
        #expect(read == snapshot.snapshot)
        #expect(try read.jsonEncoded() == (try snapshot.jsonEncoded()))

        let text = String(decoding: try snapshot.jsonEncoded(), as: UTF8.self)
        #expect(text.contains("\"date\" : \"2026-01-01T00:00:00.652Z\""))
        #expect(text.contains("\"builtAt\" : \"2026-01-01T01:00:00Z\""))
        #expect(text.contains("\"schemaVersion\" : 2"))
        #expect(text.contains("\"state\" : \"fresh\""))
        #expect(text.contains("\"list\" : \"sim/rical\""))
        // The file is private to the service.
        let attributes = try FileManager.default.attributesOfItem(
            atPath: SnapshotFile.url(inCacheDirectory: directory.url).path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("a snapshot whose lists are absent round-trips too, with the absent values null")
    func roundTripWithoutLists() throws {
        let snapshot = try world.snapshot(vical: nil, rical: nil)
        let read = try Snapshot(jsonEncoded: try snapshot.jsonEncoded())
        #expect(read == snapshot.snapshot)
        #expect(read.sources.allSatisfy { $0.state == .noTrust && $0.summary == nil })
        #expect(String(decoding: try snapshot.jsonEncoded(), as: UTF8.self).contains("\"provider\" : null"))
    }

    @Test("a missing file is snapshot_missing")
    func missing() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: SnapshotError(.snapshotMissing)) { try SnapshotFile.read(inCacheDirectory: directory.url) }
    }

    /// Replaces a row's last value (its source) when it is `list`: rows end in `"<list>"` followed by `]`.
    static func rowSource(_ text: String, _ list: String, _ replacement: String) -> String {
        text.replacingOccurrences(
            of: "\"\(list)\"(\\s*\\])", with: "\(replacement)$1", options: .regularExpression)
    }

    static let corruptions: [(String, @Sendable (String) -> String)] = [
        ("not JSON", { _ in "snapshot" }),
        ("truncated", { String($0.prefix($0.count / 2)) }),
        ("empty", { _ in "" }),
        ("an array", { _ in "[]" }),
        ("a missing key", { $0.replacingOccurrences(of: "\"generation\"", with: "\"generashun\"") }),
        ("a mistyped value", { $0.replacingOccurrences(of: "\"state\" : \"fresh\"", with: "\"state\" : 3") }),
        ("an unknown state", { $0.replacingOccurrences(of: "\"state\" : \"fresh\"", with: "\"state\" : \"great\"") }),
        (
            "a bad date",
            {
                $0.replacingOccurrences(
                    of: "\"builtAt\" : \"2026-01-01T01:00:00Z\"", with: "\"builtAt\" : \"yesterday\"")
            }
        ),
        (
            "an impossible date in a row",
            { $0.replacingOccurrences(of: "\"2025-01-01T00:00:00Z\"", with: "\"2025-02-30T00:00:00Z\"") }
        ),
        ("a mistyped value in a row", { $0.replacingOccurrences(of: "\"org.iso.18013.5.1.mDL\"", with: "42") }),
        ("a row with a value too many", { rowSource($0, "sim/rical", "\"sim/rical\", 1") }),
        ("a renamed field", { $0.replacingOccurrences(of: "\"issuingAuthority\",", with: "\"issuer\",") }),
        ("a bad list id", { rowSource($0, "sim/vical", "\"sim-vical\"") }),
        ("an issuer of an unknown list", { rowSource($0, "sim/vical", "\"nowhere/vical\"") }),
        ("a verifier from a VICAL", { rowSource($0, "sim/rical", "\"sim/vical\"") }),
    ]

    @Test("a damaged file is rejected as snapshot_corrupt with a clear message", arguments: 0..<corruptions.count)
    func corrupt(index: Int) throws {
        let (name, damage) = Self.corruptions[index]
        let text = String(decoding: try world.defaultSnapshot().jsonEncoded(), as: UTF8.self)
        let damaged = damage(text)
        #expect(damaged != text, "the damage '\(name)' changed nothing")
        let directory = try TemporaryDirectory()
        try directory.write(Array(damaged.utf8), to: SnapshotFile.fileName)
        do {
            _ = try SnapshotFile.read(inCacheDirectory: directory.url)
            Issue.record("\(name): accepted")
        } catch {
            #expect(error.code == .snapshotCorrupt, "\(name): \(error)")
            #expect(error.reason.contains(SnapshotFile.fileName), "\(name): \(error)")
        }
    }

    @Test("a problem is named by its JSON path")
    func problemPath() throws {
        let text = String(decoding: try world.defaultSnapshot().jsonEncoded(), as: UTF8.self)
        let cases = [
            (text.replacingOccurrences(of: "\"subjectDER\",", with: "\"subjectDen\","), "issuers.fields: expected ["),
            (text.replacingOccurrences(of: "\"org.iso.18013.5.1.mDL\"", with: "42"), "issuers.rows[0][12][0]"),
            (
                text.replacingOccurrences(of: "\"2025-01-01T00:00:00Z\"", with: "\"2025-02-30T00:00:00Z\""),
                "issuers.rows[0][10]: expected an RFC 3339 time"
            ),
            (text.replacingOccurrences(of: "\"entries\" :", with: "\"entry\" :"), "sources[0].entries: missing"),
            (Self.rowSource(text, "sim/rical", "\"sim/rical\", 1"), "more values than the 12 fields"),
        ]
        for (damaged, message) in cases {
            #expect(throws: SnapshotError(.snapshotCorrupt)) { try Snapshot(jsonEncoded: Array(damaged.utf8)) }
            do {
                _ = try Snapshot(jsonEncoded: Array(damaged.utf8))
            } catch {
                #expect(error.reason.contains(message), "\(error)")
            }
        }
    }

    @Test("another schema version is snapshot_schema, whether or not the rest decodes")
    func otherSchema() throws {
        let text = String(decoding: try world.defaultSnapshot().jsonEncoded(), as: UTF8.self)
        let newer = text.replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 3")
        #expect(throws: SnapshotError(.snapshotSchema)) { try Snapshot(jsonEncoded: Array(newer.utf8)) }
        #expect(throws: SnapshotError(.snapshotSchema)) {
            try Snapshot(jsonEncoded: Array("{\"schemaVersion\": 7, \"everything\": \"else\"}".utf8))
        }
    }

    @Test(
        "dates are written and read as RFC 3339 UTC with milliseconds (epoch values from Python's datetime)",
        arguments: [
            (1_767_225_600.0, "2026-01-01T00:00:00Z"), (1_709_210_096.789, "2024-02-29T12:34:56.789Z"),
            (-616_892_277.0, "1950-06-15T01:02:03Z"), (4_107_542_400.0, "2100-03-01T00:00:00Z"),
            (1_763_028_553.652, "2025-11-13T10:09:13.652Z"), (253_402_300_799.0, "9999-12-31T23:59:59Z"),
            (0.0, "1970-01-01T00:00:00Z"),
        ])
    func dates(epoch: Double, text: String) {
        let date = Date(timeIntervalSince1970: epoch)
        #expect(Timestamp.text(date) == text)
        #expect(SnapshotTime.parse(text) == SnapshotTime.normalized(date))
        #expect(abs((SnapshotTime.parse(text)?.timeIntervalSince1970 ?? .nan) - epoch) < 0.000_5)
    }

    @Test(
        "an instant RFC 3339 cannot write (past year 9999, before year 0000) is clamped to the nearest one it can",
        arguments: [
            ("9999-12-31T23:59:59.9996Z", "9999-12-31T23:59:59.999Z"),
            ("9999-12-31T23:30:00-01:00", "9999-12-31T23:59:59.999Z"),
            ("0000-01-01T00:30:00+01:00", "0000-01-01T00:00:00Z"),
            ("0000-01-01T00:00:00.0004Z", "0000-01-01T00:00:00Z"),
        ])
    func datesAtTheEndsOfRFC3339(text: String, written: String) throws {
        let date = try #require(SnapshotTime.parse(text))
        #expect(Timestamp.text(date) == written)
        #expect(SnapshotTime.parse(Timestamp.text(date)) == date)
        for epoch in [1e13, 1e300, .infinity] {
            #expect(Timestamp.text(Date(timeIntervalSince1970: epoch)) == "9999-12-31T23:59:59.999Z")
            #expect(Timestamp.text(Date(timeIntervalSince1970: -epoch)) == "0000-01-01T00:00:00Z")
        }
    }

    @Test("a snapshot dated in the last half millisecond of year 9999 is written as it reads (a snapshot fuzz input)")
    func snapshotAtTheEndOfRFC3339() throws {
        let written = String(decoding: try world.snapshot(vical: nil, rical: nil).jsonEncoded(), as: UTF8.self)
        let builtAt = try #require(written.firstRange(of: #/"builtAt" : "[^"]*"/#))
        let edited = written.replacingCharacters(in: builtAt, with: #""builtAt" : "9999-12-31T23:59:59.9996Z""#)
        let snapshot = try Snapshot(jsonEncoded: Array(edited.utf8))
        #expect(try Snapshot(jsonEncoded: try snapshot.jsonEncoded()) == snapshot)
    }

    @Test("impossible dates are rejected; other RFC 3339 forms are read through Timestamp")
    func dateEdges() {
        for bad in ["2025-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01 00:00:00Z", ""]
        {
            #expect(SnapshotTime.parse(bad) == nil, "\(bad)")
        }
        #expect(SnapshotTime.parse("2024-02-29T00:00:00Z") != nil)
        #expect(SnapshotTime.parse("2026-01-01T02:00:00+02:00") == TestPKI.referenceTime)
        #expect(
            SnapshotTime.parse("2025-11-13T10:09:13.6521425Z")
                == SnapshotTime.normalized(Date(timeIntervalSince1970: 1_763_028_553.652)))
    }
}
