import Foundation
import TestSupport
import Testing
import X509

@Suite("Keys and signatures")
struct KeyTests {
    let message = Array("Sig_structure stand-in".utf8)

    @Test("sign and verify round-trip in both ECDSA encodings", arguments: [KeyAlgorithm.ecP256, .ecP384, .ecP521])
    func ecdsaRoundTrip(algorithm: KeyAlgorithm) throws {
        let key = try PrivateKey.generate(algorithm)
        #expect(key.publicKey.algorithm == algorithm)
        let raw = try key.sign(message, digest: .sha256, encoding: .raw)
        #expect(raw.count == algorithm.rawSignatureSize)
        #expect(try key.publicKey.verify(signature: raw, encoding: .raw, for: message, digest: .sha256))
        let der = try key.sign(message, digest: .sha256, encoding: .der)
        #expect(der.first == 0x30)
        #expect(try key.publicKey.verify(signature: der, encoding: .der, for: message, digest: .sha256))
        var tampered = raw
        tampered[5] ^= 0x01
        #expect(try !key.publicKey.verify(signature: tampered, encoding: .raw, for: message, digest: .sha256))
        #expect(try !key.publicKey.verify(signature: raw, encoding: .raw, for: message + [0], digest: .sha256))
        #expect(try !key.publicKey.verify(signature: raw, encoding: .raw, for: message, digest: .sha384))
    }

