import Foundation

/// An independent verifier in Python (`cbor2` + `cryptography`), run as a subprocess on the same list bytes.
///
/// It times itself with `time.perf_counter` (wall) and `time.process_time` (CPU) around each verification, so
/// interpreter start-up and imports are not counted, and prints the figures back as one JSON line.
enum PythonVerifier {
    /// What the script reports.
    struct Result {
        /// Wall and process CPU seconds per verification, one per repetition.
        let timing: Bench.Timing
        /// Entries whose certificate was loaded.
        let entries: Int
        /// Versions of Python, cbor2 (and whether its `loads` is native code) and cryptography.
        let versions: String
        /// The script's peak resident set during one more verification, measured as ``Bench/peakMemory(_:)``
        /// measures ours.
        let peak: Bench.MemoryPeak
    }

    /// The peak resident set the harness reports (`rss` in its JSON line): the high-water mark (`VmHWM`) before and
    /// after one verification, after a garbage collection, `malloc_trim` and a reset of the mark
    /// (`/proc/self/clear_refs`).
    struct PrintedPeak: Decodable {
        let peak_bytes: Int
        let baseline_bytes: Int
        let reset: Bool

        var memoryPeak: Bench.MemoryPeak {
            Bench.MemoryPeak(peakBytes: peak_bytes, baselineBytes: baseline_bytes, wasReset: reset)
        }
    }

    /// Why Python cannot be used here, or nil when `python3` imports `cbor2` and `cryptography`.
    static let unavailableReason: String? = {
        do {
            let (status, _, error) = try run(["-c", "import cbor2, cryptography"])
            return status == 0 ? nil : "python3 cannot import cbor2 and cryptography: \(error.prefix(200))"
        } catch {
            return "python3 could not be started: \(error)"
        }
    }()

    /// What the Python side reads of each entry's certificate at load (issue 36 §3).
    enum Reading: String, CaseIterable {
        /// What a lazy Python service needs at load: serial number, SKI and validity; `cryptography` checks the DER
        /// structure and decodes the rest only when read.
        case lazy
        /// Every field this product decodes at load: subject and issuer Names (printed), validity, serial, every
        /// extension's value, and the SHA-256 fingerprint.
        case thorough

        /// What the entry loop reads, in words.
        var fields: String {
            switch self {
            case .lazy: "serial, SKI, notBefore/notAfter"
            case .thorough: "subject + issuer (RFC 4514 text), validity, serial, every extension's value, SHA-256"
            }
        }
    }

    /// Verifies the list in `listFile` against the DER root in `rootFile` at `time`: one warm-up, then
    /// `repetitions` timed verifications, each of fresh bytes.
    /// - Parameter reading: what is read of each entry's certificate.
    /// - Throws: when the script fails (the list does not verify there, or Python breaks).
    static func verify(
        listFile: URL, rootFile: URL, at time: Date, repetitions: Int, reading: Reading = .lazy
    ) throws -> Result {
        let script = try BenchFiles.write(Array((timingHarness + source).utf8), named: "verify_vical.py")
        let (status, output, error) = try run([
            script.path, listFile.path, rootFile.path, String(Int(time.timeIntervalSince1970)), String(repetitions),
            reading.rawValue,
        ])
        guard status == 0 else {
            throw OpenSSLDirect.Failure(description: "python verifier exited \(status): \(error.suffix(600))")
        }
        /// The script's last line.
        struct Printed: Decodable {
            let seconds: [Double]
            let cpu_seconds: [Double]
            let entries: Int
            let versions: String
            let rss: PrintedPeak
        }
        guard let line = output.split(separator: "\n").last,
            let printed = try? JSONDecoder().decode(Printed.self, from: Data(line.utf8))
        else {
            throw OpenSSLDirect.Failure(description: "python verifier printed no result: \(output.suffix(300))")
        }
        return Result(
            timing: Bench.Timing(iterations: 1, samples: printed.seconds, cpuSamples: printed.cpu_seconds),
            entries: printed.entries, versions: printed.versions, peak: printed.rss.memoryPeak)
    }

    /// Prints the median rise of Python's resident set over its processes' `peaks` and ours' ratio to it.
    /// - Parameters:
    ///   - label: the line's label.
    ///   - peaks: one per Python process.
    ///   - ours: ours, measured the same way (``Bench/peakMemory(_:)``).
    static func printPeak(_ label: String, _ peaks: [Bench.MemoryPeak], ours: Bench.MemoryPeak) {
        let growth = Bench.median(peaks.map { Double($0.growthBytes) })
        let resets = peaks.allSatisfy(\.wasReset) ? "high-water reset" : "high-water NOT always reset"
        print(
            "  \(Bench.label(label))+\(Bench.mebibytes(Int(growth))) over the resident set before (median of "
                + "\(peaks.count) processes, \(resets)); ours / python: "
                + "\(Bench.fixed(Double(ours.growthBytes) / max(growth, 1), 2))x")
    }

    /// Runs `python3` (found on `PATH`) with `arguments`.
    /// - Returns: exit status, standard output and standard error.
    static func run(_ arguments: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let errorFile = try BenchFiles.directory().appendingPathComponent("python-stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), error)
    }

    /// What both Python verifiers share, prepended to each script: reading the signed file, the DER root and the time
    /// from the command line, and timing repetitions of `verify(signed, root_der, at)` (wall with `perf_counter`,
    /// CPU with `process_time`) after one untimed call, each on a fresh copy of the bytes; then the peak resident set
    /// of one more call, as ``Bench/peakMemory(_:)`` measures ours (garbage collected, `malloc_trim`, high-water mark
    /// reset, the copy of the bytes and the result inside the measure).
    static let timingHarness = #"""
        import ctypes
        import gc
        import resource
        import sys
        import time
        from datetime import datetime, timezone


        def high_water_bytes():
            # VmHWM, not ru_maxrss: started by posix_spawn from the benchmark, this process's ru_maxrss keeps the
            # benchmark's own peak from before the exec.
            with open("/proc/self/status") as file:
                for line in file:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) * 1024
            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


