internal import COpenSSL
import Foundation
import Publishing
import TrustLists
import X509

/// Group `revocation`: decode + signature check + serial index of a 100,000-entry CRL next to the bare OpenSSL floor
/// (`d2i_X509_CRL` + `X509_CRL_verify`) in the same run, the cost of one revocation lookup, the cost of the
/// revocation check inside a memoized decision, and the peak resident set while a 10^6-entry CRL is decoded and
/// checked, next to the bare OpenSSL decode's.
enum RevocationBenchmarks {
    /// Entries of the timed CRL.
    static let entries = 100_000
    /// Entries of the CRL whose memory is measured.
    static let largeEntries = 1_000_000

    static func run() {
        do {
            try measureDecisions()
            try measure()
        } catch {
            Bench.fail("revocation", error)
        }
    }

    /// A CRL of `count` entries with 16-byte random serials (as EJBCA issues them), signed by `ca`, and the
    /// serials.
    static func makeCRL(
        count: Int, ca: Certificate, key: PrivateKey, random: inout SplitMix64
    ) throws -> (der: [UInt8], serials: [[UInt8]]) {
        let reference = Date(timeIntervalSince1970: 1_767_225_600)
        var builder = CRLBuilder(thisUpdate: reference - 3600, nextUpdate: reference + 7 * 86_400, crlNumber: 7)
        var serials: [[UInt8]] = []
        serials.reserveCapacity(count)
        builder.entries.reserveCapacity(count)
        for index in 0..<count {
            var serial = random.bytes(16)
            serial[0] = serial[0] & 0x7F | 0x01
            serials.append(serial)
            builder.entries.append(
                CRLBuilder.Entry(serialNumber: serial, revocationDate: reference - Double(index % 86_400) * 60))
        }
        return (try builder.signed(by: ca, key: key), serials)
    }