    @Test("a raw ECDSA signature of the wrong length for the curve is rejected")
    func rawLength() throws {
        let key = try PrivateKey.generate(.ecP256)
        let raw = try key.sign(message, digest: .sha256, encoding: .raw)
        #expect(throws: X509Error(.malformedSignature)) {
            try key.publicKey.verify(signature: Array(raw.dropLast()), encoding: .raw, for: message, digest: .sha256)
        }
        #expect(throws: X509Error(.malformedSignature)) {
            try key.publicKey.verify(signature: raw + raw, encoding: .raw, for: message, digest: .sha256)
        }
        let p384 = try PrivateKey.generate(.ecP384)
        #expect(throws: X509Error(.malformedSignature)) {
            try p384.publicKey.verify(signature: raw, encoding: .raw, for: message, digest: .sha256)
        }
    }

    @Test("a DER signature that is garbage does not verify")
    func garbageDER() throws {
        let key = try PrivateKey.generate(.ecP256)
        #expect(
            try !key.publicKey.verify(
                signature: [0x30, 0x03, 0x02, 0x01], encoding: .der, for: message, digest: .sha256))
    }

    @Test("Ed25519 verifies RFC 8032 §7.1 test 1 and rejects a changed message")
    func ed25519Vector() throws {
        // RFC 8032 §7.1, TEST 1: public key and signature of the empty message.
        let publicKey = bytes(fromHex: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a") ?? []
        let signature =
            bytes(
                fromHex:
                    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
            ) ?? []
        // SubjectPublicKeyInfo for Ed25519 (RFC 8410 §4): SEQUENCE { SEQUENCE { 1.3.101.112 }, BIT STRING }.
        let spki = (bytes(fromHex: "302a300506032b6570032100") ?? []) + publicKey
        let key = try PublicKey(subjectPublicKeyInfo: spki)
        #expect(key.algorithm == .ed25519)
        #expect(try key.verify(signature: signature, encoding: .raw, for: [], digest: .sha256))
        #expect(try !key.verify(signature: signature, encoding: .raw, for: [0], digest: .sha256))
        #expect(throws: X509Error(.malformedSignature)) {
            try key.verify(signature: Array(signature.dropLast()), encoding: .raw, for: [], digest: .sha256)
        }
    }

    @Test("Ed25519 keys sign and verify")
    func ed25519RoundTrip() throws {
        let key = try PrivateKey.generate(.ed25519)
        let signature = try key.sign(message, digest: .sha256, encoding: .raw)
        #expect(signature.count == 64)
        #expect(try key.publicKey.verify(signature: signature, encoding: .raw, for: message, digest: .sha256))
    }

    static let rsa = try! PrivateKey.generate(.rsa)

    @Test("RSA keys sign and verify RSASSA-PSS with each SHA-2 hash; a signature is as long as the modulus")
    func rsaPSSRoundTrip() throws {
        let key = Self.rsa
        #expect(key.algorithm == .rsa)
        #expect(key.publicKey.sizeInBits == 2048)
        #expect(key.publicKey.signatureSize == 256)
        for digest in Digest.allCases {
            let signature = try key.sign(message, digest: digest, encoding: .raw)
            #expect(signature.count == 256)
            // PSS is randomized (RFC 8017 §9.1.1: a fresh salt each time).
            #expect(try key.sign(message, digest: digest, encoding: .raw) != signature)
            #expect(try key.publicKey.verify(signature: signature, encoding: .raw, for: message, digest: digest))
            #expect(try !key.publicKey.verify(signature: signature, encoding: .raw, for: message + [0], digest: digest))
            let other = Digest.allCases.first { $0 != digest } ?? .sha256
            #expect(try !key.publicKey.verify(signature: signature, encoding: .raw, for: message, digest: other))
            #expect(throws: X509Error(.malformedSignature)) {
                try key.publicKey.verify(
                    signature: Array(signature.dropLast()), encoding: .raw, for: message, digest: digest)
            }
        }
        let pem = key.pemEncoded
        #expect(try PrivateKey(pemEncoded: pem).publicKey == key.publicKey)
    }

    @Test(
        "RSASSA-PSS interoperates with Python: salt as long as the hash verifies both ways, other salts and PKCS#1 v1.5 do not",
        .requires(.interopModules))
    func rsaPSSPythonInterop() throws {
        let script = """
            import sys
            from cryptography.hazmat.primitives.asymmetric import rsa, padding
            from cryptography.hazmat.primitives import hashes, serialization
            k = rsa.generate_private_key(public_exponent=65537, key_size=3072)
            msg = sys.stdin.buffer.read()
            h = hashes.SHA384()
            def pss(salt):
                return padding.PSS(mgf=padding.MGF1(h), salt_length=salt)
            print(k.public_key().public_bytes(serialization.Encoding.DER,
                                              serialization.PublicFormat.SubjectPublicKeyInfo).hex())
            for p in (pss(padding.PSS.DIGEST_LENGTH), pss(padding.PSS.MAX_LENGTH), pss(0), pss(32), padding.PKCS1v15()):
                print(k.sign(msg, p, h).hex())
            """
        let lines = String(decoding: try Python.run(script, input: message), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 6)
        let key = try PublicKey(subjectPublicKeyInfo: bytes(fromHex: String(lines[0])) ?? [])
        #expect(key.algorithm == .rsa)
        #expect(key.sizeInBits == 3072)
        let results = try lines.dropFirst().map { line in
            try key.verify(signature: bytes(fromHex: String(line)) ?? [], encoding: .raw, for: message, digest: .sha384)
        }
        // RFC 7518 §3.5: the salt is as long as the hash (48 bytes for SHA-384): maximal, empty and 32-byte salts
        // and PKCS#1 v1.5 are other signatures.
        #expect(results == [true, false, false, false, false])

        // We sign; Python verifies with the salt length fixed to the hash's (checked exactly).
        let ours = try Self.rsa.sign(message, digest: .sha512, encoding: .raw)
        let verify = """
            import sys
            from cryptography.hazmat.primitives.asymmetric import padding
            from cryptography.hazmat.primitives import hashes, serialization
            spki, sig, msg = [bytes.fromhex(x) for x in sys.stdin.read().split()]
            key = serialization.load_der_public_key(spki)
            h = hashes.SHA512()
            key.verify(sig, msg, padding.PSS(mgf=padding.MGF1(h), salt_length=padding.PSS.DIGEST_LENGTH), h)
            print("ok")
            """
        let input = [Self.rsa.publicKey.subjectPublicKeyInfo, ours, message].map(hexString).joined(separator: " ")
        #expect(String(decoding: try Python.run(verify, input: Array(input.utf8)), as: UTF8.self) == "ok\n")
    }

    @Test(
        "an id-RSASSA-PSS key (RFC 4055 §3.1) made by the openssl command is unsupported_key, saying so",
        .requires(.executable("openssl")))
    func rsaPSSKeyRefused() throws {
        let openssl = try #require(TestTools.executable(named: "openssl"))
        let folder = try TemporaryDirectory()
        let keyFile = folder.url.appendingPathComponent("key.pem").path
        let publicFile = folder.url.appendingPathComponent("public.der").path
        let made = try TestTools.run(
            openssl, ["genpkey", "-algorithm", "RSA-PSS", "-pkeyopt", "rsa_keygen_bits:2048", "-out", keyFile])
        #expect(made.status == 0, "\(made.stderr)")
        let exported = try TestTools.run(
            openssl, ["pkey", "-in", keyFile, "-pubout", "-outform", "DER", "-out", publicFile])
        #expect(exported.status == 0, "\(exported.stderr)")
        let spki = Array(try Data(contentsOf: URL(fileURLWithPath: publicFile)))
        let error = try #require(throws: X509Error.self) { try PublicKey(subjectPublicKeyInfo: spki) }
        #expect(error.code == .unsupportedKey)
        #expect(error.reason.contains("id-RSASSA-PSS"))
    }

    @Test("RSA key generation refuses sizes outside 1024 to 16384 bits")
    func rsaSizes() {
        #expect(throws: X509Error(.unsupportedKey)) { try PrivateKey.generateRSA(bits: 512) }
        #expect(throws: X509Error(.unsupportedKey)) { try PrivateKey.generateRSA(bits: 32768) }
    }

    @Test("a private key survives PEM out and in")
    func privateKeyPEM() throws {
        let key = try PrivateKey.generate(.ecP384)
        let pem = key.pemEncoded
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let again = try PrivateKey(pemEncoded: pem)
        #expect(again.publicKey == key.publicKey)
        #expect(throws: X509Error(.unsupportedKey)) {
            try PrivateKey(pemEncoded: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        }
    }

    @Test(
        "an encrypted private key is refused with advice, never prompting for a passphrase", .requires(.interopModules))
    func encryptedKeyRefused() throws {
        let script = """
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives import serialization
            k = ec.generate_private_key(ec.SECP256R1())
            print(k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.BestAvailableEncryption(b'secret')).decode())
            """
        let pem = String(decoding: try Python.run(script, input: []), as: UTF8.self)
        #expect(pem.contains("ENCRYPTED PRIVATE KEY"))
        do {
            _ = try PrivateKey(pemEncoded: pem)
            Issue.record("an encrypted key was read without a passphrase")
        } catch {
            #expect(error.code == .unsupportedKey)
            #expect(error.reason.contains("decrypted first"))
        }
    }

    @Test("signatures interoperate with Python's cryptography in both directions", .requires(.interopModules))
    func pythonInterop() throws {
        // Python signs; we verify.
        let script = """
            import sys
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives import hashes, serialization
            k = ec.generate_private_key(ec.SECP384R1())
            msg = sys.stdin.buffer.read()
            sig = k.sign(msg, ec.ECDSA(hashes.SHA384()))
            spki = k.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
            print(spki.hex()); print(sig.hex())
            """
        let lines = String(decoding: try Python.run(script, input: message), as: UTF8.self).split(separator: "\n")
        let key = try PublicKey(subjectPublicKeyInfo: bytes(fromHex: String(lines[0])) ?? [])
        #expect(key.algorithm == .ecP384)
        #expect(
            try key.verify(
                signature: bytes(fromHex: String(lines[1])) ?? [], encoding: .der, for: message, digest: .sha384))

        // We sign (raw r‖s); Python verifies after its own conversion to DER.
        let ours = try PrivateKey.generate(.ecP256)
        let raw = try ours.sign(message, digest: .sha256, encoding: .raw)
        let verify = """
            import sys
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
            from cryptography.hazmat.primitives import hashes, serialization
            spki, sig, msg = [bytes.fromhex(x) for x in sys.stdin.read().split()]
            key = serialization.load_der_public_key(spki)
            key.verify(encode_dss_signature(int.from_bytes(sig[:32], 'big'), int.from_bytes(sig[32:], 'big')), msg, ec.ECDSA(hashes.SHA256()))
            print("ok")
            """
        let input = [ours.publicKey.subjectPublicKeyInfo, raw, message].map(hexString).joined(separator: " ")
        #expect(String(decoding: try Python.run(verify, input: Array(input.utf8)), as: UTF8.self) == "ok\n")
    }

    @Test(
        "a signature checked against the message's digest: Python's ECDSA and RSASSA-PSS signatures verify with the digest Python took, not with another",
        .requires(.interopModules))
    func digestValues() throws {
        let script = """
            import sys, hashlib
            from cryptography.hazmat.primitives.asymmetric import ec, rsa, padding
            from cryptography.hazmat.primitives import hashes, serialization
            msg = sys.stdin.buffer.read()
            def out(k, sig, digest):
                spki = k.public_key().public_bytes(serialization.Encoding.DER,
                                                   serialization.PublicFormat.SubjectPublicKeyInfo)
                print(spki.hex(), sig.hex(), digest.hex())
            k = ec.generate_private_key(ec.SECP256R1())
            out(k, k.sign(msg, ec.ECDSA(hashes.SHA256())), hashlib.sha256(msg).digest())
            k = ec.generate_private_key(ec.SECP384R1())
            out(k, k.sign(msg, ec.ECDSA(hashes.SHA384())), hashlib.sha384(msg).digest())
            k = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            h = hashes.SHA256()
            out(k, k.sign(msg, padding.PSS(mgf=padding.MGF1(h), salt_length=padding.PSS.DIGEST_LENGTH), h),
                hashlib.sha256(msg).digest())
            out(k, k.sign(msg, padding.PSS(mgf=padding.MGF1(h), salt_length=0), h), hashlib.sha256(msg).digest())
            """
        let lines = String(decoding: try Python.run(script, input: message), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 4)
        let digests: [Digest] = [.sha256, .sha384, .sha256, .sha256]
        var results: [Bool] = []
        for (line, digest) in zip(lines, digests) {
            let fields = line.split(separator: " ").map { bytes(fromHex: String($0)) ?? [] }
            let key = try PublicKey(subjectPublicKeyInfo: fields[0])
            let encoding: SignatureEncoding = key.algorithm == .rsa ? .raw : .der
            results.append(
                try key.verify(signature: fields[1], encoding: encoding, forDigestValue: fields[2], digest: digest))
            var other = fields[2]
            other[0] ^= 1
            #expect(try !key.verify(signature: fields[1], encoding: encoding, forDigestValue: other, digest: digest))
        }
        // The last is PSS with an empty salt: RFC 7518 §3.5 wants it as long as the hash, as for a message.
        #expect(results == [true, true, true, false])
        let ed25519 = try PrivateKey.generate(.ed25519)
        let signature = try ed25519.sign(message, digest: .sha256, encoding: .raw)
        #expect(throws: X509Error(.unsupportedAlgorithm)) {
            try ed25519.publicKey.verify(
                signature: signature, encoding: .raw, forDigestValue: Digest.sha256.hash(message), digest: .sha256)
        }
    }

    @Test(
        "Python's key on each named curve decodes and verifies its signature; a point off the curve is unsupported_key",
        .requires(.interopModules))
    func namedCurveKeysFromPython() throws {
        let script = """
            import sys
            from cryptography.hazmat.primitives.asymmetric import ec
            from cryptography.hazmat.primitives import hashes, serialization
            msg = sys.stdin.buffer.read()
            for curve, digest in ((ec.SECP256R1(), hashes.SHA256()), (ec.SECP384R1(), hashes.SHA384()),
                                  (ec.SECP521R1(), hashes.SHA512())):
                k = ec.generate_private_key(curve)
                spki = k.public_key().public_bytes(serialization.Encoding.DER,
                                                   serialization.PublicFormat.SubjectPublicKeyInfo)
                print(spki.hex(), k.sign(msg, ec.ECDSA(digest)).hex())
            """
        let lines = String(decoding: try Python.run(script, input: message), as: UTF8.self).split(separator: "\n")
        try #require(lines.count == 3)
        let expected: [(KeyAlgorithm, Digest, Int)] = [
            (.ecP256, .sha256, 256), (.ecP384, .sha384, 384), (.ecP521, .sha512, 521),
        ]
        for (line, (algorithm, digest, bits)) in zip(lines, expected) {
            let fields = line.split(separator: " ").map { bytes(fromHex: String($0)) ?? [] }
            let key = try PublicKey(subjectPublicKeyInfo: fields[0])
            #expect(key.algorithm == algorithm)
            #expect(key.sizeInBits == bits)
            #expect(try key.verify(signature: fields[1], encoding: .der, for: message, digest: digest))
            #expect(try !key.verify(signature: fields[1], encoding: .der, for: message + [0], digest: digest))
            // The point's last byte changed: y no longer satisfies the curve equation (SEC 1 §3.2.2.1).
            var offCurve = fields[0]
            offCurve[offCurve.count - 1] ^= 0x01
            #expect(throws: X509Error(.unsupportedKey)) { try PublicKey(subjectPublicKeyInfo: offCurve) }
        }
    }
}
