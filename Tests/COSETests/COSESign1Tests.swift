import COSE
import Foundation
import TestSupport
import Testing
import X509

/// COSE_Sign1 against published vectors: RFC 9052 Appendix C.2.1 and the COSE working group's sign1 tests
/// (github.com/cose-wg/Examples, folder sign1-tests), then tampering, round trips and interop.
@Suite("COSE_Sign1")
struct COSESign1Tests {
    /// The P-256 key "11" of RFC 9052 Appendix C (x, y in base64url, as the RFC and cose-wg/Examples give them), as
    /// a SubjectPublicKeyInfo: the fixed DER prefix for id-ecPublicKey/prime256v1, then 04 ‖ x ‖ y.
    static let key11: PublicKey? = {
        func base64url(_ text: String) -> [UInt8] {
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            return Array(Data(base64Encoded: base64) ?? Data())
        }
        let x = base64url("usWxHK2PmfnHKwXPS54m0kTcGJ90UiglWiGahtagnv8")
        let y = base64url("IBOL-C3BttVivg-lSreASjpkttcsz-1rb7btKLv8EX4")
        let prefix = bytes(fromHex: "3059301306072a8648ce3d020106082a8648ce3d030107034200") ?? []
        return try? PublicKey(subjectPublicKeyInfo: prefix + [0x04] + x + y)
    }()

    static let content = Array("This is the content.".utf8)

    struct Vector: Sendable, CustomStringConvertible {
        let name: String
        let message: String
        let toBeSigned: String?
        let externalAAD: String
        let algorithmUnprotected: Bool
        var description: String { name }
    }

    static let passing: [Vector] = [
        Vector(
            name: "RFC 9052 C.2.1 single ECDSA signature",
            message:
                "D28443A10126A10442313154546869732069732074686520636F6E74656E742E58408EB33E4CA31D1C465AB05AAC34CC6B23D58FEF5C083106C4D25A91AEF0B0117E2AF9A291AA32E14AB834DC56ED2A223444547E01F11D3B0916E5A4C345CACB36",
            toBeSigned: "846A5369676E61747572653143A101264054546869732069732074686520636F6E74656E742E", externalAAD: "",
            algorithmUnprotected: false),
        Vector(
            name: "sign-pass-01: redo protected (h'A0', alg unprotected)",
            message:
                "D28441A0A201260442313154546869732069732074686520636F6E74656E742E5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E11A02E5F0344BF2D4EE5C7FD75A68A9F5E0B3CC1F1FC1409C189566586FF9D610",
            toBeSigned: "846A5369676E617475726531404054546869732069732074686520636F6E74656E742E",
            externalAAD: "", algorithmUnprotected: true),
        Vector(
            name: "sign-pass-02: external AAD",
            message:
                "D28443A10126A10442313154546869732069732074686520636F6E74656E742E5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E155388B10C4F1B59A6733EAB416870A945111A4B2FBDBEF33A77234B1DEFF2F9B",
            toBeSigned:
                "846A5369676E61747572653143A101264C11AA22BB33CC44DD5500669954546869732069732074686520636F6E74656E742E",
            externalAAD: "11aa22bb33cc44dd55006699", algorithmUnprotected: false),
        Vector(
            name: "sign-pass-03: untagged",
            message:
                "8443A10126A10442313154546869732069732074686520636F6E74656E742E5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E19F43D6C6BA654472DA301B645B293C9BA939295B97C4BDB847782BFF384C5794",
            toBeSigned: "846A5369676E61747572653143A101264054546869732069732074686520636F6E74656E742E", externalAAD: "",
            algorithmUnprotected: false),
    ]

