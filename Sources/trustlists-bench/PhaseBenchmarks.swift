import COSE
import Dispatch
import Foundation
import Publishing
import Synchronization
import TrustLists
import TrustListsService
import X509

/// Group `phases`: where a cold verify + decode of the 10,000-entry VICAL spends its time. Each phase of the
/// pipeline is timed alone on the same list; the OpenSSL steps of `Certificate(derEncoded:)` are timed one by one;
/// and the per-entry certificate decode is run on two threads to see what parallelising it would give.
///
/// Shares are of CPU time, which other processes on the machine disturb less than wall time.
enum PhaseBenchmarks {
    /// Entries in the list analysed.
    static let entries = SyntheticNetwork.largestList
    /// Timed repetitions per figure (after one warm-up).
    static let repetitions = 5

    /// Runs the three analyses.
    static func run() {
        do {
            let network = try SyntheticNetwork.network()
            let bytes = try network.signedVICAL(entries: entries)
            let (total, certificates) = try pipeline(network: network, bytes: bytes)
            try certificateSteps(network: network)
            try parallelDecode(network: network, total: total, phase: certificates)
        } catch {
            Bench.fail("phases", error)
        }
    }

    /// Prints one row: what, wall median, CPU median, share of `whole`'s CPU median, and how many calls.
    /// - Parameter per: divides the times (e.g. by the number of certificates, for per-certificate figures).
    private static func row(_ what: String, _ timing: Bench.Timing, of whole: Bench.Timing, per: Double = 1) {
        let share = Bench.fixed(100 * timing.cpuMedian / whole.cpuMedian, 1) + "%"
        print(
            "    \(Bench.label(what, 58))\(Bench.label(Bench.duration(timing.median / per), 10))"
                + "\(Bench.label(Bench.duration(timing.cpuMedian / per), 10))\(Bench.label(share, 7))"
                + "(\(timing.counts))")
    }

    /// Prints the column heads of ``row(_:_:of:per:)``.
    private static func heads(_ first: String) {
        print("    \(Bench.label(first, 58))\(Bench.label("wall", 10))\(Bench.label("cpu", 10))share of cpu")
    }

    // MARK: Pipeline

    /// Times each pipeline phase alone and the whole verify, and prints the share of each.
    /// - Returns: the whole verify's timing and that of its entry-certificate phase.
    private static func pipeline(
        network: SyntheticNetwork, bytes: [UInt8]
    ) throws -> (total: Bench.Timing, certificates: Bench.Timing) {
        let policy = VerificationSettings()
        let time = SyntheticNetwork.verificationTime
        let message = try COSESign1(cborEncoded: bytes, limits: policy.limits)
        guard let payload = message.payload, let chain = try message.x5chain()?.certificates else {
            throw OpenSSLDirect.Failure(description: "the list has no payload or x5chain")
        }
        let signerKey = try Certificate(derEncoded: chain[0]).publicKey
        let entryDERs = network.iacas.prefix(entries).map(\.derEncoded)
        print(
            "  1. TrustListVerifier.verify of the \(Bench.count(entries))-entry list "
                + "(\(Bench.megabytes(bytes.count))), "
                + "each phase timed alone, interleaved with the total (median of \(repetitions) reps):")

        let rootDER = network.root.derEncoded
        let operations: [(String, () throws -> Any)] = [
            (
                "total: TrustListVerifier.verify, cold",
                {
                    CertificateCache.shared.removeAll()
                    let anchor = try Certificate(derEncoded: Bench.freshCopy(rootDER))
                    return try TrustListVerifier(anchors: [anchor], settings: policy)
                        .verify(Bench.freshCopy(bytes), kind: .vical, at: time)
                }
            ),
            ("fresh copy of the signed bytes (bench; in the total)", { Bench.freshCopy(bytes) }),
            (
                "message CBOR decode + COSE_Sign1 (payload: a slice)",
                { try COSESign1(cborEncoded: bytes, limits: policy.limits) }
            ),
            (
                "x5chain: Certificate(derEncoded:) x 2 + signer key",
                { try chain.map { try Certificate(derEncoded: $0) }[0].publicKey }
            ),
            ("signature: Sig_structure + SHA-256 + ECDSA verify", { try message.verifySignature(with: signerKey) }),
            (
                "chain: X509_verify_cert (+ new root and 2 certificates)",
                {
                    let fresh = try chain.map { try Certificate(derEncoded: $0) }
                    let anchor = try Certificate(derEncoded: rootDER)
                    return ChainValidator(anchors: [anchor], anchorRule: .selfSignedRootsOnly)
                        .validate(leaf: fresh[0], intermediates: Array(fresh.dropFirst()), at: time)
                }
            ),
            (
                "payload CBOR decode -> CBORNode tree (and its release)",
                { try CBORDecoder(limits: policy.limits).decode(payload) }
            ),
            (
                "entries: Certificate(listedDER:) x \(Bench.count(entries)) (and release)",
                { try entryDERs.map { try Certificate(listedDER: $0) } }
            ),
            ("SHA-256 of the signed bytes (VerifiedList.sha256)", { Digest.sha256.hash(bytes) }),
        ]
        let timings = try Bench.measureInterleaved(repetitions: repetitions, operations.map(\.1))
        let total = timings[0]
        let phases = Array(zip(operations.map(\.0), timings).dropFirst())
        heads("phase")
        for (name, timing) in phases { row(name, timing, of: total) }
        let measuredWall = phases.reduce(0) { $0 + $1.1.median }
        let measuredCPU = phases.reduce(0) { $0 + $1.1.cpuMedian }
        let rest = Bench.Timing(
            iterations: 1, samples: [total.median - measuredWall], cpuSamples: [total.cpuMedian - measuredCPU])
        row("rest (by subtraction): payload model, see below", rest, of: total)
        row("total: TrustListVerifier.verify, cold", total, of: total)
        print("    the rest is the Swift model of each entry: CBORMapReader key lookups and paths, dates, serial/SKI/")
        print("    name comparisons, unknown-key checks and warnings, and releasing the result (see the report)")
        let certificates = operations.firstIndex { $0.0.hasPrefix("entries:") } ?? 0
        return (total, timings[certificates])
    }

