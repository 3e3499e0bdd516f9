import Foundation
import TestSupport
import Testing
import TrustLists
import X509

@testable import TrustCLI
@testable import TrustListsService

/// `trustctl status` (text): the status lists this process keeps, one row per URI with the facts `/v1/status` has in
/// JSON. Tokens and their facts from Python (``TestStatusLists``); dates written by Foundation's ISO 8601 formatter.
@Suite("trustctl status: the status list rows", .requires(.interopModules))
struct StatusListStatusTextTests {
    static let lists: TestStatusLists? = try? TestStatusLists.make()

    @Test("a kept list's row: URI, issuer, format, bits, count, iat, exp, state; a failed URI's row and its error")
    func rows() throws {
        let fixtures = try #require(Self.lists, "make_status_lists.py failed")
        let expected = try #require(fixtures.expected["valid-2bit.cwt"])
        // A service over the simulator whose network lets status lists be fetched from the fixtures' host; its
        // decisions' look-ups under the fixtures' IACA fetch one URI that serves the token and one that fails.
        let harness = try RefreshHarness(extraNetwork: #""statusLists": {"allowedHosts": ["issuer.example"]}"#)
        harness.source.set(fixtures.uri, .bytes(try fixtures.bytes("valid-2bit.cwt")))
        let other = "https://issuer.example/statuslists/gone"
        harness.source.set(other, .failure(TrustListError(.httpStatus, "404 Not Found from \(other)")))
        let service = harness.service()
        let iaca = try Certificate(pemEncoded: String(decoding: try fixtures.bytes("iaca.pem"), as: UTF8.self))
        let time = Date(timeIntervalSince1970: TimeInterval(expected.at))
        for uri in [fixtures.uri, other] {
            _ = service.statusLists.statusList(
                for: StatusListReference(index: 0, uri: uri), format: nil, anchor: iaca, network: "sim", at: time)
        }
        let lists = service.statusLists
        // The fetched token is stored by the service after the decision has it: wait for that.
        #expect(lists.waitUntilIdle(seconds: 30))
        let lines = StatusCommand.statusListText(lists.snapshot, at: time)
        #expect(lines.dropFirst().first == "Status lists:")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let iat = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(try #require(expected.iat))))
        let exp = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(try #require(expected.exp))))
        let table = lines.joined(separator: "\n")
        let header = try #require(table.split(separator: "\n").first { $0.hasPrefix("URI") })
        #expect(
            header.split(separator: " ").map(String.init) == [
                "URI", "ISSUER", "FORMAT", "BITS", "COUNT", "IAT", "EXP", "STATE", "LAST", "ERROR",
            ])
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix(fixtures.uri + " ") }, "\(table)")
        let signer = try Certificate(pemEncoded: String(decoding: try fixtures.bytes("signer.pem"), as: UTF8.self))
        #expect(row.contains(signer.subject.rfc4514), "\(row)")
        let facts = row.replacingOccurrences(of: signer.subject.rfc4514, with: "").split(separator: " ").map(
            String.init)
        #expect(
            facts == [
                fixtures.uri, "cwt", String(try #require(expected.bits)), String(try #require(expected.count)),
                iat, exp, "fresh", "-",
            ], "\(row)")
        let failed = try #require(table.split(separator: "\n").first { $0.hasPrefix(other + " ") }, "\(table)")
        #expect(failed.split(separator: " ").suffix(2) == ["missing", "http_status"], "\(failed)")
        #expect(lines.contains { $0.hasPrefix("status list \(other): last error http_status: ") }, "\(table)")
    }

    @Test("no status list kept: no section")
    func none() {
        #expect(StatusCommand.statusListText([:], at: Date(timeIntervalSince1970: 0)).isEmpty)
    }
}
