import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// `trustctl refresh`, then `trustctl query issuer` and `trustctl query reader`, as a user runs them: the lists and
/// the CAs' CRLs come over loopback HTTP with libcurl, and a document signer and a reader that their CAs' CRLs list
/// are refused with `revoked` and the revocation date, their good siblings trusted (docs/architecture.md,
/// "Revocation"). `openssl verify -crl_check` on the same certificates and CRLs is the oracle, and `openssl crl
/// -text` gives the revocation date.
@Suite("trustctl refresh then query: revoked certificates refused", .requires(.python3))
struct QueryRevocationCommandTests {
    @Test("a revoked document signer and reader: exit 1, revoked, the revocation date; the siblings exit 0")
    func revokedRefused() throws {
        let world = try LoopbackRevocationNetwork()
        defer { world.stop() }
        let sim = world.sim
        let configuration = try world.configuration()
        let config = ["--config", configuration.file.path]
        let now = world.t0
        let (refreshed, refresh) = CLIRun.run(["refresh"] + config, now: now)
        #expect(refreshed == 0, "\(refresh.standardOutput)\(refresh.standardError)")

        let utopia = sim.iacas[0]
        let docType = utopia.docTypes[0]
        let utopiaCRL = try crlBytes(world, of: utopia.iaca)
        let readerCRL = try crlBytes(world, of: sim.readerCA)
        let folder = try TemporaryDirectory()
        let cases:
            [(kind: String, certificate: DemoNetwork.Issued, ca: DemoNetwork.Issued, crl: [UInt8], revoked: Bool)] = [
                ("issuer", sim.revokedDocumentSigner, utopia.iaca, utopiaCRL, true),
                ("issuer", sim.documentSigner, utopia.iaca, utopiaCRL, false),
                ("reader", sim.revokedReader, sim.readerCA, readerCRL, true),
                ("reader", sim.directReader, sim.readerCA, readerCRL, false),
            ]
        for (index, (kind, certificate, ca, crl, revoked)) in cases.enumerated() {
            // The oracle says whether the CA's CRL revokes the certificate.
            #expect(
                try OpenSSLRevocationOracle.isRevoked(certificate.certificate, ca: ca.certificate, crl: crl, at: now)
                    == revoked)
            let chainFile = try folder.write(Array(certificate.certificate.pemEncoded.utf8), to: "\(index).pem").path
            let extra = kind == "issuer" ? ["--doctype", docType] : []
            let arguments = ["query", kind, "--chain", chainFile] + extra + config
            let (status, text) = CLIRun.run(arguments, now: now)
            let (jsonStatus, json) = CLIRun.run(arguments + ["--json"], now: now)
            let label = "\(kind) \(certificate.certificate.subject)"
            if revoked {
                let date = try revocationDate(crl)
                #expect(status == 1, "\(label): \(text.standardOutput)\(text.standardError)")
                #expect(text.standardOutput.hasPrefix("NOT TRUSTED  \(kind): revoked"), "\(text.standardOutput)")
                #expect(text.standardOutput.contains(date), "\(label): \(date) in \(text.standardOutput)")
                #expect(jsonStatus == 1)
                #expect(json.json["trusted"] as? Bool == false)
                #expect(json.json["reason"] as? String == "revoked")
                #expect((json.json["message"] as? String)?.contains(date) == true, "\(json.standardOutput)")
            } else {
                #expect(status == 0, "\(label): \(text.standardOutput)\(text.standardError)")
                #expect(text.standardOutput.hasPrefix("TRUSTED  \(kind)"), "\(text.standardOutput)")
                #expect(jsonStatus == 0)
                #expect(json.json["trusted"] as? Bool == true)
            }
            // Either way the CRL was checked, and it is fresh.
            let revocation = json.json["revocation"] as? [String: Any]
            #expect(revocation?["checked"] as? Bool == true, "\(label): \(json.standardOutput)")
            #expect(revocation?["state"] as? String == "fresh", "\(label)")
            #expect(revocation?["crlNumber"] as? String == "1", "\(label)")
        }
    }

    @Test(
        "a CRL server that hangs: trustctl refresh exits 0 within its deadline, status --json shows timeout on the CA")
    func hangingServerInStatus() throws {
        let world = try LoopbackRevocationNetwork()
        defer { world.stop() }
        let utopia = world.sim.iacas[0].iaca
        #expect(CLIRun.run(["refresh", "--config", try world.configuration().file.path], now: world.t0).status == 0)
        // The CRL server stops answering (no byte for a minute); a new VICAL issue is out. The same configuration
        // file, now with a total deadline of 2 s (a loopback list fetch takes milliseconds).
        let config = ["--config", try world.configuration(http: "\"totalTimeoutSeconds\": 2").file.path]
        try world.server.setRules([world.crlPath(of: utopia): ["delay": "60"]])
        try world.publishList(world.sim.vicalContent(issueID: 2))
        let (refreshed, refresh) = CLIRun.run(["refresh"] + config, now: world.t0 + 60)
        // warn mode (the default): an unreachable CRL server changes no exit status.
        #expect(refreshed == 0, "\(refresh.standardOutput)\(refresh.standardError)")

        let (status, run) = CLIRun.run(["status", "--json"] + config, now: world.t0 + 60)
        #expect(status == 0, "\(run.standardOutput)\(run.standardError)")
        let crls = try #require(run.json["crls"] as? [[String: Any]])
        let entry = try #require(crls.first { $0["issuerSHA256"] as? String == utopia.certificate.sha256Hex })
        #expect(entry["state"] as? String == "fresh")
        #expect(entry["crlNumber"] as? String == "1")
        let lastError = try #require(entry["lastError"] as? [String: Any], "\(entry)")
        #expect(lastError["reason"] as? String == "timeout")
        #expect((lastError["message"] as? String)?.contains("total deadline 2 s") == true, "\(lastError)")
        // The other CAs' CRLs and the lists are untouched: the VICAL's new issue was committed.
        #expect(
            crls.filter { $0["issuerSHA256"] as? String != utopia.certificate.sha256Hex }.allSatisfy {
                $0["lastError"] is NSNull || $0["lastError"] == nil
            })
        let lists = try #require(run.json["lists"] as? [[String: Any]])
        let vical = try #require(lists.first { $0["id"] as? String == "sim/vical" }, "\(lists)")
        #expect(vical["issueID"] as? Int == 2, "\(vical)")
    }

    /// The CRL the server publishes for `ca`.
    private func crlBytes(_ world: LoopbackRevocationNetwork, of ca: DemoNetwork.Issued) throws -> [UInt8] {
        Array(try Data(contentsOf: world.served.url.appendingPathComponent(String(world.crlPath(of: ca).dropFirst()))))
    }

    /// The revocation date of the one entry of `crl` as `openssl crl -text` prints it ("Dec 31 00:00:00 2025 GMT"),
    /// in the service's RFC 3339 form.
    private func revocationDate(_ crl: [UInt8]) throws -> String {
        let text = try TestTools.opensslText("crl", der: crl)
        let lines = text.split(separator: "\n").filter { $0.contains("Revocation Date:") }
        guard lines.count == 1, let value = lines[0].split(separator: ":", maxSplits: 1).last else {
            throw TestSupportError("expected one revocation date in: \(text)")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        let trimmed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        guard let date = formatter.date(from: trimmed) else {
            throw TestSupportError("cannot read the revocation date \(value)")
        }
        return Timestamp.text(date)
    }
}
