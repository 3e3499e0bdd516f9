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

    func configuration(
        extraTop: String = "\"http\": { \"totalTimeoutSeconds\": 2, \"maxBytes\": 262144 }"
    ) throws -> Configuration {
        try RefreshHarness.configuration(
            in: cacheFolder.url, pin: sim.root.certificate.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: (server.url("/root.pem"), server.url("/vical"), server.url("/rical")), allowInsecure: true,
            extraTop: extraTop)
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

        let faults: [([String: String], TrustListError.Code)] = [
            (["status": "404"], .httpStatus), (["status": "500"], .httpStatus),
            (["trickle": "40", "etag": "none", "last_modified": "none"], .timeout),
            (["endless": "1"], .tooLarge), (["content_length": "100000000", "etag": "\"changed\""], .tooLarge),
            (["truncate": "100", "etag": "none", "last_modified": "none"], .networkError),
        ]
        var time = t0 + 30
        for (rule, code) in faults {
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
        let configuration = try configuration()
        _ = try refresh(configuration, at: t0)
        server.stop()
        let report = try refresh(configuration, at: t0 + 10)
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
