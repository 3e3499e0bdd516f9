import Foundation
import JOSE
import TestSupport
import Testing

/// `trustctl verify --kind lote` over the Commission's mock PID providers list, signed as JAdES by Python.
@Suite("trustctl verify --kind lote", .requires(.pythonCryptography), .requires(.loteFixtures))
final class VerifyLoTECommandTests {
    let folder: TemporaryDirectory
    let signed: PythonLoTE.Signed

    init() throws {
        folder = try TemporaryDirectory()
        signed = try PythonLoTE.sign(try LoTEFixtures.bytes(LoTEFixtures.mockPIDProviders))
        try folder.write(signed.jws, to: "pid.jws")
        try folder.write(Array(signed.root.pemEncoded.utf8), to: "root.pem")
    }

    func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }

    @Test("VALID with the list's facts in JSON: loteType, sequenceNumber, entries = entities, services")
    func valid() throws {
        let (status, run) = CLIRun.run([
            "verify", path("pid.jws"), "--kind", "lote", "--root", path("root.pem"), "--at", "2026-01-02T00:00:00Z",
            "--lote-type", "http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList", "--json",
        ])
        #expect(status == 0, "\(run.standardError)")
        let json = run.json
        #expect(json["valid"] as? Bool == true)
        #expect(json["kind"] as? String == "lote")
        #expect(json["loteType"] as? String == "http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList")
        #expect((json["sequenceNumber"] as? NSNumber)?.intValue == 1)
        #expect((json["issueID"] as? NSNumber)?.intValue == 1)
        #expect((json["entries"] as? NSNumber)?.intValue == 15)
        #expect(json["provider"] as? String == "European Commission")
        #expect(json["territory"] as? String == "EU")
        #expect(json["date"] as? String == "2025-12-01T13:10:57Z")
        #expect(json["nextUpdate"] as? String == "2026-06-01T13:10:57Z")
        #expect(json["signingTime"] as? String == "2026-01-01T00:00:00Z")
        let services = json["services"] as? [[String: Any]] ?? []
        #expect(services.count == 17)
        #expect(services.allSatisfy { $0["type"] as? String == "http://uri.etsi.org/19602/SvcType/PID/Issuance" })
        #expect(services.allSatisfy { $0["status"] is NSNull })
        #expect(services.reduce(0) { $0 + (($1["certificates"] as? [Any])?.count ?? 0) } == 17)
        #expect((json["entities"] as? [Any])?.count == 15)

        let (textStatus, text) = CLIRun.run([
            "verify", path("pid.jws"), "--kind", "lote", "--root", path("root.pem"), "--at", "2026-01-02T00:00:00Z",
        ])
        #expect(textStatus == 0)
        #expect(text.standardOutput.hasPrefix("VALID"))
        #expect(text.standardOutput.contains("Agence Nationale des Titres Sécurisés"))
    }

    @Test("RSA-PSS: VALID for PS384 over an RSA 3072 signer; REJECTED weak_key for a 1024-bit signer, with advice")
    func rsaPSS() throws {
        let bytes = try LoTEFixtures.bytes(LoTEFixtures.mockPIDProviders)
        let cases: [(String, [String: JSONValue])] = [
            ("ps384", ["alg": "PS384", "rsaBits": 3072]), ("weak", ["alg": "PS256", "rsaBits": 1024]),
        ]
        for (name, options) in cases {
            let signed = try PythonLoTE.sign(bytes, options: options)
            try folder.write(signed.jws, to: "\(name).jws")
            try folder.write(Array(signed.root.pemEncoded.utf8), to: "\(name)-root.pem")
        }
        let arguments = ["--kind", "lote", "--at", "2026-01-02T00:00:00Z", "--json"]
        let (status, valid) = CLIRun.run(
            ["verify", path("ps384.jws"), "--root", path("ps384-root.pem")] + arguments)
        #expect(status == 0, "\(valid.standardError)")
        #expect(valid.json["valid"] as? Bool == true)
        #expect(valid.json["algorithm"] as? String == "PS384")
        #expect((valid.json["entries"] as? NSNumber)?.intValue == 15)
        let (weakStatus, weak) = CLIRun.run(["verify", path("weak.jws"), "--root", path("weak-root.pem")] + arguments)
        #expect(weakStatus == 1)
        #expect(weak.json["valid"] as? Bool == false)
        #expect(weak.json["reason"] as? String == "weak_key")
        #expect((weak.json["message"] as? String)?.contains("PS256 needs 2048 or more (RFC 7518 §3.5)") == true)
    }

    @Test(
        "REJECTED with the reason: another LoTEType, and an XML document; a LoTEType that is not a URI is a usage error"
    )
    func rejected() throws {
        let (status, run) = CLIRun.run([
            "verify", path("pid.jws"), "--kind", "lote", "--root", path("root.pem"), "--at", "2026-01-02T00:00:00Z",
            "--lote-type", "http://uri.etsi.org/19602/LoTEType/EUWalletProvidersList", "--json",
        ])
        #expect(status == 1)
        #expect(run.json["valid"] as? Bool == false)
        #expect(run.json["reason"] as? String == "wrong_list_type")
        #expect(run.json["loteType"] is NSNull)
        #expect((run.json["services"] as? [Any])?.isEmpty == true)
        // The last segment alone is a usage error naming the whole URI to give.
        let (shortStatus, short) = CLIRun.run([
            "verify", path("pid.jws"), "--kind", "lote", "--root", path("root.pem"), "--lote-type",
            "EUPIDProvidersList",
        ])
        #expect(shortStatus == 2)
        #expect(
            short.standardError.contains(
                "give the whole LoTEType, e.g. http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList"),
            "\(short.standardError)")
        try folder.write(Array("<?xml version=\"1.0\"?><LoTE/>".utf8), to: "pid.xml")
        let (xmlStatus, xml) = CLIRun.run([
            "verify", path("pid.xml"), "--kind", "lote", "--root", path("root.pem"),
        ])
        #expect(xmlStatus == 1)
        #expect(xml.standardOutput.contains("unsupported_format"))
        #expect(xml.standardOutput.contains("XML LoTEs (XAdES) are not supported"))
    }

    @Test("the wrong --kind says what the file is: a JWS given as a VICAL, a COSE_Sign1 given as a LoTE")
    func wrongKind() throws {
        let (status, asVICAL) = CLIRun.run([
            "verify", path("pid.jws"), "--kind", "vical", "--root", path("root.pem"), "--json",
        ])
        #expect(status == 1)
        #expect(asVICAL.json["reason"] as? String == "malformed_cbor")
        let message = asVICAL.json["message"] as? String ?? ""
        #expect(message.contains("a JWS") && message.contains("--kind lote"), "\(message)")
        // RFC 9052 §4.2: a COSE_Sign1 is a CBOR array of four items (0x84), tagged 18 (0xD2) or not.
        for (name, bytes) in [
            ("untagged", [0x84, 0x40, 0xA0, 0x40, 0x40]), ("tagged", [0xD2, 0x84, 0x40, 0xA0, 0x40, 0x40]),
        ] {
            try folder.write(bytes.map(UInt8.init), to: "\(name).cose")
            let (coseStatus, asLoTE) = CLIRun.run([
                "verify", path("\(name).cose"), "--kind", "lote", "--root", path("root.pem"), "--json",
            ])
            #expect(coseStatus == 1)
            #expect(asLoTE.json["reason"] as? String == "malformed_jws")
            let text = asLoTE.json["message"] as? String ?? ""
            #expect(text.contains("COSE_Sign1") && text.contains("--kind vical"), "\(text)")
        }
    }
}
