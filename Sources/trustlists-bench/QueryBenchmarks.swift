internal import COpenSSL
import Dispatch
import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

#if canImport(Glibc)
    import Glibc
#endif

/// Benchmarks of the snapshot and the trust queries (issue 6) against a snapshot of 10,000 IACAs and 1,000 reader
/// CAs built here with the snapshot builder: snapshot load time and memory, reader and issuer decisions per second
/// with and without the validation memo, and, as the floor, a bare OpenSSL `X509_verify_cert` of the same chains.
///
/// Goals printed beside the figures: load < 100 ms; >= 50,000 decisions/s on one core (memoized); an unmemoized
/// decision within 2x of the bare `X509_verify_cert`. Times are CPU time of the measuring thread, so that other
/// processes on a shared machine do not inflate them; the load is also given in wall time.
enum QueryBenchmarks {
    /// Number of IACAs in the VICAL.
    static let issuerCount = 10_000
    /// Number of reader CAs in the RICAL.
    static let verifierCount = 1_000
    /// The benchmark's clock: lists dated here, decisions asked an hour later.
    static let listDate = Date(timeIntervalSince1970: 1_767_225_600)
    /// Runs every measurement and prints the figures.
    static func run() {
        do {
            try runAll()
        } catch {
            print("query benchmarks failed: \(error)")
        }
    }

    // MARK: - Setup

    struct Network {
        let snapshot: VerifiedSnapshot
        /// The verified lists the snapshot was built from.
        let inputs: [SnapshotBuilder.Input]
        let readerChain: [Certificate]
        let readerRoot: Certificate
        let signerChain: [Certificate]
        let iaca: Certificate
        let docType: String
    }

