import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

@testable import TrustCLI

/// `trustctl refresh` (text and `--json`) reports what the refresh did to each prefetched status list, and the
/// monitoring word and headline count a list only in `statusLists.mode` `require` (docs/operations.md, Status lists):
/// `missing` or `expired` CRITICAL, kept last good WARNING; in `warn` a list is informational. Tokens, URI and their
/// `bits`, `count`, `iat`, `exp` and the reasons they are refused for come from Python (``TestStatusLists``).
@Suite("trustctl refresh: status lists", .requires(.interopModules))
struct StatusListRefreshReportTests {
    static let lists: TestStatusLists? = try? TestStatusLists.make()

    var time: Date { TestPKI.referenceTime + 60 }

    func fixtures() throws -> TestStatusLists { try #require(Self.lists, "make_status_lists.py failed") }

    /// A harness whose VICAL also lists the Python IACA, prefetching the Python URI (serving `token`) in `mode`.
    func harness(serving token: String, mode: String) throws -> RefreshHarness {
        let fixtures = try fixtures()
        let harness = try RefreshHarness(
            extraNetwork: #""statusLists": {"mode": "\#(mode)", "prefetch": ["\#(fixtures.uri)"]}"#)
        var vical = harness.sim.vicalContent(issueID: 1)
        let iaca = try Certificate(pemEncoded: String(decoding: try fixtures.bytes("iaca.pem"), as: UTF8.self))
        vical.entries.append(.init(certificate: iaca, docTypes: ["org.iso.18013.5.1.mDL"]))
        try harness.publish(vical)
        harness.source.set(fixtures.uri, .bytes(try fixtures.bytes(token)))
        return harness
    }

    /// What `--json` says of one status list, read back with Foundation's decoder.
    struct Row: Decodable, Equatable {
        let network: String
        let uriSHA256: String
        let uri: String
        let outcome: String
        let reason: String?
        let state: String
        let mode: String
        let format: String?
        let bits: Int?
        let count: Int?
        let iat: Date?
        let exp: Date?
    }

    struct Report: Decodable {
        let status: String
        let headline: String
        let statusLists: [Row]
    }

    func json(_ report: RefreshReport) throws -> Report {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Report.self, from: Data(try WireJSON.render(WireRefreshReport(report)).utf8))
    }

    func date(_ seconds: Int?) -> Date? { seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) } }

    @Test("require: a verified list is OK, and text and JSON show its bits, count, iat and exp as built")
    func verifiedRow() throws {
        let fixtures = try fixtures()
        let expected = try #require(fixtures.expected["valid-2bit.jwt"])
        let report = try harness(serving: "valid-2bit.jwt", mode: "require").refresh(at: time)
        #expect(report.monitoringStatus == .ok)
        let wire = try json(report)
        #expect(wire.status == "OK")
        let sha = Digest.sha256.hash(Array(fixtures.uri.utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(
            wire.statusLists == [
                Row(
                    network: "sim", uriSHA256: sha, uri: fixtures.uri, outcome: "updated", reason: nil, state: "fresh",
                    mode: "require", format: "jwt", bits: expected.bits, count: expected.count,
                    iat: date(expected.iat), exp: date(expected.exp))
            ])
        let text = RefreshCommand.text(report)
        // Thousands grouped with commas, as docs/cli.md shows counts.
        let digits = String(try #require(expected.count))
        let grouped = digits.enumerated().map { ($0 > 0 && (digits.count - $0) % 3 == 0 ? "," : "") + String($1) }
            .joined()
        let iat = ISO8601DateFormatter().string(from: try #require(date(expected.iat)))
        #expect(
            text.contains(
                "status list sim \(fixtures.uri)  updated: iat \(iat), \(try #require(expected.bits)) bits, "
                    + "\(grouped) entries; state fresh, mode require"),
            "\(text)")
    }

    @Test("require: a list that never verified is CRITICAL, named in the headline with the reason it was refused")
    func missingCritical() throws {
        let fixtures = try fixtures()
        let expected = try #require(fixtures.expected["expired.jwt"])
        let report = try harness(serving: "expired.jwt", mode: "require").refresh(at: time)
        #expect(report.monitoringStatus == .critical)
        #expect(report.headline.hasPrefix("CRITICAL: status list sim \(fixtures.uri) missing (\(expected.expect))"))
        let wire = try json(report)
        #expect(wire.statusLists.map(\.state) == ["missing"])
        #expect(wire.statusLists.map(\.outcome) == ["failed"])
        #expect(wire.statusLists.map(\.reason) == [expected.expect])
        #expect(RefreshCommand.text(report).contains("status list sim \(fixtures.uri)  no trust: \(expected.expect)"))
    }

    @Test("warn: the same list is informational: the run is OK and the headline does not name it")
    func missingInformational() throws {
        let fixtures = try fixtures()
        let report = try harness(serving: "expired.jwt", mode: "warn").refresh(at: time)
        #expect(report.statusLists.map(\.state) == [.missing])
        #expect(report.monitoringStatus == .ok)
        #expect(!report.headline.contains("status list"))
        #expect(RefreshCommand.text(report).contains("status list sim \(fixtures.uri)  no trust:"))
    }

    @Test("require: the stored list past its exp is CRITICAL expired; a rollback kept last good is WARNING")
    func expiredAndKept() throws {
        let fixtures = try fixtures()
        let expected = try #require(fixtures.expected["valid-2bit.jwt"])
        let harness = try harness(serving: "valid-2bit.jwt", mode: "require")
        _ = try harness.refresh(at: time)

        harness.source.set(fixtures.uri, .bytes(try fixtures.bytes("older.jwt")))
        let kept = try harness.refresh(at: time + 60)
        #expect(kept.statusLists.map(\.state) == [.fresh])
        #expect(kept.statusLists.first?.outcome.name == "kept_last_good")
        #expect(kept.monitoringStatus == .warning)
        #expect(kept.headline.contains("status list sim \(fixtures.uri) kept last good (status_rollback)"))

        let exp = try #require(date(expected.exp))
        harness.source.set(fixtures.uri, .bytes(try fixtures.bytes("valid-2bit.jwt")))
        let expired = try harness.refresh(at: exp + 60)
        #expect(expired.statusLists.map(\.state) == [.expired])
        #expect(expired.monitoringStatus == .critical)
        #expect(expired.headline.contains("status list sim \(fixtures.uri) expired"))
        #expect(try json(expired).statusLists.first?.exp == exp)
    }
}
