import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

@testable import TrustListsService

/// `trustctl sign`: what it writes verifies with `trustctl verify` and with an independent implementation (Python
/// `cbor2` + `cryptography`); a signer that would not verify is refused.
@Suite("trustctl sign")
final class SignCommandTests {
    let network: DemoNetwork
    let folder: TemporaryDirectory
    let now = TestPKI.referenceTime + 60

    init() throws {
        network = try DemoNetwork(name: "Sign", at: TestPKI.referenceTime)
        folder = try TemporaryDirectory()
        try write("root.pem", network.root.certificate.pemEncoded)
        try write("vical-key.pem", network.vicalSigner.key.pemEncoded)
        try write("rical-key.pem", network.ricalSigner.key.pemEncoded)
        try write(
            "vical-chain.pem", network.vicalSigner.certificate.pemEncoded + network.issuingCA.certificate.pemEncoded)
        try write(
            "rical-chain.pem", network.ricalSigner.certificate.pemEncoded + network.issuingCA.certificate.pemEncoded)
        for (index, iaca) in network.iacas.enumerated() {
            try write("iaca\(index).pem", iaca.iaca.certificate.pemEncoded)
        }
        try write("reader-ca.pem", network.readerCA.certificate.pemEncoded)
    }

    func write(_ name: String, _ text: String) throws {
        try folder.write(Array(text.utf8), to: name)
    }

