import Foundation

/// An independent LoTE verifier in Python (`cryptography` + `json`), run as a subprocess on the same signed bytes:
/// the compact JWS split and base64url-decoded, ES256 checked over the JWS signing input (RFC 7515 §5.2), the `x5c`
/// chain checked link by link up to the given root with each certificate's validity, then the payload read with
/// `json.loads` and every service certificate loaded with `x509.load_der_x509_certificate`. It times itself (wall and
/// process CPU) around each verification, so start-up and imports are not counted.
enum PythonLoTEVerifier {
    /// Why Python cannot be used here, or nil when `python3` imports `cryptography` (no `cbor2` needed).
    static let unavailableReason: String? = {
        do {
            let (status, _, error) = try PythonVerifier.run(["-c", "import cryptography"])
            return status == 0 ? nil : "python3 cannot import cryptography: \(error.prefix(200))"
        } catch {
            return "python3 could not be started: \(error)"
        }
    }()

    /// Verifies the LoTE in `file` against the DER root in `rootFile` at `time`, one warm-up then `repetitions` timed
    /// verifications.
    /// - Returns: the timing, the number of certificates loaded and the peak resident set of one more verification.
    /// - Throws: when the script fails.
    static func verify(
        file: URL, rootFile: URL, at time: Date, repetitions: Int
    ) throws -> (Bench.Timing, Int, Bench.MemoryPeak) {
        let script = try BenchFiles.write(
            Array((PythonVerifier.timingHarness + source).utf8), named: "verify_lote.py")
        let (status, output, error) = try PythonVerifier.run([
            script.path, file.path, rootFile.path, String(Int(time.timeIntervalSince1970)), String(repetitions),
        ])
        guard status == 0 else {
            throw OpenSSLDirect.Failure(description: "python LoTE verifier exited \(status): \(error.suffix(600))")
        }
        /// The script's last line.
        struct Printed: Decodable {
            let seconds: [Double]
            let cpu_seconds: [Double]
            let certificates: Int
            let rss: PythonVerifier.PrintedPeak
        }
        guard let line = output.split(separator: "\n").last,
            let printed = try? JSONDecoder().decode(Printed.self, from: Data(line.utf8))
        else {
            throw OpenSSLDirect.Failure(description: "python LoTE verifier printed no result: \(output.suffix(300))")
        }
        return (
            Bench.Timing(iterations: 1, samples: printed.seconds, cpuSamples: printed.cpu_seconds),
            printed.certificates, printed.rss.memoryPeak
        )
    }

    static let source = #"""
        import base64
        import json
        from datetime import timezone

        from cryptography import x509
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


        def b64u(text):
            return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


        def verify(signed, root_der, at):
            root = x509.load_der_x509_certificate(root_der)
            header_b64, payload_b64, signature_b64 = signed.split(b".")
            header = json.loads(b64u(header_b64.decode()))
            if header.get("alg") != "ES256":
                raise ValueError("alg is not ES256")
            chain = [x509.load_der_x509_certificate(base64.b64decode(item)) for item in header["x5c"]]
            signature = b64u(signature_b64.decode())
            r = int.from_bytes(signature[:32], "big")
            s = int.from_bytes(signature[32:], "big")
            chain[0].public_key().verify(
                encode_dss_signature(r, s), header_b64 + b"." + payload_b64, ec.ECDSA(hashes.SHA256()))
            path = [certificate for certificate in chain if certificate != root] + [root]
            for child, parent in zip(path, path[1:]):
                if child.issuer != parent.subject:
                    raise ValueError("the chain is broken")
                parent.public_key().verify(
                    child.signature, child.tbs_certificate_bytes, ec.ECDSA(child.signature_hash_algorithm))
            for certificate in path:
                # cryptography before 42 has only the naive UTC properties.
                before = getattr(certificate, "not_valid_before_utc", None)
                after = getattr(certificate, "not_valid_after_utc", None)
                before = before or certificate.not_valid_before.replace(tzinfo=timezone.utc)
                after = after or certificate.not_valid_after.replace(tzinfo=timezone.utc)
                if not before <= at <= after:
                    raise ValueError(f"{certificate.subject.rfc4514_string()} is not valid at {at}")
            lote = json.loads(b64u(payload_b64.decode()))["LoTE"]
            count = 0
            for entity in lote["TrustedEntitiesList"]:
                for service in entity["TrustedEntityServices"]:
                    identity = service["ServiceInformation"]["ServiceDigitalIdentity"]
                    for item in identity.get("X509Certificates", []):
                        x509.load_der_x509_certificate(base64.b64decode(item["val"]))
                        count += 1
            return count


        def main():
            count, seconds, cpu_seconds, rss = timed_runs(verify)
            print(json.dumps({"seconds": seconds, "cpu_seconds": cpu_seconds, "certificates": count, "rss": rss}))


        main()
        """#
}
