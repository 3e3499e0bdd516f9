import Foundation
import JOSE
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// LoTEs signed by an independent implementation (Python `cryptography`, header and JSON by hand, the real EU
/// payloads) verified here, and LoTEs ours signs verified by Python; then every refusal the verifier owes.
@Suite("LoTE verification (JAdES over ETSI TS 119 602)", .requires(.pythonCryptography))
struct LoTEVerifierTests {
    static let pidType = LoTEDecodingTests.pidType
    /// 2026-01-02T00:00:00Z: inside Python's test PKI (2025..2027) and after the hand-written LoTE's issue.
    static let time = Date(timeIntervalSince1970: 1_767_312_000)

    static func verify(
        _ signed: PythonLoTE.Signed, type: String? = pidType, at time: Date = time,
        accepted: VersionMark? = nil
    ) throws(TrustListError) -> VerifiedList {
        try LoTEVerifier(anchors: [signed.root], settings: LoTEVerificationSettings(expectedType: type))
            .verify(signed.jws, at: time, accepted: accepted)
    }

    /// The high-water mark of a LoTE accepted with `sequence` and `content`.
    static func mark(_ sequence: UInt64, _ content: String) -> VersionMark {
        VersionMark(date: time, number: sequence, contentSHA256: content)
    }

    static func code(_ signed: PythonLoTE.Signed, type: String? = pidType) -> ReasonCode? {
        do {
            _ = try verify(signed, type: type)
            return nil
        } catch {
            return error.code
        }
    }

    @Test(
        "the Commission's mock PID list, signed by Python, verifies with its README's facts and no warning",
        .requires(.loteFixtures))
    func pythonSignedMockList() throws {
        let signed = try PythonLoTE.sign(try LoTEFixtures.bytes(LoTEFixtures.mockPIDProviders))
        let verified = try Self.verify(signed)
        #expect(verified.list.lote?.entities.count == 15)
        #expect(verified.list.lote?.services.count == 17)
        #expect(verified.list.lote?.sequenceNumber == 1)
        #expect(verified.signingTime.map(Timestamp.text) == "2026-01-01T00:00:00Z")
        #expect(verified.signer == signed.signer)
        #expect(verified.anchor == signed.root)
        #expect(verified.warnings.isEmpty, "\(verified.warnings)")
    }

    @Test(
        "the reference implementation's list, signed by Python, verifies with its services dropped",
        .requires(.loteFixtures))
    func pythonSignedReferenceList() throws {
        let signed = try PythonLoTE.sign(
            try LoTEFixtures.bytes(LoTEFixtures.referencePIDProviders),
            options: ["country": "EU", "organization": "User Tsp"])
        let verified = try Self.verify(signed, at: Date(timeIntervalSince1970: 1_775_000_000))
        #expect(verified.list.lote?.entities.count == 7)
        #expect(verified.list.lote?.services.isEmpty == true)
        #expect(verified.warnings.contains { $0.contains("ServiceTypeIdentifier: missing") })
    }

