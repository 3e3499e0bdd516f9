import Foundation
import TestSupport
import Testing

/// `trustctl verify --kind crl` over CRLs built by Python `cryptography` (``TestCRLs``): the printed facts are those
/// the builder was given.
@Suite("trustctl verify --kind crl", .requires(.pythonCryptography))
struct VerifyCRLCommandTests {
    static let crls: TestCRLs? = try? TestCRLs.make()
    static let at = "--at=2026-01-01T00:00:00Z"  // TestPKI.referenceTime

    func fixtures() throws -> TestCRLs { try #require(Self.crls, "make_test_crls.py failed") }

    @Test("a good CRL is VALID: exit 0, issuer, CRL number, times and revoked count in JSON")
    func valid() throws {
        let fixtures = try fixtures()
        let expected = try #require(fixtures.expected["good"])
        let (status, run) = CLIRun.run([
            "verify", fixtures.path("good.der"), "--kind", "crl", "--issuer", fixtures.path("ca.pem"), Self.at,
            "--json",
        ])
        #expect(status == 0, "\(run.standardError)")
        let json = run.json
        #expect(json["valid"] as? Bool == true)
        #expect(json["reason"] is NSNull)
        #expect(json["kind"] as? String == "crl")
        #expect(json["issuer"] as? String == "CN=Test IACA,C=US")
        #expect(json["crlNumber"] as? String == "5")
        let thisUpdate = Date(timeIntervalSince1970: TimeInterval(try #require(expected.thisUpdate)))
        #expect(json["thisUpdate"] as? String == ISO8601DateFormatter().string(from: thisUpdate))
        let nextUpdate = Date(timeIntervalSince1970: TimeInterval(try #require(expected.nextUpdate)))
        #expect(json["nextUpdate"] as? String == ISO8601DateFormatter().string(from: nextUpdate))
        #expect((json["revoked"] as? NSNumber)?.intValue == expected.revoked.count)
        #expect((json["warnings"] as? [Any])?.isEmpty == true)
        let (textStatus, text) = CLIRun.run([
            "verify", fixtures.path("good.der"), "--kind", "crl", "--issuer", fixtures.path("ca.pem"), Self.at,
        ])
        #expect(textStatus == 0)
        #expect(text.standardOutput.hasPrefix("VALID"))
        #expect(text.standardOutput.contains("revoked"))
    }

    @Test("PEM input with text around it verifies as the DER does")
    func pem() throws {
        let fixtures = try fixtures()
        let der = try fixtures.bytes("good.der")
        let folder = try TemporaryDirectory()
        let text =
            "junk before\n-----BEGIN X509 CRL-----\n"
            + Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            + "\n-----END X509 CRL-----\njunk after\n"
        let file = try folder.write(Array(text.utf8), to: "ca.crl")
        let (status, run) = CLIRun.run([
            "verify", file.path, "--kind", "crl", "--issuer", fixtures.path("ca.pem"), Self.at, "--json",
        ])
        #expect(status == 0, "\(run.standardError)")
        #expect(run.json["crlNumber"] as? String == "5")
    }

    @Test(
        "a CRL that does not count is REJECTED: exit 1 with its code",
        arguments: [
            ("other-key", "--at=2026-01-01T00:00:00Z", "bad_signature"),
            ("good", "--at=2026-02-01T00:00:00Z", "crl_expired"),
            ("good", "--at=2025-12-01T00:00:00Z", "crl_not_yet_valid"),
            ("delta", "--at=2026-01-01T00:00:00Z", "crl_delta_unsupported"),
        ])
    func rejected(name: String, at: String, code: String) throws {
        let fixtures = try fixtures()
        let arguments = [
            "verify", fixtures.path(name + ".der"), "--kind", "crl", "--issuer", fixtures.path("ca.pem"), at,
        ]
        let (status, run) = CLIRun.run(arguments + ["--json"])
        #expect(status == 1)
        #expect(run.json["valid"] as? Bool == false)
        #expect(run.json["reason"] as? String == code)
        #expect(run.json["crlNumber"] is NSNull)
        let (textStatus, text) = CLIRun.run(arguments)
        #expect(textStatus == 1)
        #expect(text.standardOutput.hasPrefix("REJECTED"))
        #expect(text.standardOutput.contains(code))
    }

    @Test("usage: --issuer is required with --kind crl, --root is not taken; a missing file exits 2")
    func usage() throws {
        let fixtures = try fixtures()
        let (noIssuer, run1) = CLIRun.run(["verify", fixtures.path("good.der"), "--kind", "crl"])
        #expect(noIssuer == 2)
        #expect(run1.standardError.contains("--issuer"))
        let (withRoot, _) = CLIRun.run([
            "verify", fixtures.path("good.der"), "--kind", "crl", "--issuer", fixtures.path("ca.pem"), "--root",
            fixtures.path("ca.pem"),
        ])
        #expect(withRoot == 2)
        let (issuerForList, _) = CLIRun.run([
            "verify", fixtures.path("good.der"), "--kind", "vical", "--issuer", fixtures.path("ca.pem"),
        ])
        #expect(issuerForList == 2)
        let (missing, run2) = CLIRun.run([
            "verify", "/nonexistent.crl", "--kind", "crl", "--issuer", fixtures.path("ca.pem"),
        ])
        #expect(missing == 2)
        #expect(run2.standardError.contains("/nonexistent.crl"))
        let (help, run3) = CLIRun.run(["verify", "--help"])
        #expect(help == 0)
        #expect(run3.standardOutput.contains("--kind crl --issuer"))
    }
}
