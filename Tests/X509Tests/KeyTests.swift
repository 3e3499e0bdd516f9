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
}