    @Test("published passing vectors verify, and their Sig_structure is the published ToBeSign", arguments: passing)
    func passingVectors(vector: Vector) throws {
        let key = try #require(Self.key11)
        let message = try COSESign1(cborEncoded: hex(vector.message))
        #expect(message.payload == Self.content)
        #expect(message.keyID == Array("11".utf8))
        if let toBeSigned = vector.toBeSigned {
            let ours = try message.toBeSigned(externalAAD: hex(vector.externalAAD))
            #expect(hexString(ours) == toBeSigned.lowercased())
            // Hashed in two parts (head, then the payload where it lies), the digest is the published ToBeSign's.
            let digest = try message.toBeSignedDigest(.sha256, externalAAD: hex(vector.externalAAD))
            #expect(digest == Digest.sha256.hash(hex(toBeSigned)))
            let sha384 = try message.toBeSignedDigest(.sha384, externalAAD: hex(vector.externalAAD))
            #expect(sha384 == Digest.sha384.hash(hex(toBeSigned)))
        }
        try message.verifySignature(
            with: key, externalAAD: hex(vector.externalAAD), allowUnprotectedAlgorithm: vector.algorithmUnprotected
        )
    }

    @Test("an ES256 signature is checked against the Sig_structure digest a caller has taken: the right one verifies")
    func givenDigest() throws {
        let key = try #require(Self.key11)
        let vector = Self.passing[0]  // RFC 9052 C.2.1: alg protected, no external AAD
        let message = try COSESign1(cborEncoded: hex(vector.message))
        let published = hex(try #require(vector.toBeSigned))
        try message.verifySignature(with: key, toBeSignedSHA256: Digest.sha256.hash(published))
        #expect(throws: COSEError(.badSignature)) {
            try message.verifySignature(with: key, toBeSignedSHA256: Digest.sha256.hash(published + [0]))
        }
        // A digest of another length is no SHA-256: OpenSSL refuses it, a bad signature.
        #expect(throws: COSEError(.badSignature)) {
            try message.verifySignature(with: key, toBeSignedSHA256: Digest.sha384.hash(published))
        }
    }

    @Test(
        "an ES384 or ES512 signature is checked against its own digest: a SHA-256 given is not used",
        arguments: [
            KeyAlgorithm.ecP384, .ecP521,
        ])
    func givenDigestOtherAlgorithms(algorithm: KeyAlgorithm) throws {
        let key = try PrivateKey.generate(algorithm)
        let message = try COSESign1(cborEncoded: try COSESign1.sign(payload: Self.content, key: key))
        try message.verifySignature(with: key.publicKey, toBeSignedSHA256: Array(repeating: 0, count: 32))
    }

    @Test("sign-pass-01 is refused when alg must be protected, as for trust lists")
    func unprotectedAlgorithmRefusedByDefault() throws {
        let message = try COSESign1(cborEncoded: hex(Self.passing[1].message))
        #expect(throws: COSEError(.unsupportedAlgorithm)) {
            try message.verifySignature(with: try #require(Self.key11))
        }
    }

    @Test(
        "published failing vectors fail with the right code",
        arguments: [
            // sign-fail-01: wrong CBOR tag (998)
            (
                "D903E68443A10126A10442313154546869732069732074686520636F6E74656E742E5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E19F43D6C6BA654472DA301B645B293C9BA939295B97C4BDB847782BFF384C5794",
                "not_cose_sign1"
            ),
            // sign-fail-02: changed payload
            (
                "D28443A10126A10442313154546869732069732074686520636F6E74656E742F5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E19F43D6C6BA654472DA301B645B293C9BA939295B97C4BDB847782BFF384C5794",
                "bad_signature"
            ),
            // sign-fail-03: alg -999
            (
                "D28445A1013903E6A10442313154546869732069732074686520636F6E74656E742E5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E19F43D6C6BA654472DA301B645B293C9BA939295B97C4BDB847782BFF384C5794",
                "unsupported_alg"
            ),
            // sign-fail-04: alg "unknown"
            (
                "D2844AA10167756E6B6E6F776EA10442313154546869732069732074686520636F6E74656E742E5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E19F43D6C6BA654472DA301B645B293C9BA939295B97C4BDB847782BFF384C5794",
                "unsupported_alg"
            ),
            // sign-fail-06: protected attribute added
            (
                "D28445A201260300A10442313154546869732069732074686520636F6E74656E742E5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E19F43D6C6BA654472DA301B645B293C9BA939295B97C4BDB847782BFF384C5794",
                "bad_signature"
            ),
            // sign-fail-07: protected attribute removed
            (
                "D28443A10126A10442313154546869732069732074686520636F6E74656E742E5840EAE868ECC176883766C5DC5BA5B8DCA25DAB3C2E56A551CE5705B793914348E172727F48461FABBBA2E343492DDECAC3983686250BC68E9F1A7A07D41225B59F",
                "bad_signature"
            ),
        ])
    func failingVectors(message: String, code: String) throws {
        let key = try #require(Self.key11)
        do {
            try COSESign1(cborEncoded: hex(message)).verifySignature(with: key)
            Issue.record("verified")
        } catch {
            #expect(error.code.rawValue == code, "\(error)")
        }
    }

    @Test("tampering with protected header, payload, signature or external AAD breaks the signature")
    func tampering() throws {
        let key = try PrivateKey.generate(.ecP256)
        let aad: [UInt8] = [1, 2, 3]
        let bytes = try COSESign1.sign(payload: Self.content, key: key, externalAAD: aad)
        let message = try COSESign1(cborEncoded: bytes)
        try message.verifySignature(with: key.publicKey, externalAAD: aad)
        #expect(throws: COSEError(.badSignature)) {
            try message.verifySignature(with: key.publicKey, externalAAD: [1, 2, 4])
        }
        #expect(throws: COSEError(.badSignature)) { try message.verifySignature(with: key.publicKey) }
        // Rebuild with one part changed, keeping the rest.
        func rebuilt(protected: [UInt8]? = nil, payload: [UInt8]? = nil, signature: [UInt8]? = nil) throws -> COSESign1
        {
            try COSESign1(
                cborEncoded: CBOR.array([
                    .byteString(protected ?? message.protectedBytes), .map([]), .byteString(payload ?? Self.content),
                    .byteString(signature ?? message.signature),
                ]).encoded())
        }
        var signature = message.signature
        signature[0] ^= 0x80
        // {1: -7, 3: 0}: same alg, one more protected parameter.
        let widerProtected = CBOR.map([
            CBOR.MapEntry(key: .int(1), value: .int(-7)), CBOR.MapEntry(key: .int(3), value: .unsigned(0)),
        ]).encoded()
        for changed in [
            try rebuilt(protected: widerProtected), try rebuilt(payload: Self.content + [0]),
            try rebuilt(signature: signature),
        ] {
            #expect(throws: COSEError(.badSignature)) {
                try changed.verifySignature(with: key.publicKey, externalAAD: aad)
            }
        }
    }

    @Test(
        "sign then verify for every algorithm, tagged or not, attached or detached",
        arguments: [KeyAlgorithm.ecP256, .ecP384, .ecP521, .ed25519])
    func roundTrip(algorithm: KeyAlgorithm) throws {
        let key = try PrivateKey.generate(algorithm)
        for tagged in [false, true] {
            let attached = try COSESign1(
                cborEncoded: try COSESign1.sign(payload: Self.content, key: key, tagged: tagged))
            #expect(attached.isTagged == tagged)
            #expect(try attached.algorithm() == COSEAlgorithm(for: algorithm))
            try attached.verifySignature(with: key.publicKey)
            let detached = try COSESign1(
                cborEncoded: try COSESign1.sign(payload: Self.content, key: key, detached: true, tagged: tagged))
            #expect(detached.payload == nil)
            #expect(throws: COSEError(.detachedPayload)) { try detached.verifySignature(with: key.publicKey) }
            try detached.verifySignature(with: key.publicKey, detachedPayload: Self.content)
        }
        let other = try PrivateKey.generate(algorithm == .ecP256 ? .ecP384 : .ecP256)
        let message = try COSESign1(cborEncoded: try COSESign1.sign(payload: Self.content, key: key))
        #expect(throws: COSEError(.unsupportedAlgorithm)) { try message.verifySignature(with: other.publicKey) }
    }

    @Test(
        "RSA stays out of COSE: an RSA key cannot sign, PS256 (-37, RFC 8230 §2) and an RSA signer are unsupported_alg")
    func rsaRefused() throws {
        let rsa = try PrivateKey.generate(.rsa)
        #expect(throws: COSEError(.unsupportedAlgorithm)) { try COSESign1.sign(payload: Self.content, key: rsa) }
        // A well-formed RFC 8230 PS256 message (RSASSA-PSS over the Sig_structure) is still refused by its alg.
        let ps256 = try COSESign1(
            cborEncoded: try ListSimulator.message(
                payload: Self.content, protectedHeader: [CBOR.MapEntry(key: .int(1), value: .int(-37))],
                unprotectedHeader: [], key: rsa))
        let error = try #require(throws: COSEError.self) { try ps256.verifySignature(with: rsa.publicKey) }
        #expect(error.code == .unsupportedAlgorithm)
        #expect(error.reason.contains("-37"))
        // An ES256 message verified with an RSA key: the alg does not fit the key.
        let es256 = try COSESign1(
            cborEncoded: try COSESign1.sign(payload: Self.content, key: try PrivateKey.generate(.ecP256)))
        #expect(throws: COSEError(.unsupportedAlgorithm)) { try es256.verifySignature(with: rsa.publicKey) }
    }

    @Test("crit: understood labels pass, an unknown one rejects, crit outside the protected header is malformed")
    func criticalHeaders() throws {
        let key = try PrivateKey.generate(.ecP256)
        let known = try COSESign1(
            cborEncoded: try COSESign1.sign(
                payload: Self.content, key: key,
                protectedHeader: [
                    CBOR.MapEntry(key: .int(2), value: .array([.int(4)])),
                    CBOR.MapEntry(key: .int(4), value: .byteString([1])),
                ]))
        try known.checkCriticalHeaders()
        let unknown = try COSESign1(
            cborEncoded: try COSESign1.sign(
                payload: Self.content, key: key,
                protectedHeader: [
                    CBOR.MapEntry(key: .int(2), value: .array([CBOR("x-private")])),
                    CBOR.MapEntry(key: CBOR("x-private"), value: .unsigned(1)),
                ]))
        #expect(throws: COSEError(.unknownCriticalHeader)) { try unknown.checkCriticalHeaders() }
        let misplaced = try COSESign1(
            cborEncoded: try COSESign1.sign(
                payload: Self.content, key: key,
                unprotectedHeader: [CBOR.MapEntry(key: .int(2), value: .array([.int(4)]))]))
        #expect(throws: COSEError(.notCOSESign1)) { try misplaced.checkCriticalHeaders() }
    }

    @Test("a label in both buckets, and header labels of the wrong type, are not COSE_Sign1")
    func headerShape() throws {
        let both = CBOR.array([
            .byteString(CBOR.map([CBOR.MapEntry(key: .int(1), value: .int(-7))]).encoded()),
            .map([CBOR.MapEntry(key: .int(1), value: .int(-7))]), .byteString([]), .byteString([]),
        ]).encoded()
        #expect(throws: COSEError(.notCOSESign1)) { try COSESign1(cborEncoded: both) }
        let floatLabel = CBOR.array([
            .byteString([]), .map([CBOR.MapEntry(key: .float(1.5), value: .null)]), .byteString([]), .byteString([]),
        ]).encoded()
        #expect(throws: COSEError(.notCOSESign1)) { try COSESign1(cborEncoded: floatLabel) }
        let protectedNotMap = CBOR.array([
            .byteString(CBOR.array([]).encoded()), .map([]), .byteString([]), .byteString([]),
        ]).encoded()
        #expect(throws: COSEError(.notCOSESign1)) { try COSESign1(cborEncoded: protectedNotMap) }
        let protectedGarbage = CBOR.array([.byteString([0xff]), .map([]), .byteString([]), .byteString([])]).encoded()
        #expect(throws: COSEError(.malformedCBOR)) { try COSESign1(cborEncoded: protectedGarbage) }
    }

    @Test(
        "every real list decodes as COSE_Sign1 and verifies with its x5chain leaf (raw r‖s ES256)",
        .requires(.realFixtures),
        arguments: [
            "aamva_vical_2024-09-24.cbor", "aamva_vical_2025-11-18.cbor", "austroads_vical_2024-09-19.cbor",
            "rdw_test_vical_2025-02-25.vical", "nzta_rical_2025-11-13.rical",
        ])
    func realLists(file: String) throws {
        let message = try COSESign1(cborEncoded: try RealFixtures.bytes(file))
        #expect(!message.isTagged)
        #expect(try message.algorithm() == .es256)
        #expect(message.signature.count == 64)
        let chain = try #require(try message.x5chain())
        #expect(chain.isProtected == file.hasSuffix(".rical"))
        let leaf = try Certificate(derEncoded: chain.certificates[0])
        try message.verifySignature(with: try leaf.publicKey)
        var tampered = message.signature
        tampered[10] ^= 1
        let broken = try COSESign1(
            cborEncoded: CBOR.array([
                .byteString(message.protectedBytes),
                .map(message.unprotectedHeader.entries.map { CBOR.MapEntry(key: $0.key.value, value: $0.value.value) }),
                .byteString(message.payload ?? []), .byteString(tampered),
            ]).encoded())
        #expect(throws: COSEError(.badSignature)) { try broken.verifySignature(with: try leaf.publicKey) }
    }

    @Test(
        "a message signed here verifies in Python (cbor2 + cryptography), and one signed there verifies here",
        .requires(.interopModules))
    func pythonInterop() throws {
        let key = try PrivateKey.generate(.ecP384)
        let ours = try COSESign1.sign(payload: Self.content, key: key, externalAAD: [9, 9])
        let verifyThere = """
            import sys, cbor2
            from cryptography.hazmat.primitives import hashes, serialization
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
            spki, msg = [bytes.fromhex(x) for x in sys.stdin.read().split()]
            m = cbor2.loads(msg)
            assert cbor2.loads(m[0]) == {1: -35}
            tbs = cbor2.dumps(['Signature1', m[0], bytes([9, 9]), m[2]])
            r, s = int.from_bytes(m[3][:48], 'big'), int.from_bytes(m[3][48:], 'big')
            serialization.load_der_public_key(spki).verify(encode_dss_signature(r, s), tbs, ec.ECDSA(hashes.SHA384()))
            print('ok')
            """
        let input = hexString(key.publicKey.subjectPublicKeyInfo) + " " + hexString(ours)
        #expect(String(decoding: try Python.run(verifyThere, input: Array(input.utf8)), as: UTF8.self) == "ok\n")

        let signThere = """
            import sys, cbor2
            from cryptography.hazmat.primitives import hashes, serialization
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
            k = ec.generate_private_key(ec.SECP256R1())
            protected = cbor2.dumps({1: -7})
            payload = sys.stdin.buffer.read()
            r, s = decode_dss_signature(k.sign(cbor2.dumps(['Signature1', protected, b'', payload]), ec.ECDSA(hashes.SHA256())))
            msg = cbor2.dumps(cbor2.CBORTag(18, [protected, {4: b'py'}, payload, r.to_bytes(32, 'big') + s.to_bytes(32, 'big')]))
            spki = k.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
            print(spki.hex()); print(msg.hex())
            """
        let lines = String(decoding: try Python.run(signThere, input: Self.content), as: UTF8.self).split(
            separator: "\n")
        let theirKey = try PublicKey(subjectPublicKeyInfo: hex(String(lines[0])))
        let theirs = try COSESign1(cborEncoded: hex(String(lines[1])))
        #expect(theirs.isTagged)
        #expect(theirs.keyID == Array("py".utf8))
        try theirs.verifySignature(with: theirKey)
    }
}
