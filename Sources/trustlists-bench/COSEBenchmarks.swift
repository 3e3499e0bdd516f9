import COSE
import Foundation
import X509

/// Group `cose`: COSE_Sign1 ES256 verification per second, next to the bare OpenSSL verify of the same bytes with
/// the same key in the same run.
enum COSEBenchmarks {
    /// Payload size in bytes: about a mobile security object's.
    static let payloadSize = 1_024

    /// Signs one message, then measures our full verify, its parts, and `EVP_DigestVerify` alone.
    static func run() {
        do {
            try measure()
        } catch {
            Bench.fail("cose", error)
        }
    }

    /// Builds the message and key, checks the bare verify accepts them, then measures and prints.
    private static func measure() throws {
        var random = SplitMix64(seed: 9052)
        let payload = random.bytes(payloadSize)
        let key = try PrivateKey.generate(.ecP256)
        let message = try COSESign1.sign(payload: payload, key: key)
        let publicKey = key.publicKey
        let decoded = try COSESign1(cborEncoded: message)
        let toBeSigned = SigStructure.signature1(
            protectedBytes: decoded.protectedBytes, externalAAD: [], payload: payload)
        let derSignature = try OpenSSLDirect.derSignature(fromRaw: decoded.signature)
        let bareKey = try OpenSSLDirect.PublicKey(subjectPublicKeyInfo: publicKey.subjectPublicKeyInfo)
        guard OpenSSLDirect.digestVerify(bareKey, derSignature: derSignature, message: toBeSigned) else {
            throw OpenSSLDirect.Failure(description: "the bare OpenSSL verify rejects the signature")
        }
        print(
            "  message: \(message.count) bytes, ES256 (P-256), \(payloadSize)-byte payload, "
                + "Sig_structure \(toBeSigned.count) bytes; key decoded once, outside the loop")

        let ours = try Bench.measure {
            let parsed = try COSESign1(cborEncoded: message)
            try parsed.verifySignature(with: publicKey)
        }
        let bare = Bench.measure {
            OpenSSLDirect.digestVerify(bareKey, derSignature: derSignature, message: toBeSigned)
        }
        line("ours: decode + Sig_structure + verify", ours)
        line("OpenSSL: EVP_DigestVerify(DER sig, same bytes)", bare)
        print(
            "  \(Bench.label("ratio ours / OpenSSL (time per verify)"))\(Bench.ratio(ours.median, bare.median))  "
                + "(overhead \(Bench.duration(ours.median - bare.median)) per message)")

        print("  parts of ours, each measured alone:")
        let decode = try Bench.measure { try COSESign1(cborEncoded: message) }
        line("  COSESign1(cborEncoded:)", decode)
        let structure = Bench.measure {
            SigStructure.signature1(protectedBytes: decoded.protectedBytes, externalAAD: [], payload: payload)
        }
        line("  SigStructure.signature1", structure)
        let verify = try Bench.measure {
            try publicKey.verify(signature: decoded.signature, encoding: .raw, for: toBeSigned, digest: .sha256)
        }
        line("  PublicKey.verify (raw r‖s -> DER + verify)", verify)
    }

    /// Prints verifications per second and time per verification.
    private static func line(_ what: String, _ timing: Bench.Timing) {
        print(
            "  \(Bench.label(what))\(Bench.rate(1 / timing.median))/s  "
                + "\(Bench.duration(timing.median))/op  (\(timing.method))")
    }
}