    private static func measure() throws {
        var random = SplitMix64(seed: 5280)
        let key = try PrivateKey.generate(.ecP256)
        var builder = CertificateBuilder(
            subject: [.country("US"), .commonName("Bench IACA")], publicKey: key.publicKey,
            notBefore: Date(timeIntervalSince1970: 1_700_000_000), notAfter: Date(timeIntervalSince1970: 2_000_000_000))
        builder.basicConstraints = BasicConstraints(isCA: true)
        builder.keyUsage = [.keyCertSign, .cRLSign]
        let ca = try builder.selfSigned(with: key)
        let bareKey = try OpenSSLDirect.PublicKey(subjectPublicKeyInfo: ca.subjectPublicKeyInfo)

        let (der, serials) = try makeCRL(count: entries, ca: ca, key: key, random: &random)
        guard bareDecodeAndVerify(der, bareKey) else {
            throw OpenSSLDirect.Failure(description: "the bare X509_CRL_verify rejects the CRL")
        }
        let check = try CertificateRevocationList(derOrPEMEncoded: der)
        guard check.isSigned(by: ca), check.revocationDate(serialNumber: serials[17]) != nil else {
            throw OpenSSLDirect.Failure(description: "our CRL decode does not verify or find a listed serial")
        }
        print(
            "  CRL: \(Bench.count(entries)) entries, 16-byte serials, \(Bench.megabytes(der.count)) DER, ES256 (P-256);"
                + " key and CA decoded once, outside the loop")
        let timings = try Bench.measureInterleaved(
            repetitions: 9, targetSeconds: 1.0,
            [
                {
                    let crl = try CertificateRevocationList(derOrPEMEncoded: der)
                    guard crl.isSigned(by: ca) else { throw OpenSSLDirect.Failure(description: "does not verify") }
                    return crl
                },
                { bareDecodeAndVerify(der, bareKey) },
            ])
        let (ours, floor) = (timings[0], timings[1])
        line("ours: decode + index + isSigned(by:)", ours)
        line("floor: d2i_X509_CRL + X509_CRL_verify + free", floor)
        // CPU time: on a shared machine the wall time also counts the other processes' turns.
        print(
            "  \(Bench.label("ratio ours / floor, CPU"))\(Bench.ratio(ours.cpuMedian, floor.cpuMedian))  "
                + "(goal <= 1.5x and < 150 ms; overhead \(Bench.duration(ours.cpuMedian - floor.cpuMedian)) CPU; "
                + "wall ratio \(Bench.ratio(ours.median, floor.median)))")

        // Lookups: 1,000 per call, half listed serials (with the leading 0x00 a certificate's DER may carry),
        // half not listed.
        let probes: [[UInt8]] = (0..<1_000).map { index in
            index % 2 == 0 ? [0] + serials[(index * 97) % serials.count] : random.bytes(16)
        }
        let lookups = Bench.measure(repetitions: 5, targetSeconds: 0.5) {
            var found = 0
            for probe in probes where check.revocationDate(serialNumber: probe) != nil { found += 1 }
            return found
        }
        print(
            "  \(Bench.label("revocationDate(serialNumber:), half listed"))"
                + "\(Bench.duration(lookups.median / 1_000))/lookup  (\(lookups.method), 1,000 lookups per iter)")

        let (large, _) = try makeCRL(count: largeEntries, ca: ca, key: key, random: &random)
        // The floor first: OpenSSL's own decode and check, the X509_CRL kept until the peak is read, as ours keeps it.
        let (_, floorPeak) = Bench.peakMemory { () -> Bool in
            large.withUnsafeBufferPointer { buffer in
                var cursor = buffer.baseAddress
                guard let crl = d2i_X509_CRL(nil, &cursor, buffer.count) else { return false }
                defer { X509_CRL_free(crl) }
                return X509_CRL_verify(crl, bareKey.pointer) == 1 && Bench.maximumResidentBytes() > 0
            }
        }
        let (crl, peak) = try Bench.peakMemory { () throws -> CertificateRevocationList in
            let crl = try CertificateRevocationList(derOrPEMEncoded: large)
            guard crl.isSigned(by: ca) else { throw OpenSSLDirect.Failure(description: "10^6 CRL does not verify") }
            return crl
        }
        let reset = peak.wasReset && floorPeak.wasReset ? "" : " (high-water mark not reset: may include earlier work)"
        print(
            "  \(Bench.label("peak RSS rise, decode + verify of \(Bench.count(crl.revokedCount)) entries"))"
                + "\(Bench.mebibytes(peak.growthBytes)) over \(Bench.mebibytes(peak.baselineBytes)) "
                + "(\(Bench.megabytes(large.count)) DER held by the caller)\(reset)")
        print(
            "  \(Bench.label("floor: d2i_X509_CRL + X509_CRL_verify, same CRL"))"
                + "\(Bench.mebibytes(floorPeak.growthBytes)) over \(Bench.mebibytes(floorPeak.baselineBytes))  "
                + "(ratio \(Bench.ratio(Double(peak.growthBytes), Double(max(1, floorPeak.growthBytes)))))")
        Bench.keep(crl)
    }

