import COSE
import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// Group `verify`: cold verification and decoding of synthetic VICALs of 100, 1,000 and 10,000 entries with
/// ``TrustListVerifier``, next to the OpenSSL floor and an independent Python verifier of the same bytes.
enum VerifyBenchmarks {
    /// The list sizes measured, in entries.
    static let sizes = [100, 1_000, 10_000]
    /// Timed repetitions per figure (after one warm-up).
    static let repetitions = 5

    /// Builds (or reuses) the network, then measures every size.
    static func run() {
        let network: SyntheticNetwork
        do {
            network = try SyntheticNetwork.network()
        } catch {
            Bench.fail("building the synthetic network", error)
            return
        }
        print("  ours   = TrustListVerifier.verify(fresh copy of the bytes, .vical, at:) -> VerifiedList: CBOR,")
        print("           COSE_Sign1, ES256, chain to the pinned root, signer profile, payload model with every")
        print("           entry's Certificate(listedDER:) (structure, serial, validity, SKI, AKI; Names and other")
        print("           extensions decoded when first read); cold: new bytes, root and Certificates every iteration;")
        print("           a refresh: new bytes, the root and signer chain already decoded (CertificateCache)")
        print("  floor  = OpenSSL called directly: SHA-256(payload) + one ECDSA verify of that digest +")
        print("           d2i_X509 of every entry's certificate (each measured alone, summed); ours can be below")
        print("           it, since Certificate(listedDER:) decodes fields one by one and never calls d2i_X509")
        print("  python = cbor2 + cryptography in a subprocess, timed inside Python (no start-up); it too loads")
        print("           the root from DER inside each timed verification; two readings of each entry's certificate:")
        for reading in PythonVerifier.Reading.allCases {
            print("           \(reading.rawValue): \(reading.fields)")
        }
        print("  verdict = paired CPU ratios (user+sys of each side), median of \(repetitions) pairs; wall times vary")
        print("           with the machine's load and are printed, not judged")
        if let reason = PythonVerifier.unavailableReason { print("  python: SKIPPED (\(reason))") }
        var summary: [(entries: Int, figures: Figures)] = []
        for size in sizes {
            do {
                let figures = try measure(network: network, entries: size)
                summary.append((size, figures))
            } catch {
                Bench.fail("verify of \(size) entries", error)
            }
        }
        print("")
        for (entries, figures) in summary {
            let goal = "goal (cold verify + decode of \(Bench.count(entries)) entries ≤ 1.0x Python's CPU)"
            guard let lazy = figures.lazyCPURatio, let thorough = figures.thoroughCPURatio else {
                print("  \(goal): not checked, Python unavailable")
                continue
            }
            print(
                "  \(goal): vs lazy \(Bench.fixed(lazy, 2))x \(lazy <= 1 ? "MET" : "NOT MET"), vs thorough "
                    + "\(Bench.fixed(thorough, 2))x \(thorough <= 1 ? "MET" : "NOT MET") (paired CPU medians)")
        }
    }

    /// What one list size gave.
    struct Figures {
        /// Our cold verify + decode.
        let ours: Bench.Timing
        /// The median over repetitions of ours (cold) / the lazy Python, each pair measured back to back, in CPU
        /// time; nil when Python is unavailable.
        let lazyCPURatio: Double?
        /// The same against the thorough Python.
        let thoroughCPURatio: Double?
    }

