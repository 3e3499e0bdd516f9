import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// CRL servers that misbehave, fetched with the real libcurl fetcher over loopback (docs/architecture.md,
/// "Revocation"): each fault is recorded on the CA's CRL slot with its reason code, the last good CRL stays in use
/// (the revoked document signer stays revoked), and the lists of the same run are committed regardless. No timing
/// is asserted: a hanging server is cut by a short total deadline, and the test only checks that the run ended with
/// `timeout`.
@Suite("Revocation: hostile CRL servers over HTTP", .requires(.python3))
struct RevocationHTTPTests {
    let mDL = "org.iso.18013.5.1.mDL"
    let vicalID = ListID(network: "sim", kind: .vical)

    /// One hostile answer and what it must give.
    struct Fault: CustomStringConvertible {
        let name: String
        /// Per-path rules of the server, installed for this run only.
        let rules: [String: [String: String]]
        /// Bytes served as the CRL for this run (put back afterwards); nil keeps the published CRL.
        var body: [UInt8]? = nil
        let code: ReasonCode
        /// Text the recorded message must contain, so that a person sees which limit or rule applied.
        var says: String? = nil
        /// The configuration of this run (nil: the suite's default).
        var configuration: Configuration? = nil
        /// Requests of the CRL's path in the run: one, or the first and each redirect back to it.
        var requests = 1
        var description: String { name }
    }

