import Foundation
import Publishing
import TrustLists
import X509

/// Group `lote`: cold verification and decoding of a LoTE of 10,000 trusted entities (one PID issuance service with
/// one certificate each) with ``LoTEVerifier``, next to an independent Python verifier of the same bytes
/// (``PythonLoTEVerifier``), measured in turn so that the machine's load falls on both.
enum LoTEBenchmarks {
    /// Trusted entities in the list.
    static let entities = 10_000
    /// Timed repetitions (after one warm-up).
    static let repetitions = 5

    static func run() {
        do {
            try measure()
        } catch {
            Bench.fail("LoTE verify", error)
        }
    }

    private static func measure() throws {
        let network = try SyntheticNetwork.network()
        let time = SyntheticNetwork.verificationTime
        let content = LoTEPublisher.Content(
            type: "http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList", sequenceNumber: 1,
            operatorName: "Synthetic Network", territory: "US", issueDate: time - 3600, nextUpdate: time + 86_400,
            entities: network.iacas.prefix(entities).enumerated().map { index, certificate in
                (
                    name: "PID Provider \(index)",
                    services: [
                        .init(type: "http://uri.etsi.org/19602/SvcType/PID/Issuance", certificates: [certificate])
                    ]
                )
            })
        let bytes = try LoTEPublisher.sign(
            payload: try LoTEPublisher.payload(content), signerKey: network.signerKey,
            signerChain: [network.signer, network.issuingCA], signingTime: time - 3600)
        let rootDER = network.root.derEncoded
        func coldVerify() throws -> VerifiedList {
            CertificateCache.shared.removeAll()  // the x5c chain too is decoded afresh
            let anchor = try Certificate(derEncoded: Bench.freshCopy(rootDER))
            return try LoTEVerifier(anchors: [anchor]).verify(Bench.freshCopy(bytes), at: time)
        }
        let checked = try coldVerify()
        guard checked.list.entryCount == entities else {
            throw OpenSSLDirect.Failure(description: "\(checked.list.entryCount) of \(entities) entities")
        }
        print(
            "  ours   = LoTEVerifier.verify(fresh copy of the bytes, at:) -> VerifiedList: JWS compact, JAdES header,")
        print(
            "           ES256, x5c chain to the pinned root, signer usage, JSON with limits, every entity and service,")
        print("           every certificate's Certificate(derEncoded:); cold: new bytes and root every iteration")
        print("  python = json + cryptography in a subprocess, timed inside Python: ES256 over the signing input, the")
        print(
            "           x5c chain to the root, json.loads of the payload, load_der_x509_certificate of every certificate"
        )
        print(
            "\n  LoTE of \(Bench.count(entities)) entities: \(Bench.megabytes(bytes.count)) signed (compact JAdES), "
                + "\(checked.warnings.isEmpty ? "no warnings" : "warnings: \(checked.warnings)")")
        let iterations = try Bench.measure(repetitions: 1, targetSeconds: 0.5) { try coldVerify() }.iterations
        var ours: [Bench.Timing] = []
        var python: [Bench.Timing] = []
        var pythonPeaks: [Bench.MemoryPeak] = []
        let file = try BenchFiles.write(bytes, named: "lote-\(entities).jws")
        let rootFile = try BenchFiles.write(rootDER, named: "root.der")
        let pythonReason = PythonLoTEVerifier.unavailableReason
        let load = MachineFacts.loadAverage()
        for _ in 0..<repetitions {
            ours.append(try Bench.measure(repetitions: 1, iterations: iterations) { try coldVerify() })
            if pythonReason == nil {
                let (timing, certificates, peak) = try PythonLoTEVerifier.verify(
                    file: file, rootFile: rootFile, at: time, repetitions: iterations)
                guard certificates == entities else {
                    throw OpenSSLDirect.Failure(
                        description: "python loaded \(certificates) of \(entities) certificates")
                }
                python.append(timing)
                pythonPeaks.append(peak)
            }
        }
        print("  load average: \(load) before these runs, \(MachineFacts.loadAverage()) after")
        let oursTiming = Bench.Timing.merged(ours)
        print(
            "  \(Bench.label("ours: verify + decode"))\(Bench.duration(oursTiming.median))/list  "
                + "(\(oursTiming.method))")
        let memory = try Bench.peakMemory { try coldVerify() }
        print(
            "  \(Bench.label("ours: peak RSS during one verify"))\(Bench.mebibytes(memory.peak.peakBytes)) "
                + "(+\(Bench.mebibytes(memory.peak.growthBytes)) over the \(Bench.mebibytes(memory.peak.baselineBytes)) "
                + "before)")
        guard pythonReason == nil else {
            print("  python: SKIPPED (\(pythonReason ?? ""))")
            return
        }
        let pythonTiming = Bench.Timing.merged(python)
        print(
            "  \(Bench.label("python: verify + decode"))\(Bench.duration(pythonTiming.median))/list  "
                + "(\(pythonTiming.method))")
        PythonVerifier.printPeak("python: peak RSS during one verify", pythonPeaks, ours: memory.peak)
        // CPU ratio per pair of repetitions (ours' CPU per iteration over Python's median CPU of that run).
        let ratios = zip(ours, python).map { $0.cpuMedian / max($1.cpuMedian, 1e-12) }
        let ratio = Bench.median(ratios)
        print(
            "\n  goal (verify + decode of a \(Bench.count(entities))-entity LoTE at most Python's CPU): "
                + "\(ratio <= 1 ? "MET" : "NOT MET"): paired CPU ratio ours/Python \(Bench.fixed(ratio, 2))x "
                + "(ours cpu \(Bench.duration(oursTiming.cpuMedian)), Python cpu \(Bench.duration(pythonTiming.cpuMedian)))"
        )
    }
}
