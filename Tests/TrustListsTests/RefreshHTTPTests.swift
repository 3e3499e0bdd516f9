import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Refresh through libcurl against the loopback server with fault injection: each fault is refused with its reason
/// code, and the last good list survives.
@Suite(
    "Refresh over HTTP with faults", .requires(.python3)
)
final class RefreshHTTPTests {
    let sim: ListSimulator
    let served: TemporaryDirectory
    let cacheFolder: TemporaryDirectory
    let server: ListServer
    let t0 = TestPKI.referenceTime + 3600
    let vicalID = ListID(network: "sim", kind: .vical)

    init() throws {
        sim = try ListSimulator()
        served = try TemporaryDirectory()
        cacheFolder = try TemporaryDirectory()
        try served.write(Array(sim.root.certificate.pemEncoded.utf8), to: "root.pem")
        try served.write(try sim.signed(sim.vicalContent(issueID: 1)), to: "vical")
        try served.write(try sim.signed(sim.ricalContent(issueID: 1)), to: "rical")
        server = try ListServer(root: served.url)
    }

    deinit { server.stop() }

    /// The configuration of the loopback network (written again each time, to the same cache).
    /// - Parameters:
    ///   - totalTimeoutSeconds: the fetch deadline: a minute by default, which a normal fetch meets on a loaded
    ///     2-core machine; the timeout fault uses a short one of its own.
    ///   - base: the server's URL prefix (another one points the lists at a closed port).
    func configuration(totalTimeoutSeconds: Double = 60, base: String? = nil) throws -> Configuration {
        let base = base ?? server.url("")
        return try RefreshHarness.configuration(
            in: cacheFolder.url, pin: sim.root.certificate.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: (base + "/root.pem", base + "/vical", base + "/rical"), allowInsecure: true,
            extraTop: "\"http\": { \"totalTimeoutSeconds\": \(totalTimeoutSeconds), \"maxBytes\": 262144 }")
    }

    func refresh(_ configuration: Configuration, at time: Date) throws -> RefreshReport {
        try TrustService(configuration: configuration).refresh(at: time)
    }

    /// The status as `trustctl status` gives it: a read-only service that verifies the cache again.
    func status(_ configuration: Configuration, at time: Date) throws -> StatusReport {
        let service = TrustService(configuration: configuration, readOnly: true)
        try service.load(at: time)
        return service.status(at: time)
    }

    func vicalOutcome(_ report: RefreshReport) -> RefreshOutcome? {
        report.results.first { $0.id == vicalID }?.outcome
    }

    @Test("first fetch over HTTP, then 304 with the server's ETag, then each fault keeps the last good list")
    func faults() throws {
        let configuration = try configuration()
        #expect(vicalOutcome(try refresh(configuration, at: t0)) == .updated)
        #expect(vicalOutcome(try refresh(configuration, at: t0 + 10)) == .unchanged("not modified (HTTP 304)"))
        // A new issue on the server is picked up.
        try served.write(try sim.signed(sim.vicalContent(issueID: 2)), to: "vical")
        #expect(vicalOutcome(try refresh(configuration, at: t0 + 20)) == .updated)

        // The trickle (about 2.5 KB at 40 B/s, a minute) is cut by a 2-second deadline of its own; every other
        // fetch keeps the minute.
        let short = try self.configuration(totalTimeoutSeconds: 2)
        let faults: [([String: String], TrustListError.Code, Configuration)] = [
            (["status": "404"], .httpStatus, configuration), (["status": "500"], .httpStatus, configuration),
            (["trickle": "40", "etag": "none", "last_modified": "none"], .timeout, short),
            (["endless": "1"], .tooLarge, configuration),
            (["content_length": "100000000", "etag": "\"changed\""], .tooLarge, configuration),
            (["truncate": "100", "etag": "none", "last_modified": "none"], .networkError, configuration),
        ]
        var time = t0 + 30
        for (rule, code, configuration) in faults {
            try server.setRules(["/vical": rule])
            let report = try refresh(configuration, at: time)
            guard case .keptLastGood(let error) = vicalOutcome(report) else {
                Issue.record("\(rule): expected kept last good, got \(String(describing: vicalOutcome(report)))")
                continue
            }
            #expect(error.code == code, "\(rule): \(error)")
            let status = try status(configuration, at: time).lists.first { $0.id == vicalID }
            #expect(status?.current?.issueID == 2, "\(rule)")
            #expect(status?.lastError?.reason == code, "\(rule)")
            #expect(status?.state == .fresh)
            time += 10
        }
        // The source recovers.
        try server.setRules([:])
        #expect(vicalOutcome(try refresh(configuration, at: time)) == .unchanged("not modified (HTTP 304)"))
        #expect(try status(configuration, at: time).lists.first { $0.id == vicalID }?.lastError == nil)
    }

    @Test("a source that vanishes (connection refused) keeps the last good list")
    func vanished() throws {
        _ = try refresh(try configuration(), at: t0)
        // The sources move to a port that refuses connections (held bound, so no parallel test's server takes it).
        let closed = try ClosedPort()
        let report = try refresh(try configuration(base: closed.url("")), at: t0 + 10)
        guard case .keptLastGood(let error) = vicalOutcome(report) else {
            Issue.record("expected kept last good")
            return
        }
        // The root source is down too: its cached copy stands in, so the list's own fetch fails.
        #expect(error.code == .networkError)
        #expect(report.results.first?.notes.contains { $0.contains("cached pinned root") } == true)
    }

    @Test(
        "an https list source redirecting to http is refused and the last good list kept",
        .requires(.tlsTestPKI))
    func redirectToHTTP() throws {
        let pkiFolder = try TemporaryDirectory()
        let pki = try TLSTestPKI.make(in: pkiFolder.url)
        let secure = try ListServer(root: served.url, tls: (pki.serverCertificate, pki.serverKey))
        defer { secure.stop() }
        let configuration = try RefreshHarness.configuration(
            in: cacheFolder.url, pin: sim.root.certificate.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: (secure.url("/root.pem"), secure.url("/vical"), secure.url("/rical")), allowInsecure: true,
            extraTop: "\"http\": { \"caFile\": \"\(pki.caFile.path)\", \"totalTimeoutSeconds\": 5 }")
        #expect(vicalOutcome(try refresh(configuration, at: t0)) == .updated)
        try served.write(try sim.signed(sim.vicalContent(issueID: 2)), to: "vical")
        try secure.setRules(["/vical": ["redirect": server.url("/vical")]])
        let report = try refresh(configuration, at: t0 + 10)
        guard case .keptLastGood(let error) = vicalOutcome(report) else {
            Issue.record("expected the downgrade to be refused, got \(String(describing: vicalOutcome(report)))")
            return
        }
        #expect(error.code == .networkError)
        #expect(
            try status(configuration, at: t0 + 10).lists.first { $0.id == vicalID }?.current?.issueID
                == 1)
        #expect(try server.requests().allSatisfy { $0.path != "/vical" })
    }
}