    // MARK: Certificate decode, step by step

    /// Times `Certificate(derEncoded:)` over every entry, then each group of OpenSSL calls it makes, per certificate.
    private static func certificateSteps(network: SyntheticNetwork) throws {
        let ders = network.iacas.prefix(entries).map(\.derEncoded)
        let steps = ders.compactMap { CertificateSteps(der: $0) }
        guard steps.count == ders.count else {
            throw OpenSSLDirect.Failure(description: "a certificate has an unexpected layout")
        }
        let count = Double(ders.count)
        print(
            "\n  2. Certificate(derEncoded:) by OpenSSL step, per certificate (each step run over all "
                + "\(Bench.count(ders.count)) entry certificates):")
        let names = steps.map(\.nameDERs)
        let operations: [(String, () throws -> Any)] = [
            ("Certificate(derEncoded:)", { try ders.map { try Certificate(derEncoded: $0) } }),
            ("DER headers: ASN1_get_object x ~16", { steps.reduce(0) { $0 &+ $1.walkHeaders() } }),
            ("version + serial: d2i_ASN1_INTEGER x 2", { steps.reduce(0) { $0 &+ $1.integers() } }),
            ("algorithms: d2i_X509_ALGOR x 2 + OBJ_obj2txt", { steps.reduce(0) { $0 &+ $1.algorithms() } }),
            ("names: d2i_X509_NAME x 2 (issuer, subject)", { steps.reduce(0) { $0 &+ $1.nameDecode() } }),
            ("validity: d2i_ASN1_TIME + to_tm + timegm, x 2", { steps.reduce(0) { $0 &+ $1.times() } }),
            ("extensions: d2i_X509_EXTENSIONS, OBJ_obj2txt each,", { steps.reduce(0) { $0 &+ $1.extensionsFull() } }),
            ("SHA-256 of the DER (Certificate.sha256)", { ders.map { Digest.sha256.hash($0) } }),
            ("ERR_clear_error x 2", { ders.reduce(0) { $0 &+ CertificateSteps.clearErrors() &+ $1.count } }),
            // Not parts of the sum: one is inside a step above, one an alternative to one, and the names' text is made
            // later, on first use (the snapshot build).
            ("  extensions: d2i_X509_EXTENSIONS only", { steps.reduce(0) { $0 &+ $1.extensionsDecode() } }),
            ("  SHA-256 with an EVP_MD fetched once", { ders.map { CertificateSteps.sha256Prefetched($0) } }),
            (
                "  names: DistinguishedName text (d2i + print + CN, C), x 2",
                { names.reduce(0) { $0 &+ CertificateSteps.nameText($1) } }
            ),
        ]
        let timings = try Bench.measureInterleaved(repetitions: repetitions, operations.map(\.1))
        let named = Array(zip(operations.map(\.0), timings))
        let whole = timings[0]
        let parts = Array(named[1..<(named.count - 3)])
        heads("step")
        for (name, timing) in parts {
            row(name, timing, of: whole, per: count)
            if name.hasPrefix("extensions:") { print("      X509V3_EXT_d2i of SKI, AKI, key usage, basic constraints") }
        }
        let rest = Bench.Timing(
            iterations: 1, samples: [whole.median - parts.reduce(0) { $0 + $1.1.median }],
            cpuSamples: [whole.cpuMedian - parts.reduce(0) { $0 + $1.1.cpuMedian }])
        row("rest (by subtraction; near 0 = within noise): Swift side", rest, of: whole, per: count)
        row("Certificate(derEncoded:)", whole, of: whole, per: count)
        print("    steps alone, not in the sum:")
        for (name, timing) in named.suffix(3) { row(name, timing, of: whole, per: count) }
        let x509 = Bench.measure(repetitions: 3) { ders.reduce(0) { $0 + (OpenSSLDirect.decodeX509($1) ? 1 : 0) } }
        print("    for comparison:")
        row("  d2i_X509 (whole certificate, public key included)", x509, of: whole, per: count)
    }