    static func makeNetwork() throws -> Network {
        let notBefore = listDate - 365 * 86_400
        let notAfter = listDate + 3650 * 86_400
        func issue(
            _ name: String, key: PrivateKey, issuer: (Certificate, PrivateKey)?, ca: Bool, eku: [String]? = nil,
            usage: KeyUsage
        ) throws -> Certificate {
            var builder = CertificateBuilder(
                subject: [.country("US"), .organization("Bench"), .commonName(name)], publicKey: key.publicKey,
                notBefore: notBefore, notAfter: notAfter)
            builder.basicConstraints = ca ? BasicConstraints(isCA: true) : nil
            builder.keyUsage = usage
            builder.extendedKeyUsage = eku
            if let (certificate, issuerKey) = issuer { return try builder.signed(by: certificate, key: issuerKey) }
            return try builder.selfSigned(with: key)
        }
        let caUsage: KeyUsage = [.keyCertSign, .cRLSign]
        let rootKey = try PrivateKey.generate(.ecP256)
        let root = try issue("Bench Network Root", key: rootKey, issuer: nil, ca: true, usage: caUsage)
        let vicalKey = try PrivateKey.generate(.ecP256)
        let vicalSigner = try issue(
            "Bench VICAL Signer", key: vicalKey, issuer: (root, rootKey), ca: false, eku: [OID.vicalSignerEKU],
            usage: [.nonRepudiation])
        let ricalKey = try PrivateKey.generate(.ecP256)
        let ricalSigner = try issue(
            "Bench RICAL Signer", key: ricalKey, issuer: (root, rootKey), ca: false, usage: [.nonRepudiation])

        let docTypes = ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1", "eu.europa.ec.eudi.pid.1"]
        var iacaEntries: [ListContent.Entry] = []
        var iacaKeys: [PrivateKey] = []
        let started = ContinuousClock.now
        for index in 0..<issuerCount {
            let key = try PrivateKey.generate(.ecP256)
            let iaca = try issue("Bench IACA \(index)", key: key, issuer: nil, ca: true, usage: caUsage)
            iacaEntries.append(
                ListContent.Entry(
                    certificate: iaca, docTypes: [docTypes[index % 3], docTypes[(index + 1) % 3]],
                    issuingAuthority: "Authority \(index)"))
            iacaKeys.append(key)
        }
        var readerEntries: [ListContent.Entry] = []
        var readerKeys: [PrivateKey] = []
        for index in 0..<verifierCount {
            let key = try PrivateKey.generate(.ecP256)
            let ca = try issue("Bench Reader CA \(index)", key: key, issuer: nil, ca: true, usage: caUsage)
            readerEntries.append(ListContent.Entry(certificate: ca, name: "Reader CA \(index)"))
            readerKeys.append(key)
        }
        print(
            "  built \(issuerCount) IACAs and \(verifierCount) reader CAs in \(format(seconds(ContinuousClock.now - started))) s"
        )

        // A reader chain (leaf, intermediate) under reader CA 500; a document signer under IACA 5000.
        let readerCA = readerEntries[500].certificate
        let intermediateKey = try PrivateKey.generate(.ecP256)
        var intermediateBuilder = CertificateBuilder(
            subject: [.country("US"), .organization("Bench"), .commonName("Bench Reader Intermediate")],
            publicKey: intermediateKey.publicKey, notBefore: notBefore, notAfter: notAfter)
        intermediateBuilder.basicConstraints = BasicConstraints(isCA: true, pathLength: 0)
        intermediateBuilder.keyUsage = caUsage
        let intermediate = try intermediateBuilder.signed(by: readerCA, key: readerKeys[500])
        let readerLeaf = try issue(
            "Bench Reader", key: try PrivateKey.generate(.ecP256), issuer: (intermediate, intermediateKey), ca: false,
            eku: [OID.readerAuthenticationEKU], usage: [.digitalSignature])
        let iaca = iacaEntries[5000].certificate
        let signer = try issue(
            "Bench Document Signer", key: try PrivateKey.generate(.ecP256), issuer: (iaca, iacaKeys[5000]), ca: false,
            eku: [OID.documentSignerEKU], usage: [.digitalSignature])

        // Publish, verify and build, as a refresh does.
        var settings = VerificationSettings()
        settings.limits = .init(maxInputBytes: 64 << 20)
        let verifier = TrustListVerifier(anchors: [root], settings: settings)
        let verifyStarted = ContinuousClock.now
        let vical = try verifier.verify(
            try ListPublisher.sign(
                ListContent(
                    kind: .vical, provider: "Bench", date: listDate, issueID: 1, nextUpdate: listDate + 86_400,
                    entries: iacaEntries), signerKey: vicalKey, signerChain: [vicalSigner]), kind: .vical,
            at: listDate + 60)
        let rical = try verifier.verify(
            try ListPublisher.sign(
                ListContent(
                    kind: .rical, provider: "Bench", date: listDate, issueID: 1, nextUpdate: listDate + 86_400,
                    entries: readerEntries), signerKey: ricalKey, signerChain: [ricalSigner]), kind: .rical,
            at: listDate + 60)
        print(
            "  signed and verified the VICAL (\(vical.signedBytes.count) bytes) and RICAL "
                + "(\(rical.signedBytes.count) bytes) in \(format(seconds(ContinuousClock.now - verifyStarted))) s")
        let buildStarted = ContinuousClock.now
        let vicalID = ListID(network: "bench", kind: .vical)
        let ricalID = ListID(network: "bench", kind: .rical)
        let inputs = [
            SnapshotBuilder.Input(
                id: vicalID, maxAgeSeconds: 2_592_000, overdueGraceSeconds: 259_200, verified: vical,
                at: listDate + 60),
            SnapshotBuilder.Input(
                id: ricalID, maxAgeSeconds: 2_592_000, overdueGraceSeconds: 259_200, verified: rical,
                at: listDate + 60),
        ]
        let snapshot = SnapshotBuilder.build(inputs, previousGeneration: nil, at: listDate + 60)
        print("  built the snapshot in \(format(seconds(ContinuousClock.now - buildStarted) * 1000)) ms")
        return Network(
            snapshot: snapshot, inputs: inputs, readerChain: [readerLeaf, intermediate], readerRoot: readerCA,
            signerChain: [signer], iaca: iaca, docType: docTypes[5000 % 3])
    }

    // MARK: - Measurements