        def peak_rss(verify, signed, root_der, at):
            gc.collect()
            try:
                ctypes.CDLL("libc.so.6").malloc_trim(0)
            except OSError:
                pass
            try:
                with open("/proc/self/clear_refs", "w") as file:
                    file.write("5")
                reset = True
            except OSError:
                reset = False
            baseline = high_water_bytes()
            result = verify(bytes(memoryview(signed)), root_der, at)
            peak = high_water_bytes()
            del result
            return {"peak_bytes": peak, "baseline_bytes": baseline, "reset": reset}


        def timed_runs(verify):
            path, root_path, at_seconds, repetitions = sys.argv[1:5]
            with open(path, "rb") as file:
                signed = file.read()
            with open(root_path, "rb") as file:
                root_der = file.read()
            at = datetime.fromtimestamp(int(at_seconds), tz=timezone.utc)
            first = verify(bytes(memoryview(signed)), root_der, at)
            seconds = []
            cpu_seconds = []
            for _ in range(int(repetitions)):
                fresh = bytes(memoryview(signed))
                cpu_start = time.process_time()
                start = time.perf_counter()
                verify(fresh, root_der, at)
                seconds.append(time.perf_counter() - start)
                cpu_seconds.append(time.process_time() - cpu_start)
            return first, seconds, cpu_seconds, peak_rss(verify, signed, root_der, at)

        """#

    /// The verifier: COSE_Sign1 decoded with cbor2; ES256 checked over the Sig_structure (RFC 9052 §4.4) with
    /// cryptography; the signer chain checked link by link (issuer's signature and name) up to the given root and
    /// each certificate's validity at the time; the signer's EKU and key usage; then every entry's certificate
    /// loaded with `x509.load_der_x509_certificate` and read as ``Reading`` says (the script's fifth argument).
    static let source = #"""
        import json
        import platform
        from importlib import metadata

        import cbor2
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

        VICAL_SIGNER_EKU = x509.ObjectIdentifier("1.0.18013.5.1.8")
        READING = sys.argv[5] if len(sys.argv) > 5 else "lazy"


        def read_lazy(certificate):
            ski = certificate.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest
            return (certificate.serial_number, ski, certificate.not_valid_before_utc, certificate.not_valid_after_utc)


        def read_thorough(certificate):
            extensions = [(extension.oid, extension.critical, extension.value) for extension in certificate.extensions]
            return (
                certificate.subject.rfc4514_string(),
                certificate.issuer.rfc4514_string(),
                certificate.not_valid_before_utc,
                certificate.not_valid_after_utc,
                certificate.serial_number,
                extensions,
                certificate.fingerprint(hashes.SHA256()),
            )


        def verify(signed, root_der, at):
            root = x509.load_der_x509_certificate(root_der)
            message = cbor2.loads(signed)
            if isinstance(message, cbor2.CBORTag):
                if message.tag != 18:
                    raise ValueError("not a COSE_Sign1")
                message = message.value
            protected_bytes, unprotected, payload, signature = message
            protected = cbor2.loads(protected_bytes) if protected_bytes else {}
            if protected.get(1) != -7:
                raise ValueError("alg is not ES256")
            x5chain = protected.get(33, unprotected.get(33))
            ders = [x5chain] if isinstance(x5chain, bytes) else list(x5chain)
            chain = [x509.load_der_x509_certificate(der) for der in ders]
            signer = chain[0]

            to_be_signed = cbor2.dumps(["Signature1", protected_bytes, b"", payload])
            half = len(signature) // 2
            r = int.from_bytes(signature[:half], "big")
            s = int.from_bytes(signature[half:], "big")
            signer.public_key().verify(encode_dss_signature(r, s), to_be_signed, ec.ECDSA(hashes.SHA256()))

            path = [certificate for certificate in chain if certificate != root] + [root]
            for child, parent in zip(path, path[1:]):
                child.verify_directly_issued_by(parent)
            for certificate in path:
                if not certificate.not_valid_before_utc <= at <= certificate.not_valid_after_utc:
                    raise ValueError(f"{certificate.subject.rfc4514_string()} is not valid at {at}")
            usages = signer.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
            if VICAL_SIGNER_EKU not in usages:
                raise ValueError("signer lacks the VICAL signer EKU")
            key_usage = signer.extensions.get_extension_for_class(x509.KeyUsage).value
            if not (key_usage.digital_signature or key_usage.content_commitment):
                raise ValueError("signer key usage does not allow signing")

            vical = cbor2.loads(payload)
            read = read_thorough if READING == "thorough" else read_lazy
            entries = []
            for info in vical["certificateInfos"]:
                certificate = x509.load_der_x509_certificate(info["certificate"])
                entries.append((read(certificate), info["docType"]))
            return entries


        def main():
            entries, seconds, cpu_seconds, rss = timed_runs(verify)
            loads = getattr(cbor2.loads, "__module__", "") or ""
            cbor2_kind = "native loads" if type(cbor2.loads).__name__ == "builtin_function_or_method" else "pure Python"
            cbor2_kind += f" from {loads}" if loads else ""
            versions = (
                f"Python {platform.python_version()}, cbor2 {metadata.version('cbor2')} ({cbor2_kind}), "
                f"cryptography {metadata.version('cryptography')}"
            )
            result = {
                "seconds": seconds, "cpu_seconds": cpu_seconds, "entries": len(entries), "versions": versions, "rss": rss,
            }
            print(json.dumps(result))


        main()
        """#
}
