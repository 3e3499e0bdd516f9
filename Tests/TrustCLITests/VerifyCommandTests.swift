import Foundation
import TestSupport
import Testing

@Suite("trustctl verify")
struct VerifyCommandTests {
    static let fixtures = RealFixtures.directory.path

    @Test(
        "a real VICAL verifies at its date: exit 0, the README's facts in JSON",
        .requires(.realFixtures))
    func realVICAL() throws {
        let (status, run) = CLIRun.run([
            "verify", "\(Self.fixtures)/aamva_vical_2024-09-24.cbor", "--kind", "vical",
            "--root", "\(Self.fixtures)/aamva_dts_root_ca.pem", "--at=2024-09-24T18:00:00Z", "--json",
        ])
        #expect(status == 0, "\(run.standardError)")
        let json = run.json
        #expect(json["valid"] as? Bool == true)
        #expect(json["reason"] is NSNull)
        #expect(json["provider"] as? String == "AAMVA")
        #expect((json["issueID"] as? NSNumber)?.intValue == 616575)
        #expect(json["date"] as? String == "2024-09-24T17:37:31Z")
        #expect(json["nextUpdate"] as? String == "2024-09-25T17:37:31Z")
        #expect((json["entries"] as? NSNumber)?.intValue == 3)
        let signer = json["signer"] as? [String: Any]
        #expect(signer?["notAfter"] as? String == "2026-04-18T17:38:41Z")
        #expect((signer?["subject"] as? String)?.contains("CN=AAMVA Prod Vical-Signer-01") == true)
    }

    @Test(
        "the same list today is rejected: exit 1 with the reason code",
        .requires(.realFixtures))
    func rejected() throws {
        let (status, run) = CLIRun.run(
            [
                "verify", "\(Self.fixtures)/aamva_vical_2024-09-24.cbor", "--kind", "vical", "--root",
                "\(Self.fixtures)/aamva_dts_root_ca.pem", "--json",
            ], now: Date(timeIntervalSince1970: 1_795_910_400))  // 2026-11-29
        #expect(status == 1)
        #expect(run.json["valid"] as? Bool == false)
        #expect(run.json["reason"] as? String == "signer_expired")
        let (textStatus, textRun) = CLIRun.run(
            [
                "verify", "\(Self.fixtures)/aamva_vical_2024-09-24.cbor", "--kind", "vical", "--root",
                "\(Self.fixtures)/austroads_dts_root_ca.pem", "--at", "2024-09-24T18:00:00Z",
            ])
        #expect(textStatus == 1)
        #expect(textRun.standardOutput.hasPrefix("REJECTED"))
        #expect(textRun.standardOutput.contains("chain_invalid"))
    }

    @Test("usage errors and unreadable input exit 2 with a message on stderr")
    func usage() throws {
        let (missingKind, run1) = CLIRun.run(["verify", "x.cose", "--root", "r.pem"])
        #expect(missingKind == 2)
        #expect(run1.standardError.contains("Error: missing required option '--kind'"))
        #expect(run1.standardError.contains("See 'trustctl verify --help'"))
        let (badKind, run2) = CLIRun.run(["verify", "x.cose", "--kind", "mdl", "--root", "r.pem"])
        #expect(badKind == 2)
        #expect(run2.standardError.contains("--kind must be vical, rical, lote, crl or status-list"))
        let (missingFile, run3) = CLIRun.run([
            "verify", "/nonexistent.cose", "--kind", "vical", "--root", "/nonexistent.pem",
        ])
        #expect(missingFile == 2)
        #expect(run3.standardError.contains("/nonexistent.cose"))
        let (unknownCommand, _) = CLIRun.run(["verfy"])
        #expect(unknownCommand == 2)
        let (help, run4) = CLIRun.run(["verify", "--help"])
        #expect(help == 0)
        #expect(run4.standardOutput.contains("EXIT STATUS"))
    }
}