    @Test("each hostile CRL answer is recorded with its reason code, the last good CRL kept, the lists committed")
    func hostileAnswers() throws {
        let world = try LoopbackRevocationNetwork()
        defer { world.stop() }
        let sim = world.sim
        let utopia = sim.iacas[0].iaca
        let path = world.crlPath(of: utopia)
        let slot = world.slot(of: utopia)
        // Generous deadlines for every fetch (a minute; the machine may be loaded), a CRL cap that a real CRL of a
        // few entries fits under, and at most two redirects.
        let configuration = try world.configuration(
            http: "\"maxRedirects\": 2", revocation: "\"maxBytes\": 4096")

        // The first run fetches every CA's CRL (number 1).
        let first = try TrustService(configuration: configuration).refresh(at: world.t0)
        #expect(first.crls.count == 4)
        #expect(first.crls.allSatisfy { $0.outcome == .updated }, "\(first.crls.map(\.outcome))")

        // A redirect to the CRL elsewhere on the server is followed: number 2 is taken.
        try world.served.write(
            try sim.crl(of: utopia, revoking: [sim.revokedDocumentSigner], number: 2), to: "moved.crl")
        try world.server.setRules([path: ["redirect": "/moved.crl", "etag": "none", "last_modified": "none"]])
        let redirected = try TrustService(configuration: configuration).refresh(at: world.t0 + 10)
        #expect(redirected.crls.first { $0.slot == slot }?.outcome == .updated)
        #expect(redirected.crls.first { $0.slot == slot }?.current?.crlNumber == "2")

        // A PEM CRL with text around its block (as `openssl crl -text` writes it) is a CRL: number 3 is taken.
        let pem = try pemBlock(try sim.crl(of: utopia, revoking: [sim.revokedDocumentSigner], number: 3))
        try world.server.setRules([:])
        try world.publishCRL(
            Array(("Certificate Revocation List (CRL):\n  junk before\n" + pem + "junk after\n").utf8), of: utopia)
        let pemRun = try TrustService(configuration: configuration).refresh(at: world.t0 + 20)
        #expect(pemRun.crls.first { $0.slot == slot }?.outcome == .updated, "\(pemRun.crls.map(\.outcome))")
        #expect(pemRun.crls.first { $0.slot == slot }?.current?.crlNumber == "3")
        let good = try world.served.url.appendingPathComponent(String(path.dropFirst())).contents()

        // A hang (no byte for a minute) and a trickle are cut by deadlines configured short: a 2-second total
        // deadline, and a low-speed abort below 100 bytes/s for 2 s with the minute otherwise.
        let shortDeadline = try world.configuration(http: "\"totalTimeoutSeconds\": 2")
        let lowSpeed = try world.configuration(
            http: "\"lowSpeedLimitBytesPerSecond\": 100, \"lowSpeedTimeSeconds\": 2")
        let fresh = ["etag": "none", "last_modified": "none"]
        let junkInside = pem.replacingOccurrences(
            of: "\n", with: "\n!!junk!!\n", options: [], range: pem.range(of: "\n"))
        let faults: [Fault] = [
            Fault(
                name: "hang", rules: [path: ["delay": "60"]], code: .timeout, says: "total deadline 2 s",
                configuration: shortDeadline),
            Fault(
                name: "trickle", rules: [path: fresh.merging(["trickle": "10"]) { $1 }], code: .timeout,
                says: "low-speed abort below 100 bytes/s for 2 s", configuration: lowSpeed),
            // libcurl asks once and follows two redirects (CURLOPT_MAXREDIRS = 2) before it refuses the third.
            Fault(
                name: "redirect loop", rules: [path: ["loop": "1"]], code: .networkError, says: "maxRedirects = 2",
                requests: 3),
            Fault(
                name: "three redirects, two allowed",
                rules: [
                    path: ["redirect": "/r1"], "/r1": ["redirect": "/r2"], "/r2": ["redirect": "/r3"],
                    "/r3": ["redirect": "/moved.crl"],
                ], code: .networkError, says: "maxRedirects = 2"),
            Fault(
                name: "announced over maxBytes", rules: [path: ["content_length": "100000000", "etag": "\"big\""]],
                code: .tooLarge, says: "revocation.maxBytes = 4096"),
            Fault(
                name: "endless body", rules: [path: ["endless": "1"]], code: .tooLarge,
                says: "revocation.maxBytes = 4096"),
            Fault(name: "404", rules: [path: ["status": "404"]], code: .httpStatus, says: "HTTP 404"),
            Fault(name: "500", rules: [path: ["status": "500"]], code: .httpStatus, says: "HTTP 500"),
            Fault(name: "garbage", rules: [:], body: Array("<html>not a CRL</html>\n".utf8), code: .malformedPEM),
            Fault(
                name: "binary garbage", rules: [:], body: [0x30, 0x82, 0x01, 0x00] + Array(repeating: 0xA5, count: 64),
                code: .malformedCRL),
            Fault(
                name: "PEM with junk inside the block", rules: [:], body: Array(junkInside.utf8), code: .malformedPEM),
            Fault(name: "two PEM blocks", rules: [:], body: Array((pem + pem).utf8), code: .malformedPEM),
        ]
        var time = world.t0 + 30
        for (index, fault) in faults.enumerated() {
            try world.server.setRules(fault.rules)
            if let body = fault.body { try world.publishCRL(body, of: utopia) }
            // Each run also brings a new VICAL issue: a CRL fault never holds back a list's update.
            try world.publishList(sim.vicalContent(issueID: UInt64(index + 2)))
            let before = try world.server.requests().filter { $0.path == path }.count
            let report = try TrustService(configuration: fault.configuration ?? configuration).refresh(at: time)
            #expect(report.results.first { $0.id == vicalID }?.outcome == .updated, "\(fault)")
            let result = try #require(report.crls.first { $0.slot == slot }, "\(fault)")
            guard case .keptLastGood(let error) = result.outcome else {
                Issue.record("\(fault): expected the last good CRL kept, got \(result.outcome)")
                continue
            }
            #expect(error.code == fault.code, "\(fault): \(error)")
            if let says = fault.says { #expect(error.reason.contains(says), "\(fault): \(error.reason)") }
            #expect(result.current?.crlNumber == "3", "\(fault)")
            // The URL was asked once in the run, whatever it answered.
            #expect(try world.server.requests().filter { $0.path == path }.count == before + fault.requests, "\(fault)")
            // The other CAs' CRLs were not disturbed.
            #expect(report.crls.filter { $0.slot != slot }.allSatisfy { $0.outcome.error == nil }, "\(fault)")

            // What `trustctl status` and `trustctl query` see: a new read-only service over the cache.
            let service = TrustService(configuration: configuration, readOnly: true)
            try service.load(at: time)
            let status = try #require(service.status(at: time).crls.first { $0.slot == slot })
            #expect(status.lastError?.reason == fault.code, "\(fault)")
            #expect(status.current?.crlNumber == "3", "\(fault)")
            #expect(status.state == .fresh, "\(fault)")
            #expect(service.status(at: time).lists.first { $0.id == vicalID }?.current?.issueID == UInt64(index + 2))
            let decision = service.queries.issuerDecision(
                chain: world.issuerChain(sim.revokedDocumentSigner), docType: mDL, at: time)
            #expect(decision.reason == .revoked, "\(fault): \(decision.message)")

            if fault.body != nil { try world.publishCRL(good, of: utopia) }
            time += 10
        }
        // The server recovers: the CRL is the same signed content, and the error goes.
        try world.server.setRules([:])
        let recovered = try TrustService(configuration: configuration).refresh(at: time)
        #expect(recovered.crls.first { $0.slot == slot }?.outcome.error == nil)
        let service = TrustService(configuration: configuration, readOnly: true)
        try service.load(at: time)
        #expect(service.status(at: time).crls.first { $0.slot == slot }?.lastError == nil)
    }

    @Test(
        "an https CRL source redirecting to http is refused (no downgrade), the last good CRL kept",
        .requires(.tlsTestPKI))
    func downgradeRefused() throws {
        let pkiFolder = try TemporaryDirectory()
        let world = try LoopbackRevocationNetwork(tls: try TLSTestPKI.make(in: pkiFolder.url))
        defer { world.stop() }
        let plain = try ListServer(root: world.served.url)
        defer { plain.stop() }
        let utopia = world.sim.iacas[0].iaca
        let path = world.crlPath(of: utopia)
        let slot = world.slot(of: utopia)
        #expect(world.sim.crlURL(of: utopia)?.hasPrefix("https://127.0.0.1:") == true)
        let configuration = try world.configuration()
        let first = try TrustService(configuration: configuration).refresh(at: world.t0)
        #expect(first.crls.first { $0.slot == slot }?.outcome == .updated, "\(first.crls.map(\.outcome))")

        try world.publishCRL(
            try world.sim.crl(of: utopia, revoking: [world.sim.revokedDocumentSigner], number: 2), of: utopia)
        try world.server.setRules([path: ["redirect": plain.url(path)]])
        let report = try TrustService(configuration: configuration).refresh(at: world.t0 + 10)
        let result = try #require(report.crls.first { $0.slot == slot })
        guard case .keptLastGood(let error) = result.outcome else {
            Issue.record("expected the downgrade refused, got \(result.outcome)")
            return
        }
        #expect(error.code == .networkError)
        #expect(error.reason.contains("led to a scheme that is not allowed"), "\(error.reason)")
        #expect(result.current?.crlNumber == "1")
        // The plain server was never asked.
        #expect(try plain.requests().isEmpty)
    }

    /// A DER CRL as one PEM block, written by `openssl crl` (the independent encoder).
    private func pemBlock(_ der: [UInt8]) throws -> String {
        let openssl = try #require(TestTools.executable(named: "openssl"))
        let folder = try TemporaryDirectory()
        let file = try folder.write(der, to: "crl.der")
        let pem = folder.url.appendingPathComponent("crl.pem")
        let run = try TestTools.run(openssl, ["crl", "-inform", "DER", "-in", file.path, "-out", pem.path])
        guard run.status == 0 else { throw TestSupportError("openssl crl: \(run.stderr)") }
        return try String(contentsOf: pem, encoding: .utf8)
    }
}

extension URL {
    fileprivate func contents() throws -> [UInt8] { Array(try Data(contentsOf: self)) }
}
