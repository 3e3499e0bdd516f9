import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite("trustctl demo")
struct DemoCommandTests {
    @Test("the demo runs into a folder, exits 0, and leaves the state its steps claim")
    func demoRuns() throws {
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("demo")
        let now = Date()
        let (status, run) = CLIRun.run(["demo", "--dir", target.path], now: now)
        #expect(status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let output = run.standardOutput
        #expect(output.contains("Every step gave the expected answer."))
        #expect(output.contains("TRUSTED  reader Demo Reader"))
        #expect(output.contains("TRUSTED  issuer Demo Document Signer"))
        #expect(output.contains("NOT TRUSTED  issuer: doctype_not_authorized"))
        #expect(output.contains("demo/vical  kept last good: rollback"))
        #expect(output.contains("TRUSTED  device-request: verified by Demo Reader"))
        #expect(output.contains("demo/vical  updated: issue 3 (was issue 2)"))
        #expect(output.contains("TRUSTED  issuer Demo PID Signer"))
        #expect(output.contains("TRUSTED  request: verified by Demo EU Relying Party"))
        // The issuer's status list refuses the revoked and the suspended mDL through the real decision.
        #expect(output.contains("NOT TRUSTED  credential (mdoc): credential_revoked"), "\(output)")
        #expect(output.contains("NOT TRUSTED  credential (mdoc): credential_suspended"), "\(output)")

        // Read back what the demo left, through the public API and the commands a user would run next.
        let configuration = try Configuration.load(path: target.appendingPathComponent("config/trustlists.json").path)
        let service = TrustService(configuration: configuration, readOnly: true)
        try service.load(at: now)
        let lists = service.status(at: now).lists
        // The VICAL, the RICAL and the two LoTEs (PID providers, WRPAC providers).
        #expect(lists.map(\.id.description) == ["demo/vical", "demo/rical", "demo/pid", "demo/wrpac"])
        #expect(lists.map(\.state) == [.fresh, .fresh, .fresh, .fresh])
        // The rolled-back issue 1 was refused, then the newer issue 3 accepted: the network is left healthy.
        #expect(lists.first?.current?.issueID == 3)
        #expect(lists.allSatisfy { $0.lastError == nil })
        let (statusCode, statusRun) = CLIRun.run(["status", "--config", configuration.file.path, "--json"], now: now)
        #expect(statusCode == 0)
        // Three IACAs, and the PID provider's CA (the withdrawn provider's is not an issuer).
        #expect((statusRun.json["snapshot"] as? [String: Any])?["issuers"] as? Int == 4)
        let (readerCode, readerRun) = CLIRun.run(
            [
                "query", "reader", "--config", configuration.file.path, "--chain",
                target.appendingPathComponent("pki/reader-chain.pem").path, "--json",
            ], now: now)
        #expect(readerCode == 0)
        #expect((readerRun.json["verifiedBy"] as? [String: Any])?["commonName"] as? String == "Demo Reader")
        // The text names the LoTE services: every TrustedEntityService of the two published LoTEs, read here with
        // Foundation's JSON from each compact JWS's payload; the listed ones have no ServiceStatus (the demo's only
        // status is a withdrawal a day before the demo's time).
        var services: [[String: Any]] = []
        for file in ["pid-providers.jws", "wrpac-providers.jws"] {
            let jws = try String(contentsOf: target.appendingPathComponent("published/\(file)"), encoding: .utf8)
            var payload = String(jws.split(separator: ".")[1]).replacingOccurrences(of: "-", with: "+")
                .replacingOccurrences(of: "_", with: "/")
            payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
            let json = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: payload)))
            let entities =
                (((json as? [String: Any])?["LoTE"] as? [String: Any])?["TrustedEntitiesList"] as? [Any]) ?? []
            for case let entity as [String: Any] in entities {
                services += (entity["TrustedEntityServices"] as? [[String: Any]]) ?? []
            }
        }
        let listed = services.filter { ($0["ServiceInformation"] as? [String: Any])?["ServiceStatus"] == nil }.count
        let (_, textRun) = CLIRun.run(["status", "--config", configuration.file.path], now: now)
        #expect(
            textRun.standardOutput.contains("verifiers, \(services.count) LoTE services (\(listed) listed)"),
            "\(textRun.standardOutput)")
        #expect(services.count == 3 && listed == 2)
        // The stored status list: a row of trustctl status, and in the export beside the lists, by its URI.
        let published = try Data(contentsOf: target.appendingPathComponent("published/status-lists/demo.cwt"))
        #expect(textRun.standardOutput.contains("Status lists:"), "\(textRun.standardOutput)")
        let row = textRun.standardOutput.split(separator: "\n").first { $0.hasPrefix("file://localhost/") }
        #expect(row?.split(separator: " ").suffix(2) == ["fresh", "-"], "\(textRun.standardOutput)")
        let export = try TemporaryDirectory()
        let (exportCode, _) = CLIRun.run(["export", export.url.path, "--config", configuration.file.path], now: now)
        #expect(exportCode == 0)
        let pointer =
            try JSONSerialization.jsonObject(
                with: try Data(contentsOf: export.url.appendingPathComponent("current.json"))) as? [String: Any]
        let exported = try #require((pointer?["statusLists"] as? [String: [String: Any]])?.values.first)
        #expect((exported["uri"] as? String)?.hasSuffix("/published/status-lists/demo.cwt") == true)
        let path = try #require(exported["path"] as? String)
        #expect(try Data(contentsOf: export.url.appendingPathComponent(path)) == published)
        // Four days on, past nextUpdate and the default 3-day grace, both lists are expired: CRITICAL.
        let (later, _) = CLIRun.run(["status", "--config", configuration.file.path], now: now + 4 * 86_400 + 60)
        #expect(later == 2)
    }

    @Test("the next steps the demo prints work as printed, and a later refresh and status are OK (exit 0)")
    func printedStepsWork() throws {
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("demo")
        let now = Date()
        let (status, run) = CLIRun.run(["demo", "--dir", target.path], now: now)
        #expect(status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let byHand = run.standardOutput.split(separator: "\n").drop { !$0.hasPrefix("Try it by hand") }
            .filter { $0.hasPrefix("  trustctl ") }
        #expect(byHand.count >= 8, "\(run.standardOutput)")
        #expect(byHand.contains { $0.contains("query device-request") })
        #expect(byHand.contains { $0.contains("pid-providers.jws --kind lote") }, "\(run.standardOutput)")
        #expect(byHand.contains { $0.contains("--doctype eu.europa.ec.eudi.pid.1") }, "\(run.standardOutput)")
        #expect(byHand.contains { $0.contains("query credential") && $0.contains("mdl.cbor") }, "\(run.standardOutput)")
        #expect(
            byHand.contains { $0.contains("query credential") && $0.contains("pid.sd-jwt") }, "\(run.standardOutput)")
        for line in byHand {
            let parts = line.split(separator: "#", maxSplits: 1)
            let arguments = parts[0].split(separator: " ").dropFirst().map(String.init)
            // The last one looks four days ahead, when the lists have expired (CRITICAL), as its comment says.
            let expected: Int32 = parts.count > 1 && parts[1].contains("expired") ? 2 : 0
            let (code, result) = CLIRun.run(arguments, now: now)
            #expect(code == expected, "\(line)\n\(result.standardOutput)\(result.standardError)")
        }
        let configuration = target.appendingPathComponent("config/trustlists.json").path
        let (refresh, refreshRun) = CLIRun.run(["refresh", "--config", configuration], now: now + 60)
        #expect(refresh == 0, "\(refreshRun.standardOutput)\(refreshRun.standardError)")
        let (statusCode, statusRun) = CLIRun.run(["status", "--config", configuration], now: now + 60)
        #expect(statusCode == 0, "\(statusRun.standardOutput)\(statusRun.standardError)")
    }

    @Test(
        "the demo's status list, read by Python: a CWT signed under the first IACA, 0, 1, 2 where its mDLs point",
        .requires(.interopModules))
    func statusListAsPythonReadsIt() throws {
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("demo")
        let (status, run) = CLIRun.run(["demo", "--dir", target.path], now: Date())
        #expect(status == 0, "\(run.standardOutput)\n\(run.standardError)")
        let python = try #require(Python.interpreter)
        let credentials = ["valid", "revoked", "suspended"].map {
            target.appendingPathComponent("published/credentials/mdl-status-\($0).cbor").path
        }
        let result = try TestTools.run(
            python,
            [
                TestTools.scriptsDirectory.appendingPathComponent("read_demo_status.py").path,
                target.appendingPathComponent("published/status-lists/demo.cwt").path,
                target.appendingPathComponent("pki/iaca-1.pem").path,
            ] + credentials, withStandardOutput: true)
        #expect(result.status == 0, "\(result.stderr)")
        let read = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any], "\(result.stderr)")
        let uri = try #require(read["sub"] as? String)
        #expect(uri.hasPrefix("file://localhost/") && uri.hasSuffix("/published/status-lists/demo.cwt"))
        #expect(read["typ"] as? String == "application/statuslist+cwt")
        #expect(read["signed_by_iaca"] as? Bool == true)
        #expect(read["signature_ok"] as? Bool == true)
        let named = try #require(read["credentials"] as? [String: [String: Any]])
        for (name, value) in [("valid", 0), ("revoked", 1), ("suspended", 2)] {
            let entry = try #require(named["mdl-status-\(name).cbor"])
            #expect(entry["uri"] as? String == uri)
            #expect(entry["status"] as? Int == value, "\(name)")
        }
        // The configuration lets the service fetch it (localhost) and refuses what it cannot check (require).
        let configuration = try Configuration.load(path: target.appendingPathComponent("config/trustlists.json").path)
        let settings = try #require(configuration.networks.first?.statusLists)
        #expect(settings.mode == .require && settings.allows(uri: uri) && settings.prefetch == [uri])
    }

    @Test("--dir naming a file is a usage error that says so")
    func refusesFile() throws {
        let folder = try TemporaryDirectory()
        try folder.write([1], to: "a-file")
        let (status, run) = CLIRun.run(["demo", "--dir", folder.url.appendingPathComponent("a-file").path])
        #expect(status == 2)
        #expect(run.standardError.contains("is a file, not a folder"), "\(run.standardError)")
    }

    @Test("a folder that is not empty is refused")
    func refusesNonEmptyFolder() throws {
        let folder = try TemporaryDirectory()
        try folder.write([1], to: "something")
        let (status, run) = CLIRun.run(["demo", "--dir", folder.url.path])
        #expect(status == 2)
        #expect(run.standardError.contains("is not empty"))
    }
}