    static func runAll() throws {
        print("== Query benchmarks: \(issuerCount) issuers, \(verifierCount) verifiers ==")
        let network = try makeNetwork()
        let encodeStarted = ContinuousClock.now
        let json = try network.snapshot.snapshot.jsonEncoded()
        print(
            "  snapshot.json: \(json.count / 1024) KiB, encoded in \(format(seconds(ContinuousClock.now - encodeStarted) * 1000)) ms "
                + "(written for other processes; never read back)")
        print("  process peak RSS after setup (ru_maxrss): \(peakRSSKiB() / 1024) MiB")

        // Installing a generation: build it from the verified lists + index it, several times; the best and the
        // median, in CPU time of the process, all threads (the build spreads its rows over the cores; CPU time is not
        // inflated when the machine is shared) and in wall time. The cold verification of
        // the lists that precedes it at start-up is the `verify` group's figure.
        var builds: [Double] = []
        var indexes: [Double] = []
        var walls: [Double] = []
        var queries = TrustQueries(snapshot: network.snapshot)
        for _ in 0..<7 {
            // The previous generation is released outside the timed region: freeing it is not part of a load.
            var previous: TrustQueries? = queries
            let wall = ContinuousClock.now
            let start = Bench.processCPUSeconds()
            let snapshot = SnapshotBuilder.build(network.inputs, previousGeneration: nil, at: listDate + 60)
            let built = Bench.processCPUSeconds()
            queries = TrustQueries(snapshot: snapshot)
            let indexed = Bench.processCPUSeconds()
            _ = previous
            previous = nil
            walls.append(seconds(ContinuousClock.now - wall))
            builds.append(built - start)
            indexes.append(indexed - built)
        }
        let totals = zip(builds, indexes).map { $0 + $1 }
        let best = totals.min() ?? 0
        print(
            "  install a generation (build from the verified lists + index), process CPU time, best of 7: "
                + "\(format(best * 1000)) ms (build \(format((builds.min() ?? 0) * 1000)), "
                + "index \(format((indexes.min() ?? 0) * 1000)) ms); median \(format(median(totals) * 1000)) ms; "
                + "wall best \(format((walls.min() ?? 0) * 1000)) ms -> goal < 100 ms: \(best < 0.1 ? "met" : "NOT met")"
        )

        let at = listDate + 3600
        let readerChain = network.readerChain
        let signerChain = network.signerChain
        let docType = network.docType
        guard queries.readerDecision(chain: readerChain, at: at).isTrusted,
            queries.issuerDecision(chain: signerChain, docType: docType, at: at).isTrusted
        else {
            print(
                "  the benchmark chains are not trusted: \(queries.readerDecision(chain: readerChain, at: at).message)")
            return
        }

        // First query on a fresh generation: the anchor's Certificate and OpenSSL object are made then.
        let fresh = TrustQueries(snapshot: queries.verifiedSnapshot, memoCapacity: 0)
        let firstReader = time { _ = fresh.readerDecision(chain: readerChain, at: at) }
        let firstIssuer = time { _ = fresh.issuerDecision(chain: signerChain, docType: docType, at: at) }
        print(
            "  first decision of a generation (parses its anchor): reader \(format(firstReader * 1e6)) µs, "
                + "issuer \(format(firstIssuer * 1e6)) µs")

        let plain = TrustQueries(snapshot: queries.verifiedSnapshot, memoCapacity: 0)
        let readerCached = perOperation(300_000) { _ = queries.readerDecision(chain: readerChain, at: at) }
        let issuerCached = perOperation(300_000) {
            _ = queries.issuerDecision(chain: signerChain, docType: docType, at: at)
        }
        let readerFloor = try BareChainVerifier(
            leaf: readerChain[0], intermediates: [readerChain[1]], anchor: network.readerRoot, partialChain: true, at: at)
        let issuerFloor = try BareChainVerifier(
            leaf: signerChain[0], intermediates: [], anchor: network.iaca, partialChain: false, at: at)
        let readerDER = readerChain.map(\.derEncoded)
        // Ours and the floor in turn, five rounds, so that a slow spell of the shared machine falls on both; each
        // ratio is taken per round (thread CPU time), and the median is judged.
        let load = MachineFacts.loadAverage()
        var rounds: [[Double]] = []
        for _ in 0..<5 {
            rounds.append([
                perOperation(1_000) { _ = plain.readerDecision(chain: readerChain, at: at) },
                perOperation(1_000) { _ = readerFloor.verify() },
                perOperation(1_000) { _ = plain.issuerDecision(chain: signerChain, docType: docType, at: at) },
                perOperation(1_000) { _ = issuerFloor.verify() },
                perOperation(500) {
                    guard let chain = try? readerDER.map({ try Certificate(derEncoded: $0) }) else { return }
                    _ = plain.readerDecision(chain: chain, at: at)
                },
                perOperation(1_000) { _ = readerFloor.verifyWithNewStore() },
                perOperation(1_000) { _ = issuerFloor.verifyWithNewStore() },
                perOperation(500) { for der in readerDER { _ = OpenSSLDirect.decodeX509(der) } },
            ])
        }
        func column(_ index: Int) -> Double { median(rounds.map { $0[index] }) }
        func pairedRatio(_ ours: Int, _ floor: Int) -> Double { median(rounds.map { $0[ours] / $0[floor] }) }
        let (readerUncached, issuerUncached, readerFromDER) = (column(0), column(2), column(4))
        let readerRatio = pairedRatio(0, 1)
        let issuerRatio = pairedRatio(2, 3)
        let fromDERRatio = pairedRatio(4, 1)

        print("  decisions on one core (not memoized and floors: 5 interleaved rounds, medians; load \(load) at start):")
        report("reader, memoized", readerCached, goal: "≥ 50,000/s", met: 1 / readerCached >= 50_000)
        report("issuer, memoized", issuerCached, goal: "≥ 50,000/s", met: 1 / issuerCached >= 50_000)
        report(
            "reader, not memoized", readerUncached, goal: "≤ 2x floor: \(format(readerRatio))x paired",
            met: readerRatio <= 2)
        report(
            "issuer, not memoized", issuerUncached, goal: "≤ 2x floor: \(format(issuerRatio))x paired",
            met: issuerRatio <= 2)
        report("floor: X509_verify_cert, reader chain (store built once)", column(1), goal: nil, met: true)
        report("floor: X509_verify_cert, issuer chain (store built once)", column(3), goal: nil, met: true)
        report("floor + X509_STORE per call, reader chain", column(5), goal: nil, met: true)
        report("floor + X509_STORE per call, issuer chain", column(6), goal: nil, met: true)
        report(
            "reader, not memoized, chain parsed from DER each time", readerFromDER,
            goal: "≤ 1.5x X509_verify_cert: \(format(fromDERRatio))x paired", met: fromDERRatio <= 1.5)
        // What OpenSSL itself needs before X509_verify_cert can run on bytes: an X509 object per certificate.
        let parseFloorRatio = median(rounds.map { $0[4] / ($0[7] + $0[1]) })
        report(
            "floor: d2i_X509 of the reader chain's 2 certificates (\(format(pairedRatio(7, 1)))x X509_verify_cert)",
            column(7), goal: nil, met: true)
        print(
            "    reader from DER / (d2i_X509 of its certificates + X509_verify_cert): \(format(parseFloorRatio))x paired")

        let threads = ProcessInfo.processInfo.activeProcessorCount
        let perThread = 200_000
        let shared = queries
        let parallelStart = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread { _ = shared.readerDecision(chain: readerChain, at: at) }
        }
        let parallel = seconds(ContinuousClock.now - parallelStart)
        print(
            "  reader, memoized, \(threads) threads: \(format(Double(threads * perThread) / parallel / 1000)) k decisions/s"
        )
        print("  process peak RSS at the end (ru_maxrss): \(peakRSSKiB() / 1024) MiB")
    }

    /// The bare OpenSSL floor (``BareChainVerifier``): `pure` with the store built once, `withStore` with a store
    /// built per call as the query engine does; thread CPU seconds per call.
    static func bareVerify(
        leaf: Certificate, intermediates: [Certificate], anchor: Certificate, partialChain: Bool, at time: Date,
        iterations: Int
    ) throws -> (pure: Double, withStore: Double) {
        let floor = try BareChainVerifier(
            leaf: leaf, intermediates: intermediates, anchor: anchor, partialChain: partialChain, at: time)
        let pure = perOperation(iterations) { _ = floor.verify() }
        let withStore = perOperation(iterations) { _ = floor.verifyWithNewStore() }
        return (pure, withStore)
    }

    // MARK: - Helpers

    /// CPU seconds of this thread per call of `body`, after a tenth as many warm-up calls.
    static func perOperation(_ iterations: Int, _ body: () -> Void) -> Double {
        for _ in 0..<max(1, iterations / 10) { body() }
        let start = cpuNow()
        for _ in 0..<iterations { body() }
        return (cpuNow() - start) / Double(iterations)
    }

    /// CPU seconds of this thread for one call.
    static func time(_ body: () -> Void) -> Double {
        let start = cpuNow()
        body()
        return cpuNow() - start
    }

    /// CPU time of the calling thread, in seconds (`CLOCK_THREAD_CPUTIME_ID`): unlike wall time, not inflated when
    /// other processes share the cores.
    static func cpuNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func report(_ name: String, _ perOperation: Double, goal: String?, met: Bool) {
        let rate = 1 / perOperation
        let rateText = rate >= 10_000 ? "\(format(rate / 1000)) k/s" : "\(format(rate)) /s"
        let goalText = goal.map { " -> goal \($0): \(met ? "met" : "NOT met")" } ?? ""
        print("    \(name): \(format(perOperation * 1e6)) µs (\(rateText))\(goalText)")
    }

    static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func format(_ value: Double) -> String {
        value >= 100
            ? String(format: "%.0f", value)
            : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    /// The process's peak resident set size in KiB (`getrusage(RUSAGE_SELF).ru_maxrss`).
    static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// The peak resident set size of this address space in KiB (`VmHWM` of /proc/self/status). Unlike ru_maxrss,
    /// which Linux carries across exec from the process that spawned it, it starts afresh in a spawned child.
    static func addressSpacePeakKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