    /// Measures one list size and prints its block.
    private static func measure(network: SyntheticNetwork, entries: Int) throws -> Figures {
        let bytes = try network.signedVICAL(entries: entries)
        let message = try COSESign1(cborEncoded: bytes)
        guard let payload = message.payload else { throw OpenSSLDirect.Failure(description: "no payload") }
        let verifier = TrustListVerifier(anchors: [network.root])
        let time = SyntheticNetwork.verificationTime
        let checked = try verifier.verify(bytes, kind: .vical, at: time)
        guard checked.list.entryCount == entries, checked.warnings.isEmpty else {
            throw OpenSSLDirect.Failure(
                description: "\(checked.list.entryCount) of \(entries) entries, warnings \(checked.warnings)")
        }
        print(
            "\n  VICAL of \(Bench.count(entries)) entries: \(Bench.megabytes(bytes.count)) signed, "
                + "payload \(Bench.megabytes(payload.count)), average certificate "
                + "\(network.iacas.prefix(entries).reduce(0) { $0 + $1.derEncoded.count } / entries) bytes")

        // Ours, cold: the root and the signer chain too are decoded afresh each time (the process's certificate
        // cache emptied), so no memoized OpenSSL object is reused.
        let rootDER = network.root.derEncoded
        func coldVerify() throws -> VerifiedList {
            CertificateCache.shared.removeAll()
            let anchor = try Certificate(derEncoded: Bench.freshCopy(rootDER))
            return try TrustListVerifier(anchors: [anchor]).verify(Bench.freshCopy(bytes), kind: .vical, at: time)
        }
        // Ours, a refresh: a new issue signed by the same signer under the same root, as a daemon or a refresh
        // sees it after its first; the root and the signer chain come decoded from the process's certificate cache,
        // as the store and the COSE structure check take them. The entries are decoded afresh.
        func refreshVerify() throws -> VerifiedList {
            let anchor = try CertificateCache.shared.certificate(derEncoded: rootDER)
            return try TrustListVerifier(anchors: [anchor]).verify(Bench.freshCopy(bytes), kind: .vical, at: time)
        }
        // Ours and Python alternate, one repetition each in turn, so that a slow spell of the machine (other work
        // runs on it) falls on both and their ratio, taken per pair, stays meaningful.
        let iterations = try Bench.measure(repetitions: 1, targetSeconds: 0.5) { try coldVerify() }.iterations
        let listFile = try BenchFiles.write(bytes, named: "vical-\(entries).cose")
        let rootFile = try BenchFiles.write(network.root.derEncoded, named: "root.der")
        var oursRuns: [Bench.Timing] = []
        var refreshRuns: [Bench.Timing] = []
        var pythonRuns: [PythonVerifier.Result] = []
        var thoroughRuns: [PythonVerifier.Result] = []
        let load = MachineFacts.loadAverage()
        for _ in 0..<repetitions {
            oursRuns.append(try Bench.measure(repetitions: 1, iterations: iterations) { try coldVerify() })
            _ = try refreshVerify()
            refreshRuns.append(try Bench.measure(repetitions: 1, iterations: iterations) { try refreshVerify() })
            if PythonVerifier.unavailableReason == nil {
                // As many verifications as ours runs per repetition; Python times each one.
                let result = try PythonVerifier.verify(
                    listFile: listFile, rootFile: rootFile, at: time, repetitions: iterations)
                guard result.entries == entries else {
                    throw OpenSSLDirect.Failure(description: "python loaded \(result.entries) of \(entries) entries")
                }
                pythonRuns.append(result)
                let thorough = try PythonVerifier.verify(
                    listFile: listFile, rootFile: rootFile, at: time, repetitions: iterations, reading: .thorough)
                thoroughRuns.append(thorough)
            }
        }
        print("  load average: \(load) before these runs, \(MachineFacts.loadAverage()) after")
        let ours = Bench.Timing.merged(oursRuns)
        let refresh = Bench.Timing.merged(refreshRuns)
        let memory = try Bench.peakMemory { try coldVerify() }
        print(
            "  \(Bench.label("ours: verify + decode, cold"))\(Bench.duration(ours.median))/list  "
                + "\(Bench.rate(Double(entries) / ours.median)) entries/s  (\(ours.method))")
        print(
            "  \(Bench.label("ours: verify + decode, a refresh"))\(Bench.duration(refresh.median))/list  "
                + "\(Bench.rate(Double(entries) / refresh.median)) entries/s  (\(refresh.method))")
        let peak = memory.peak
        let reset = peak.wasReset ? "after malloc_trim + high-water reset" : "high-water NOT reset"
        print(
            "  \(Bench.label("ours: peak RSS during one verify"))\(Bench.mebibytes(peak.peakBytes)) "
                + "(+\(Bench.mebibytes(peak.growthBytes)) over the \(Bench.mebibytes(peak.baselineBytes)) before; "
                + "getrusage ru_maxrss, \(reset))")

        // The OpenSSL floor.
        let derSignature = try OpenSSLDirect.derSignature(fromRaw: message.signature)
        let key = try OpenSSLDirect.PublicKey(subjectPublicKeyInfo: network.signer.subjectPublicKeyInfo)
        let digest = OpenSSLDirect.sha256(
            SigStructure.signature1(protectedBytes: message.protectedBytes, externalAAD: [], payload: payload))
        guard OpenSSLDirect.verifyDigest(key, derSignature: derSignature, digest: digest) else {
            throw OpenSSLDirect.Failure(description: "floor: the signature does not verify")
        }
        let certificates = network.iacas.prefix(entries).map(\.derEncoded)
        let hash = Bench.measure(repetitions: repetitions) { OpenSSLDirect.sha256(payload) }
        let ecdsa = Bench.measure(repetitions: repetitions) {
            OpenSSLDirect.verifyDigest(key, derSignature: derSignature, digest: digest)
        }
        let parse = Bench.measure(repetitions: repetitions, targetSeconds: 0.5) {
            certificates.reduce(0) { $0 + (OpenSSLDirect.decodeX509($1) ? 1 : 0) }
        }
        let floor = hash.median + ecdsa.median + parse.median
        print("  \(Bench.label("floor: SHA-256 of the payload"))\(Bench.duration(hash.median))  (\(hash.method))")
        print(
            "  \(Bench.label("floor: one ECDSA P-256 verify (digest given)"))\(Bench.duration(ecdsa.median))  "
                + "(\(ecdsa.method))"
        )
        print(
            "  \(Bench.label("floor: d2i_X509 of every entry"))\(Bench.duration(parse.median))  "
                + "= \(Bench.duration(parse.median / Double(entries)))/certificate  (\(parse.method))")
        print("  \(Bench.label("floor: total"))\(Bench.duration(floor))/list")

        // Python, both readings.
        for (reading, runs) in [(PythonVerifier.Reading.lazy, pythonRuns), (.thorough, thoroughRuns)] {
            guard let first = runs.first else { continue }
            let timing = Bench.Timing.merged(runs.map(\.timing))
            print(
                "  \(Bench.label("python, \(reading.rawValue): verify + load every certificate"))"
                    + "\(Bench.duration(timing.median))/list  (median of \(timing.samples.count) verifications in "
                    + "\(runs.count) processes, each after its own warm-up, range \(Bench.duration(timing.minimum)).."
                    + "\(Bench.duration(timing.maximum)), cpu \(Bench.duration(timing.cpuMedian)); \(first.versions))")
            PythonVerifier.printPeak(
                "python, \(reading.rawValue): peak RSS during one verify", runs.map(\.peak), ours: peak)
        }

        print("  \(Bench.label("ratio ours / OpenSSL floor"))\(Bench.ratio(ours.median, floor))")
        var cpuRatios: [PythonVerifier.Reading: Double] = [:]
        for (reading, pythons) in [(PythonVerifier.Reading.lazy, pythonRuns), (.thorough, thoroughRuns)]
        where !pythons.isEmpty {
            for (what, runs) in [("cold", oursRuns), ("a refresh", refreshRuns)] {
                let wall = Bench.median(zip(runs, pythons).map { $0.median / $1.timing.median })
                let cpu = Bench.median(zip(runs, pythons).map { $0.cpuMedian / $1.timing.cpuMedian })
                if what == "cold" { cpuRatios[reading] = cpu }
                print(
                    "  \(Bench.label("ratio ours / Python \(reading.rawValue), \(what)"))\(Bench.fixed(cpu, 2))x CPU, "
                        + "\(Bench.fixed(wall, 2))x wall  (median of the \(pythons.count) paired ratios)")
            }
        }
        if pythonRuns.isEmpty { print("  \(Bench.label("ratio ours / Python"))skipped (Python unavailable)") }
        return Figures(ours: ours, lazyCPURatio: cpuRatios[.lazy], thoroughCPURatio: cpuRatios[.thorough])
    }
}