    /// The floor: what any caller of OpenSSL must do to use the CRL.
    static func bareDecodeAndVerify(_ der: [UInt8], _ key: OpenSSLDirect.PublicKey) -> Bool {
        der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            guard let crl = d2i_X509_CRL(nil, &cursor, buffer.count) else { return false }
            defer { X509_CRL_free(crl) }
            return X509_CRL_verify(crl, key.pointer) == 1
        }
    }

    private static func line(_ what: String, _ timing: Bench.Timing) {
        print("  \(Bench.label(what))\(Bench.duration(timing.median))/CRL  (\(timing.method))")
    }

    /// The revocation check inside a memoized decision: the same reader and issuer decisions over two generations of
    /// the demo network, one with revocation `warn` and each CA's fresh CRL, one with revocation `off` (no CRL, no
    /// check), measured interleaved; the difference is what the check costs (RevocationPolicy over the memoized
    /// lookups: the issuer's CRL state at the decision time and the decision's `revocation` value).
    private static func measureDecisions() throws {
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        let network = try DemoNetwork(name: "Bench", at: time, crlBaseURL: "http://crl.bench.test")
        let verifier = TrustListVerifier(anchors: [network.root.certificate])
        let vical = try verifier.verify(try network.signed(network.vicalContent()), kind: .vical, at: time + 60)
        let rical = try verifier.verify(try network.signed(network.ricalContent()), kind: .rical, at: time + 60)
        let lists = [ListID(network: "bench", kind: .vical): vical, ListID(network: "bench", kind: .rical): rical]
        let inputs = lists.map { id, verified in
            SnapshotBuilder.Input(
                id: id, maxAgeSeconds: 2_592_000, overdueGraceSeconds: 259_200, verified: verified, at: time + 60)
        }
        let at = time + 3600

        func queries(mode: String) throws -> TrustQueries {
            let folder = FileManager.default.temporaryDirectory
            let json = """
                {"cacheDirectory": "cache", "networks": [{"id": "bench",
                  "root": {"url": "https://bench.test/root.pem", "sha256": ["\(network.root.certificate.sha256Hex)"]},
                  "vical": {"url": "https://bench.test/vical", "provider": "\(network.providerName)"},
                  "rical": {"url": "https://bench.test/rical", "provider": "\(network.providerName)"},
                  "revocation": {"mode": "\(mode)"}}]}
                """
            let configuration = try Configuration(
                json: Data(json.utf8), file: folder.appendingPathComponent("bench-revocation.json"))
            let sources = CRLSource.all(configuration: configuration, lists: lists)
            var crls: [CRLSlotID: VerifiedCRL] = [:]
            for (ca, bytes) in try network.demoCRLs(number: 1) {
                guard let source = sources.first(where: { $0.ca == ca.certificate }) else { continue }
                crls[source.slot] = try CRLVerifier(issuer: ca.certificate).verify(bytes, at: at)
            }
            let revocation = RevocationIndex(
                sources: sources, crls: crls, summaries: [:], configuration: configuration)
            return TrustQueries(
                snapshot: SnapshotBuilder.build(inputs, previousGeneration: nil, at: time + 60, revocation: revocation))
        }
        let checked = try queries(mode: "warn")
        let unchecked = try queries(mode: "off")
        let reader = [network.directReader.certificate]
        let signer = [network.documentSigner.certificate, network.iacas[0].iaca.certificate]
        let docType = network.iacas[0].docTypes[0]
        for (name, decision) in [
            ("reader", { (queries: TrustQueries) in queries.readerDecision(chain: reader, at: at) }),
            ("issuer", { (queries: TrustQueries) in queries.issuerDecision(chain: signer, docType: docType, at: at) }),
        ] {
            let withCheck = decision(checked)
            let withoutCheck = decision(unchecked)
            guard withCheck.isTrusted, withCheck.revocation?.state == .fresh, withCheck.revocation?.checked == true,
                withoutCheck.isTrusted, withoutCheck.revocation == nil,
                decision(checked).reason == nil,
                name == "issuer"
                    || checked.readerDecision(
                        chain: [network.revokedReader.certificate], at: at
                    ).reason == .revoked
            else {
                throw OpenSSLDirect.Failure(
                    description: "the \(name) decisions are not as expected: \(withCheck.message)")
            }
            // Many short repetitions, A then B in each: the median of the paired differences cancels the slow
            // spells of a shared machine, which fall on both halves of a pair alike.
            let timings = try Bench.measureInterleaved(
                repetitions: 31, targetSeconds: 0.1, maximumIterations: 1_000_000,
                [{ decision(checked) }, { decision(unchecked) }])
            let (on, off) = (timings[0], timings[1])
            let differences = zip(on.cpuSamples, off.cpuSamples).map { $0 - $1 }
            print(
                "  \(Bench.label("\(name) decision, memoized, revocation warn + fresh CRL"))"
                    + "\(Bench.duration(on.cpuMedian)) CPU  (\(on.method))")
            print(
                "  \(Bench.label("\(name) decision, memoized, revocation off"))"
                    + "\(Bench.duration(off.cpuMedian)) CPU  (\(off.method))")
            let spread = "\(Bench.duration(quartile(differences, 1)))..\(Bench.duration(quartile(differences, 3)))"
            print(
                "  \(Bench.label("\(name): cost of the revocation check"))"
                    + "\(Bench.duration(Bench.median(differences))) CPU  (median of \(differences.count) paired "
                    + "differences, quartiles \(spread); goal < 0.5 µs)")
        }
    }

    /// The first or third quartile of `values` (nearest rank).
    private static func quartile(_ values: [Double], _ which: Int) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, sorted.count * which / 4)]
    }
}