    @Test(
        "every serialization and algorithm Python signs verifies",
        arguments: [
            ("compact", "ES256"), ("flattened", "ES384"), ("general", "ES512"), ("compact", "EdDSA"),
            ("general", "EdDSA"),
        ])
    func serializations(serialization: String, alg: String) throws {
        let signed = try PythonLoTE.sign(
            LoTEDecodingTests.document(), options: ["serialization": .string(serialization), "alg": .string(alg)])
        let verified = try Self.verify(signed)
        #expect(verified.algorithm == alg)
        #expect(verified.list.lote?.sequenceNumber == 7)
        // The document's SHA-256 and the signed content's (the JWS signing input), as Python's hashlib computes them.
        let digests = String(decoding: try Python.run(Self.digestsScript, input: signed.jws), as: UTF8.self)
        #expect(
            digests.split(separator: " ").map(String.init) == [verified.sha256Hex, hexString(verified.contentSHA256)])
    }

    /// Prints the SHA-256 of the JWS on standard input and of its signing input (RFC 7515 §5.2), in hex.
    static let digestsScript = """
        import hashlib, json, sys
        data = sys.stdin.buffer.read()
        if data.lstrip().startswith(b"{"):
            jws = json.loads(data)
            protected = (jws["signatures"][0] if "signatures" in jws else jws)["protected"]
            signing_input = (protected + "." + jws["payload"]).encode()
        else:
            signing_input = data.strip().rsplit(b".", 1)[0]
        print(hashlib.sha256(data).hexdigest(), hashlib.sha256(signing_input).hexdigest(), end="")
        """

    @Test(
        "LoTEs Python signs with RSASSA-PSS (RSA 2048/3072, its own RSA root and chain) verify",
        arguments: [("PS256", 2048, "compact"), ("PS384", 3072, "flattened"), ("PS512", 2048, "general")])
    func pythonRSAPSS(alg: String, bits: Int, serialization: String) throws {
        let signed = try PythonLoTE.sign(
            LoTEDecodingTests.document(),
            options: ["alg": .string(alg), "rsaBits": .number(Double(bits)), "serialization": .string(serialization)])
        let verified = try Self.verify(signed)
        #expect(verified.algorithm == alg)
        #expect(try verified.signer.publicKey.algorithm == .rsa)
        #expect(try verified.signer.publicKey.sizeInBits == bits)
        #expect(verified.list.lote?.sequenceNumber == 7)
        #expect(verified.anchor == signed.root)
        #expect(verified.warnings.isEmpty, "\(verified.warnings)")
    }

    @Test(
        "RSA refusals: PS256 over an EC leaf, ES256 over an RSA leaf, RS256, a 1024-bit leaf, another PSS salt length")
    func rsaRefusals() throws {
        let document = LoTEDecodingTests.document()
        let cases: [([String: JSONValue], ReasonCode, String)] = [
            (["headerAlg": "PS256"], .unsupportedAlgorithm, "PS256 does not fit the trusted P-256 key"),
            (["alg": "PS256", "headerAlg": "ES256"], .unsupportedAlgorithm, "ES256 does not fit the trusted RSA key"),
            (["alg": "PS256", "headerAlg": "RS256"], .unsupportedAlgorithm, "RSASSA-PKCS1-v1_5"),
            (["alg": "PS256", "rsaBits": 1024], .weakKey, "1024 bits; PS256 needs 2048 or more"),
            // RFC 7518 §3.5: "The size of the salt value is the same size as the hash function output."
            (["alg": "PS256", "pssSalt": "max"], .badSignature, "a salt as long as the hash"),
            (["alg": "PS384", "pssSalt": 0], .badSignature, "a salt as long as the hash"),
        ]
        for (options, expected, message) in cases {
            let signed = try PythonLoTE.sign(document, options: options)
            do {
                _ = try Self.verify(signed)
                Issue.record("\(options) verified")
            } catch {
                #expect(error.code == expected, "\(options): \(error)")
                #expect(error.reason.contains(message), "\(options): \(error.reason)")
            }
        }
    }

    @Test("a PS256 LoTE whose payload was altered is bad_signature")
    func rsaAlteredPayload() throws {
        let signed = try PythonLoTE.sign(LoTEDecodingTests.document(), options: ["alg": "PS256"])
        #expect(Self.code(Self.altered(signed)) == .badSignature)
        #expect(Self.code(signed) == nil)
    }

    @Test("a self-signed signer that is itself the pinned root verifies")
    func selfSignedSigner() throws {
        let signed = try PythonLoTE.sign(LoTEDecodingTests.document(), options: ["selfSigned": true])
        let verified = try Self.verify(signed)
        #expect(verified.signerChain.count == 1)
        #expect(verified.anchor == signed.root)
    }

    @Test("a signer under another root is chain_invalid; the other root alone does not help")
    func otherRoot() throws {
        let signed = try PythonLoTE.sign(LoTEDecodingTests.document())
        let other = try PythonLoTE.sign(LoTEDecodingTests.document())
        #expect(throws: TrustListError(.chainInvalid)) {
            try LoTEVerifier(anchors: [other.root]).verify(signed.jws, at: Self.time)
        }
        let signerOnly = try PythonLoTE.sign(LoTEDecodingTests.document(), options: ["x5c": "signer"])
        #expect(try Self.verify(signerOnly).signerChain.count == 2)
    }

    @Test("refusals of the header: alg none and HMAC, unknown crit, b64 false, wrong x5t#S256, no x5c, wrong leaf")
    func headerRefusals() throws {
        let document = LoTEDecodingTests.document()
        let cases: [([String: JSONValue], ReasonCode)] = [
            (["headerAlg": "none"], .unsupportedAlgorithm),
            (["headerAlg": "HS256"], .unsupportedAlgorithm),
            (["headerAlg": "PS256"], .unsupportedAlgorithm),
            (["headerAlg": "ES384"], .unsupportedAlgorithm),
            (["extra": ["sigD": ["mId": "x"]], "crit": ["sigT", "sigD"]], .unknownCriticalHeader),
            (["extra": ["b64": false], "crit": ["sigT", "b64"]], .unknownCriticalHeader),
            (["x5tS256": "wrong"], .malformedX5C),
            (["x5c": "none"], .malformedX5C),
            (["x5c": "wrong"], .badSignature),
            (["sigT": "2030-01-01T00:00:00Z"], .signingTimeInvalid),
            (["sigT": "yesterday"], .malformedJWS),
            (["serialization": "flattened", "unprotected": ["alg": "ES256"]], .malformedJWS),
        ]
        for (options, expected) in cases {
            let signed = try PythonLoTE.sign(document, options: options)
            #expect(Self.code(signed) == expected, "\(options)")
        }
    }

    @Test("sigT absent or not critical is a warning, not a refusal")
    func sigTWarnings() throws {
        let absent = try Self.verify(try PythonLoTE.sign(LoTEDecodingTests.document(), options: ["sigT": nil]))
        #expect(absent.warnings == ["header.sigT is absent: the signature carries no signing time"])
        let notCritical = try Self.verify(
            try PythonLoTE.sign(LoTEDecodingTests.document(), options: ["crit": nil]))
        #expect(notCritical.warnings == ["header.sigT is not listed in crit (JAdES marks it critical)"])
    }

    @Test("an altered payload is bad_signature; the wrong LoTEType is wrong_list_type")
    func alteredAndWrongType() throws {
        let signed = try PythonLoTE.sign(LoTEDecodingTests.document())
        #expect(Self.code(Self.altered(signed)) == .badSignature)
        let wallet = "http://uri.etsi.org/19602/LoTEType/EUWalletProvidersList"
        let error = try #require(throws: TrustListError.self) { try Self.verify(signed, type: wallet) }
        #expect(error.code == .wrongListType)
        #expect(error.reason.contains(wallet))
        #expect(Self.code(signed, type: nil) == nil)
    }

    @Test("a signer whose C and O are not the scheme's territory and operator gives two warnings")
    func operatorMismatch() throws {
        let signed = try PythonLoTE.sign(
            LoTEDecodingTests.document(), options: ["country": "FR", "organization": "Somebody else"])
        let verified = try Self.verify(signed)
        #expect(verified.warnings.count == 2)
        #expect(verified.warnings.contains("signer countryName FR is not SchemeTerritory EU"))
    }

    @Test("not a JWS: XML is unsupported_format, a bare LoTE is malformed_jws, empty input too")
    func notJWS() throws {
        let signed = try PythonLoTE.sign(LoTEDecodingTests.document())
        let verifier = LoTEVerifier(anchors: [signed.root])
        let xml = Array("<?xml version=\"1.0\"?><LoTE/>".utf8)
        let error = try #require(throws: TrustListError.self) { try verifier.verify(xml, at: Self.time) }
        #expect(error.code == .unsupportedFormat)
        #expect(error.reason.contains("XML LoTEs (XAdES) are not supported"))
        #expect(throws: TrustListError(.malformedJWS)) {
            try verifier.verify(LoTEDecodingTests.document(), at: Self.time)
        }
        #expect(throws: TrustListError(.malformedJWS)) { try verifier.verify([], at: Self.time) }
    }

    @Test("an issue time in the future is date_in_future; a passed NextUpdate is a warning")
    func freshness() throws {
        let signed = try PythonLoTE.sign(LoTEDecodingTests.document())
        #expect(throws: TrustListError(.dateInFuture)) {
            try Self.verify(signed, at: Date(timeIntervalSince1970: 1_767_000_000))
        }
        let late = try Self.verify(signed, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(late.warnings == ["NextUpdate 2026-07-01T00:00:00Z has passed: the list is overdue"])
    }

    @Test("rollback by sequence number alone; the same number with other signed content is equivocation")
    func rollback() throws {
        let seven = try PythonLoTE.sign(LoTEDecodingTests.document())
        let verified = try Self.verify(seven)
        let content = hexString(verified.contentSHA256)
        // A lower number is refused although its issue time is later.
        let lower = try PythonLoTE.sign(
            LoTEDecodingTests.document(replace: ["ListIssueDateTime": "\"2026-01-01T12:00:00Z\""]))
        #expect(throws: TrustListError(.rollback)) {
            try Self.verify(lower, accepted: Self.mark(8, content))
        }
        #expect(throws: TrustListError(.equivocation)) {
            try Self.verify(lower, accepted: Self.mark(7, content))
        }
        // The same signed content again is the same version.
        _ = try Self.verify(seven, accepted: Self.mark(7, content))
        _ = try Self.verify(lower, accepted: Self.mark(6, content))
    }

    @Test(
        "a LoTE ours signs (ES256; PS256, the RSA default; PS512 when asked) verifies in Python and here, with the same facts",
        arguments: [(KeyAlgorithm.ecP256, nil), (.rsa, nil), (.rsa, JWSAlgorithm.ps512)])
    func oursVerifiedByPython(keyAlgorithm: KeyAlgorithm, algorithm: JWSAlgorithm?) throws {
        let root = try TestPKI.root("LoTE root", algorithm: keyAlgorithm)
        let signer = try TestPKI.leaf("LoTE signer", under: root, extendedKeyUsage: nil, algorithm: keyAlgorithm)
        let issuerCA = try TestPKI.intermediate("PID Provider CA", under: root)
        let content = LoTEPublisher.Content(
            type: Self.pidType, sequenceNumber: 3, operatorName: "Test PKI", territory: "US",
            issueDate: TestPKI.referenceTime - 3600, nextUpdate: TestPKI.referenceTime + 30 * TestPKI.day,
            entities: [
                (
                    name: "PID Provider",
                    services: [.init(type: LoTEDecodingTests.pidIssuance, certificates: [issuerCA.certificate])]
                )
            ])
        let jws = try LoTEPublisher.sign(
            payload: try LoTEPublisher.payload(content), signerKey: signer.key,
            signerChain: [signer.certificate, root.certificate], signingTime: TestPKI.referenceTime - 3600,
            algorithm: algorithm)
        let facts = try PythonLoTE.verify(jws, root: root.certificate, at: "2026-01-01T00:00:00Z")
        let expectedAlgorithm = algorithm ?? (keyAlgorithm == .rsa ? .ps256 : .es256)
        #expect(facts.alg == expectedAlgorithm.rawValue)
        #expect(facts.loteType == Self.pidType)
        #expect(facts.sequenceNumber == 3)
        #expect(facts.territory == "US")
        #expect(facts.entities == 1)
        #expect(facts.certificates == [issuerCA.certificate.sha256Hex])
        #expect(facts.sigT == "2025-12-31T23:00:00Z")
        let verified = try LoTEVerifier(anchors: [root.certificate]).verify(jws, at: TestPKI.referenceTime)
        #expect(verified.algorithm == expectedAlgorithm.rawValue)
        #expect(verified.list.lote?.services.first?.digitalIdentity.certificates == [issuerCA.certificate])
        #expect(verified.warnings.isEmpty, "\(verified.warnings)")
        // Python refuses it once the payload is changed.
        let altered = Self.altered(PythonLoTE.Signed(jws: jws, root: root.certificate, signer: signer.certificate))
        #expect(throws: PythonError.self) {
            try PythonLoTE.verify(altered.jws, root: root.certificate, at: "2026-01-01T00:00:00Z")
        }
    }

    /// The signed LoTE with its payload replaced by one of sequence number 8, the signature kept.
    static func altered(_ signed: PythonLoTE.Signed) -> PythonLoTE.Signed {
        var parts = String(decoding: signed.jws, as: UTF8.self).split(separator: ".").map(String.init)
        let other = LoTEDecodingTests.document(replace: ["LoTESequenceNumber": "8"])
        parts[1] = Data(other).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return PythonLoTE.Signed(
            jws: Array(parts.joined(separator: ".").utf8), root: signed.root, signer: signed.signer)
    }
}