    func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }

    func sign(_ kind: String, out: String, extra: [String] = []) -> (Int32, CLIRun) {
        let entries =
            kind == "vical"
            ? [
                "--entry", "\(path("iaca0.pem")):org.iso.18013.5.1.mDL", "--entry",
                "\(path("iaca1.pem")):org.iso.18013.5.1.mDL,org.iso.23220.photoid.1",
            ]
            : ["--entry", path("reader-ca.pem")]
        return CLIRun.run(
            [
                "sign", "--kind", kind, "--provider", "Sign", "--issue-id", "42", "--signer-key",
                path("\(kind)-key.pem"),
                "--signer-chain", path("\(kind)-chain.pem"), "--date", Timestamp.text(now), "--next-update",
                Timestamp.text(now + 86_400), "--root", path("root.pem"), "--out", path(out),
            ] + entries + extra, now: now)
    }

    @Test("a signed VICAL and RICAL verify with trustctl verify", arguments: ["vical", "rical"])
    func verifiesHere(kind: String) throws {
        let (status, run) = sign(kind, out: "\(kind).cose")
        #expect(status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("verified against"))
        let (verifyStatus, verify) = CLIRun.run(
            ["verify", path("\(kind).cose"), "--kind", kind, "--root", path("root.pem"), "--json"], now: now + 60)
        #expect(verifyStatus == 0, "\(verify.standardOutput)")
        #expect(verify.json["provider"] as? String == "Sign")
        #expect((verify.json["issueID"] as? NSNumber)?.intValue == 42)
        #expect((verify.json["entries"] as? NSNumber)?.intValue == (kind == "vical" ? 2 : 1))
        #expect((verify.json["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test(
        "Python cbor2 + cryptography read and verify what sign writes", .requires(.interopModules),
        arguments: ["vical", "rical"])
    func verifiesInPython(kind: String) throws {
        let (status, _) = sign(kind, out: "\(kind).cose")
        #expect(status == 0)
        // An independent reading of ISO/IEC 18013-5 Annex C / F and RFC 9052 §4.4, printed as JSON facts.
        let script = """
            import sys, json, cbor2
            from cryptography import x509
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
            data = open(sys.argv[1], 'rb').read()
            msg = cbor2.loads(data)
            assert isinstance(msg, list) and len(msg) == 4, 'untagged 4-array'
            protected = cbor2.loads(msg[0])
            unprotected = msg[1]
            chain = protected.get(33, unprotected.get(33))
            chain = [chain] if isinstance(chain, bytes) else chain
            signer = x509.load_der_x509_certificate(chain[0])
            sig = msg[3]
            tbs = cbor2.dumps(['Signature1', msg[0], b'', msg[2]])
            signer.public_key().verify(encode_dss_signature(int.from_bytes(sig[:32], 'big'), int.from_bytes(sig[32:], 'big')), tbs, ec.ECDSA(hashes.SHA256()))
            # Tags counted on the raw bytes (RFC 8949 §3: major type 6), so that any cbor2 version will do.
            raw_tags = {}
            def walk(data, i=0):
                initial = data[i]; major, info = initial >> 5, initial & 31; i += 1
                if info < 24: value = info
                elif info < 28: size = 1 << (info - 24); value = int.from_bytes(data[i:i + size], 'big'); i += size
                else: raise ValueError('indefinite lengths are not deterministic CBOR')
                if major in (2, 3): return i + value
                if major == 4:
                    for _ in range(value): i = walk(data, i)
                if major == 5:
                    for _ in range(2 * value): i = walk(data, i)
                if major == 6:
                    raw_tags[value] = raw_tags.get(value, 0) + 1
                    i = walk(data, i)
                return i
            assert walk(msg[2]) == len(msg[2])
            payload = cbor2.loads(msg[2])
            infos = payload['certificateInfos']
            facts = {
                'alg': protected[1], 'x5chainProtected': 33 in protected, 'x5chainLength': len(chain),
                'keys': list(payload.keys()), 'dateTag0': raw_tags.get(0, 0), 'bignumTag2': raw_tags.get(2, 0),
                'entries': [],
            }
            for e in infos:
                c = x509.load_der_x509_certificate(e['certificate'])
                ski = c.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest
                serial = e['serialNumber']
                serial = int.from_bytes(serial, 'big') if isinstance(serial, bytes) else serial
                facts['entries'].append({'skiMatches': e['ski'] == ski, 'serialMatches': serial == c.serial_number,
                                         'docType': e.get('docType'), 'subjectMatches': e['subject'] == c.subject.public_bytes()})
            print(json.dumps(facts))
            """
        let output = try Python.run(script, input: [], arguments: [path("\(kind).cose")])
        let facts = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
        #expect((facts["alg"] as? NSNumber)?.intValue == -7)
        #expect(facts["x5chainProtected"] as? Bool == (kind == "rical"))
        #expect((facts["x5chainLength"] as? NSNumber)?.intValue == 2)
        let keys = facts["keys"] as? [String] ?? []
        // Core deterministic encoding (RFC 8949 §4.2.1): keys in bytewise order of their encodings.
        #expect(keys == keys.sorted { ($0.utf8.count, $0) < ($1.utf8.count, $1) })
        #expect(keys.contains(kind == "vical" ? "vicalProvider" : "provider"))
        // date and nextUpdate, plus notBefore/notAfter of each entry, are tag 0.
        let entries = facts["entries"] as? [[String: Any]] ?? []
        #expect((facts["dateTag0"] as? NSNumber)?.intValue == 2 + 2 * entries.count)
        #expect((facts["bignumTag2"] as? NSNumber)?.intValue == entries.count)
        for entry in entries {
            #expect(entry["skiMatches"] as? Bool == true)
            #expect(entry["serialMatches"] as? Bool == true)
            #expect(entry["subjectMatches"] as? Bool == true)
        }
        if kind == "vical" {
            #expect(
                entries.map { $0["docType"] as? [String] ?? [] } == [
                    ["org.iso.18013.5.1.mDL"], ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"],
                ])
        }
    }

    @Test("a VICAL signer without EKU 1.0.18013.5.1.8 is refused, and nothing is written")
    func refusesSignerWithoutEKU() throws {
        let (status, run) = CLIRun.run(
            [
                "sign", "--kind", "vical", "--provider", "Sign", "--issue-id", "1", "--signer-key",
                path("rical-key.pem"),
                "--signer-chain", path("rical-chain.pem"), "--entry", "\(path("iaca0.pem")):org.iso.18013.5.1.mDL",
                "--date", Timestamp.text(now), "--out", path("bad.cose"),
            ], now: now)
        #expect(status == 1)
        #expect(run.standardError.contains("REFUSED: signer_eku"))
        #expect(!FileManager.default.fileExists(atPath: path("bad.cose")))
    }

    @Test("a key that is not the signer's, an expired signer, and a VICAL entry without docTypes are refused")
    func otherRefusals() throws {
        let wrongKey = CLIRun.run(
            [
                "sign", "--kind", "vical", "--provider", "Sign", "--issue-id", "1", "--signer-key",
                path("rical-key.pem"),
                "--signer-chain", path("vical-chain.pem"), "--entry", "\(path("iaca0.pem")):org.iso.18013.5.1.mDL",
                "--date", Timestamp.text(now), "--out", path("x.cose"),
            ], now: now)
        #expect(wrongKey.status == 1)
        #expect(wrongKey.run.standardError.contains("does not belong"))
        let (expired, run) = CLIRun.run(
            [
                "sign", "--kind", "vical", "--provider", "Sign", "--issue-id", "1", "--signer-key",
                path("vical-key.pem"),
                "--signer-chain", path("vical-chain.pem"), "--entry", "\(path("iaca0.pem")):org.iso.18013.5.1.mDL",
                "--date", Timestamp.text(network.vicalSigner.certificate.notAfter + 1), "--out", path("late.cose"),
            ], now: now)
        #expect(expired == 1)
        #expect(run.standardError.contains("signer_expired"))
        let noDocType = CLIRun.run(
            [
                "sign", "--kind", "vical", "--provider", "Sign", "--issue-id", "1", "--signer-key",
                path("vical-key.pem"),
                "--signer-chain", path("vical-chain.pem"), "--entry", path("iaca0.pem"), "--out", path("y.cose"),
            ], now: now)
        #expect(noDocType.status == 2)
        #expect(noDocType.run.standardError.contains("needs docTypes"))
    }

    @Test("an RSA signer is refused unsupported_alg (COSE lists are ECDSA or EdDSA), and nothing is written")
    func refusesRSASigner() throws {
        let signer = try TestPKI.leaf(
            "Sign RSA RICAL signer", under: network.issuingCA, extendedKeyUsage: nil, algorithm: .rsa)
        try write("rsa-key.pem", signer.key.pemEncoded)
        try write("rsa-chain.pem", signer.certificate.pemEncoded + network.issuingCA.certificate.pemEncoded)
        let (status, run) = CLIRun.run(
            [
                "sign", "--kind", "rical", "--provider", "Sign", "--issue-id", "1", "--signer-key", path("rsa-key.pem"),
                "--signer-chain", path("rsa-chain.pem"), "--entry", path("reader-ca.pem"), "--date",
                Timestamp.text(now),
                "--root", path("root.pem"), "--out", path("rsa.cose"),
            ], now: now)
        #expect(status == 1)
        #expect(run.standardError.contains("REFUSED: unsupported_alg"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path("rsa.cose")))
    }

    @Test("without --root, a list whose nextUpdate is before its date is refused as verify would refuse it")
    func payloadCheckedWithoutRoot() throws {
        let (status, run) = CLIRun.run(
            [
                "sign", "--kind", "vical", "--provider", "Sign", "--issue-id", "1", "--signer-key",
                path("vical-key.pem"), "--signer-chain", path("vical-chain.pem"), "--entry",
                "\(path("iaca0.pem")):org.iso.18013.5.1.mDL", "--date", Timestamp.text(now), "--next-update",
                Timestamp.text(now - 86_400), "--out", path("backwards.cose"),
            ], now: now)
        #expect(status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("REFUSED: malformed_payload"), "\(run.standardError)")
        #expect(run.standardError.contains("before the list's date"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path("backwards.cose")))
    }
}
