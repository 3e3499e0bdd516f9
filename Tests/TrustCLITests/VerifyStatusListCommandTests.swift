import Foundation
import TestSupport
import Testing

/// `trustctl verify --kind status-list` over tokens built by Python `cryptography`, `cbor2` and `zlib`
/// (``TestStatusLists``): the printed facts are those the builder was given.
@Suite("trustctl verify --kind status-list", .requires(.interopModules))
struct VerifyStatusListCommandTests {
    static let lists: TestStatusLists? = try? TestStatusLists.make()
    static let at = "--at=2026-01-01T00:00:00Z"  // TestPKI.referenceTime

    func fixtures() throws -> TestStatusLists { try #require(Self.lists, "make_status_lists.py failed") }

    /// The documented keys of the JSON, present in every answer.
    static let keys: Set<String> = [
        "valid", "reason", "message", "kind", "format", "sub", "iss", "iat", "exp", "ttl", "bits", "count", "statuses",
        "aggregationURI", "warnings", "signer", "anchor", "algorithm", "x5chain", "sha256", "contentSHA256",
        "verifiedAt",
    ]

    @Test("a valid list is VALID: exit 0, its claims, bits, count and statuses in JSON", arguments: ["jwt", "cwt"])
    func valid(format: String) throws {
        let fixtures = try fixtures()
        let file = "valid-2bit.\(format)"
        let expected = try #require(fixtures.expected[file])
        let (status, run) = CLIRun.run([
            "verify", fixtures.path(file), "--kind", "status-list", "--issuer", fixtures.path("iaca.pem"),
            "--uri", fixtures.uri, Self.at, "--json",
        ])
        #expect(status == 0, "\(run.standardError)")
        let json = run.json
        #expect(Set(json.keys) == Self.keys)
        #expect(json["valid"] as? Bool == true)
        #expect(json["reason"] is NSNull)
        #expect(json["kind"] as? String == "status-list")
        #expect(json["format"] as? String == format)
        #expect(json["sub"] as? String == fixtures.uri)
        #expect(json["iss"] is NSNull)
        let iat = Date(timeIntervalSince1970: TimeInterval(try #require(expected.iat)))
        #expect(json["iat"] as? String == ISO8601DateFormatter().string(from: iat))
        let exp = Date(timeIntervalSince1970: TimeInterval(try #require(expected.exp)))
        #expect(json["exp"] as? String == ISO8601DateFormatter().string(from: exp))
        #expect((json["ttl"] as? NSNumber)?.intValue == expected.ttl)
        #expect((json["bits"] as? NSNumber)?.intValue == 2)
        #expect((json["count"] as? NSNumber)?.intValue == expected.count)
        #expect(json["aggregationURI"] is NSNull)
        // Every status the builder set is counted under its name; the counts add up to the list.
        let statuses = try #require(json["statuses"] as? [String: Int])
        #expect(statuses.values.reduce(0, +) == expected.count)
        let names = ["VALID", "INVALID", "SUSPENDED", "0x03"]
        for sample in expected.samples ?? [] { #expect(statuses[names[sample[1]]] != nil) }
        let signer = try #require(json["signer"] as? [String: Any])
        #expect(signer["subject"] as? String == "CN=Test status list signer,C=US")
        let anchor = try #require(json["anchor"] as? [String: Any])
        #expect(anchor["subject"] as? String == "CN=Test IACA,C=US")
        #expect(json["algorithm"] as? String == "ES256")
        #expect((json["x5chain"] as? NSNumber)?.intValue == 1)

        let (textStatus, text) = CLIRun.run([
            "verify", fixtures.path(file), "--kind", "status-list", "--issuer", fixtures.path("iaca.pem"), Self.at,
        ])
        #expect(textStatus == 0)
        #expect(text.standardOutput.hasPrefix("VALID"))
        #expect(text.standardOutput.contains("entries"))
        #expect(text.standardOutput.contains("not checked: no --uri"))
    }

    @Test(
        "a refused token is REJECTED: exit 1 with its code, every other key null",
        arguments: [
            ("other-iaca.cwt", "iaca.pem", "status_list_signer_mismatch"),
            ("right-iaca.jwt", "ds.pem", "status_list_signer_mismatch"),
            ("sub-of-another-uri.jwt", "iaca.pem", "status_list_sub_mismatch"),
            ("expired.cwt", "iaca.pem", "status_list_expired"),
            ("alg-none.jwt", "iaca.pem", "unsupported_alg"),
            ("typ-missing.cwt", "iaca.pem", "wrong_list_type"),
            ("bits-3.jwt", "iaca.pem", "malformed_status_list"),
            ("bomb.cwt", "iaca.pem", "limits_exceeded"),
        ])
    func rejected(file: String, anchor: String, code: String) throws {
        let fixtures = try fixtures()
        let arguments = [
            "verify", fixtures.path(file), "--kind", "status-list", "--issuer", fixtures.path(anchor), "--uri",
            fixtures.uri, Self.at,
        ]
        let (status, run) = CLIRun.run(arguments + ["--json"])
        #expect(status == 1, "\(run.standardError)")
        let json = run.json
        #expect(Set(json.keys) == Self.keys)
        #expect(json["valid"] as? Bool == false)
        #expect(json["reason"] as? String == code)
        #expect((json["message"] as? String)?.isEmpty == false)
        #expect(json["kind"] as? String == "status-list")
        for key in Self.keys.subtracting(["valid", "reason", "message", "kind", "warnings"]) {
            #expect(json[key] is NSNull, "\(key)")
        }
        #expect((json["warnings"] as? [Any])?.isEmpty == true)
        let (textStatus, text) = CLIRun.run(arguments)
        #expect(textStatus == 1)
        #expect(text.standardOutput.hasPrefix("REJECTED"))
        #expect(text.standardOutput.contains(code))
    }

    @Test("usage: --issuer is required, --root is not taken, --uri goes with status-list only; a bad file exits 2")
    func usage() throws {
        let fixtures = try fixtures()
        let file = fixtures.path("valid-1bit.cwt")
        let (noIssuer, run1) = CLIRun.run(["verify", file, "--kind", "status-list"])
        #expect(noIssuer == 2)
        #expect(run1.standardError.contains("--issuer"))
        let (withRoot, _) = CLIRun.run([
            "verify", file, "--kind", "status-list", "--issuer", fixtures.path("iaca.pem"), "--root",
            fixtures.path("iaca.pem"),
        ])
        #expect(withRoot == 2)
        let (uriForCRL, _) = CLIRun.run([
            "verify", file, "--kind", "crl", "--issuer", fixtures.path("iaca.pem"), "--uri", fixtures.uri,
        ])
        #expect(uriForCRL == 2)
        let (missing, run2) = CLIRun.run([
            "verify", "/nonexistent.cwt", "--kind", "status-list", "--issuer", fixtures.path("iaca.pem"),
        ])
        #expect(missing == 2)
        #expect(run2.standardError.contains("/nonexistent.cwt"))
        let (notCertificate, _) = CLIRun.run([
            "verify", file, "--kind", "status-list", "--issuer", fixtures.path("manifest.json"),
        ])
        #expect(notCertificate == 2)
        let (help, run3) = CLIRun.run(["verify", "--help"])
        #expect(help == 0)
        #expect(run3.standardOutput.contains("--kind status-list --issuer"))
    }
}