    // MARK: Parallel decode

    /// Decodes every entry certificate on two threads (`DispatchQueue.concurrentPerform`, one contiguous half each)
    /// and compares with the serial decode (interleaved); projects the whole verify with that phase parallel.
    /// - Parameters:
    ///   - total: the whole verify, from part 1.
    ///   - phase: the serial entry-certificate phase, from part 1, interleaved with `total`.
    private static func parallelDecode(network: SyntheticNetwork, total: Bench.Timing, phase: Bench.Timing) throws {
        let ders = network.iacas.prefix(entries).map(\.derEncoded)
        let workers = 2
        print(
            "\n  3. Certificate(derEncoded:) x \(Bench.count(ders.count)) on \(workers) threads "
                + "(DispatchQueue.concurrentPerform, \(workers) contiguous chunks; "
                + "\(ProcessInfo.processInfo.activeProcessorCount) cores):")
        let timings = try Bench.measureInterleaved(
            repetitions: repetitions,
            [
                { try ders.map { try Certificate(derEncoded: $0) } },
                { try decodeConcurrently(ders, workers: workers) },
            ])
        let serial = timings[0]
        let parallel = timings[1]
        heads("")
        row("serial", serial, of: serial)
        row("\(workers) threads", parallel, of: serial)
        // Projected from part 1's figures, which were measured together: the phase shrinks by this speed-up.
        let saved = phase.median * (1 - parallel.median / serial.median)
        print(
            "    \(Bench.label("speed-up of the phase (wall)", 58))\(Bench.ratio(serial.median, parallel.median))  "
                + "(CPU time \(Bench.ratio(parallel.cpuMedian, serial.cpuMedian)) of serial's)")
        print(
            "    \(Bench.label("projected verify with this phase parallel (wall)", 58))"
                + "\(Bench.duration(total.median - saved)) instead of \(Bench.duration(total.median)) "
                + "(saves \(Bench.fixed(100 * saved / total.median, 0))%)")
    }

    /// `Certificate(derEncoded:)` of every element, split into `workers` contiguous chunks run concurrently.
    private static func decodeConcurrently(_ ders: [[UInt8]], workers: Int) throws -> [Certificate] {
        let chunkSize = (ders.count + workers - 1) / workers
        let results = Mutex<[Int: Result<[Certificate], X509Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let range = min(worker * chunkSize, ders.count)..<min((worker + 1) * chunkSize, ders.count)
            let chunk = Result { () throws(X509Error) -> [Certificate] in
                var decoded: [Certificate] = []
                decoded.reserveCapacity(range.count)
                for index in range { decoded.append(try Certificate(derEncoded: ders[index])) }
                return decoded
            }
            results.withLock { $0[worker] = chunk }
        }
        var all: [Certificate] = []
        all.reserveCapacity(ders.count)
        for worker in 0..<workers {
            guard let chunk = results.withLock({ $0[worker] }) else { continue }
            all.append(contentsOf: try chunk.get())
        }
        return all
    }
}
