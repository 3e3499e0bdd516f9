import Credentials
import Foundation
import JOSE
import Publishing
import TrustLists
import TrustListsService
import X509

/// Part of group `status`: the cost of the status lookup inside a memoized credential decision (goal < 0.5 µs). The
/// same SD-JWT VC (20 disclosures, a `status.status_list` reference into a 1-bit list of 10^6 entries) is decided
/// with the chain validation memoized, by the service's status lists (``ServiceStatusLists``, the list in its store
/// view) in mode `warn` (the list at hand, the index looked up: VALID) and in mode `off` (nothing looked up), measured
/// interleaved; the median of the paired differences is what the lookup costs. The lookup alone (the source's
/// `statusList(for:…)` and the index) is timed too, for the service's source and for a ``StatusListCollection``.
enum StatusDecisionBenchmarks {
    /// Fails every fetch: the benchmark's lists are in the store view, nothing is fetched.
    struct NoFetcher: ListFetching {
        func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
            throw TrustListError(.networkError, "the benchmark fetches nothing (\(request.url))")
        }
    }

    static func run(random: inout SplitMix64) throws {
        let uri = StatusListBenchmarks.uri
        let time = StatusListBenchmarks.time
        let at = time + 60
        let network = try DemoNetwork(name: "Bench", at: time)
        let trust = TrustQueries(snapshot: try CredentialBenchmarks.generation(of: network, at: time))

        // The list: 1 bit, 10^6 entries, 10% INVALID at random places, signed under the issuer's IACA.
        let eldorado = network.iacas[2].iaca
        let listSigner = try DemoNetwork.issue(
            "Bench status list signer", by: eldorado, at: time, validDays: 365,
            kind: .leaf(eku: nil, usage: [.digitalSignature]))
        let entries = StatusListBenchmarks.entries
        var packed = [UInt8](repeating: 0, count: entries / 8)
        for _ in 0..<(entries / 10) {
            let index = Int(random.next() % UInt64(entries))
            packed[index / 8] |= 1 << UInt8(index % 8)
        }
        var index = Int(random.next() % UInt64(entries))
        while packed[index / 8] & (1 << UInt8(index % 8)) != 0 { index = (index + 1) % entries }
        let token = try StatusListBenchmarks.jwt(
            bits: 1, lst: try StatusListPublisher.compressed(packed), signer: listSigner.certificate,
            key: listSigner.key
        ).token
        let list = try StatusListVerifier(anchor: eldorado.certificate).verify(token, uri: uri, at: at)

        let issuer = try DemoNetwork.issue(
            "Bench PID Provider", by: eldorado, at: at, validDays: 365,
            kind: .leaf(eku: nil, usage: [.digitalSignature])
        ) { builder in builder.dnsNames = ["issuer.bench.example"] }
        let text = try SDJWTIssuer.issue(
            vct: "urn:eudi:pid:1", issuer: "https://issuer.bench.example",
            claims: ["status": ["status_list": ["idx": .number(Double(index)), "uri": .string(uri)]]],
            disclosable: (0..<20).map { ("claim_\($0)", .string("value \($0)")) }, holderKey: nil,
            signerKey: issuer.key, signerChain: [issuer.certificate], issuedAt: at - 60, expires: at + 86_400)

        let checked = try sources(network, mode: "warn", list: list)
        let unchecked = try sources(network, mode: "off", list: list)
        let collection = StatusListCollection(mode: .warn, lists: [list])
        let decide = { (source: any StatusListSource) in
            SDJWTVerifier.decide(compact: text, trust: trust, at: at, statusLists: source)
        }
        let cases: [(String, any StatusListSource, Bool)] = [
            ("service warn", checked, true), ("service off", unchecked, false), ("collection", collection, true),
        ]
        for (name, source, expectChecked) in cases {
            let decision = decide(source)
            let status = decision.documents.first?.status
            guard decision.trusted, status?.checked == expectChecked, !expectChecked || status?.value == .valid,
                status?.index == UInt64(index)
            else {
                throw OpenSSLDirect.Failure(
                    description:
                        "the \(name) decision is not as expected: \(decision.message) "
                        + "(status \(String(describing: status)))")
            }
        }
        print(
            "  lookup inside a decision: an SD-JWT VC of 20 disclosures whose status names index \(index) of the 1-bit "
                + "list (VALID), chain validation memoized; the list in the service's store view")
        // Many short repetitions, A then B in each: the median of the paired differences cancels the slow spells of a
        // shared machine, which fall on both halves of a pair alike.
        let timings = try Bench.measureInterleaved(
            repetitions: 31, targetSeconds: 0.1, maximumIterations: 1_000_000,
            [{ decide(checked) }, { decide(unchecked) }, { decide(collection) }])
        let (on, off, library) = (timings[0], timings[1], timings[2])
        line("decision, statusLists warn, list at hand", on)
        line("decision, statusLists off", off)
        line("decision, StatusListCollection (library)", library)
        for (what, with) in [("service", on), ("collection", library)] {
            let differences = zip(with.cpuSamples, off.cpuSamples).map { $0 - $1 }
            let spread = "\(Bench.duration(quartile(differences, 1)))..\(Bench.duration(quartile(differences, 3)))"
            print(
                "  \(Bench.label("cost of the status lookup (\(what))"))"
                    + "\(Bench.duration(Bench.median(differences))) CPU  (median of \(differences.count) paired "
                    + "differences, quartiles \(spread); goal < 0.5 µs)")
        }

        // The lookup alone, as the decision's status step calls it: the source's list for the reference, the index.
        let reference = StatusListReference(index: UInt64(index), uri: uri)
        let anchor = eldorado.certificate
        let alone: [(String, any StatusListSource)] = [
            ("ServiceStatusLists", checked), ("StatusListCollection", collection),
        ]
        for (what, source) in alone {
            let timing = Bench.measure(repetitions: 7, targetSeconds: 0.2, maximumIterations: 10_000_000) {
                guard case .list(let found) = source.statusList(
                    for: reference, format: nil, anchor: anchor, network: "bench", at: at)
                else { return false }
                return found.lookup(reference.index) == .status(.valid)
            }
            print(
                "  \(Bench.label("statusList(for:) + lookup, \(what)"))\(Bench.duration(timing.cpuMedian)) CPU  "
                    + "(\(timing.method))")
        }
        let hashing = Bench.measure(repetitions: 7, targetSeconds: 0.2, maximumIterations: 10_000_000) {
            StatusListID(network: "bench", uri: uri)
        }
        print(
            "  \(Bench.label("  of which StatusListID (SHA-256 of the URI)"))\(Bench.duration(hashing.cpuMedian)) CPU  "
                + "(\(hashing.method))")
    }

    /// The service's status lists for the bench network in `mode`, the list in its store view.
    private static func sources(_ network: DemoNetwork, mode: String, list: VerifiedStatusList) throws
        -> ServiceStatusLists
    {
        let json = """
            {"cacheDirectory": "cache", "networks": [{"id": "bench",
              "root": {"url": "https://bench.test/root.pem", "sha256": ["\(network.root.certificate.sha256Hex)"]},
              "vical": {"url": "https://bench.test/vical", "provider": "\(network.providerName)"},
              "statusLists": {"mode": "\(mode)"}}]}
            """
        let configuration = try Configuration(
            json: Data(json.utf8),
            file: FileManager.default.temporaryDirectory.appendingPathComponent("bench-status.json"))
        let lists = ServiceStatusLists(configuration: configuration, fetcher: NoFetcher())
        lists.install(
            ServiceStatusLists.StoreView(lists: [StatusListID(network: "bench", uri: list.subject): list]))
        return lists
    }

    private static func line(_ what: String, _ timing: Bench.Timing) {
        print("  \(Bench.label(what))\(Bench.duration(timing.cpuMedian)) CPU  (\(timing.method))")
    }

    /// The first or third quartile of `values` (nearest rank).
    private static func quartile(_ values: [Double], _ which: Int) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, sorted.count * which / 4)]
    }
}
