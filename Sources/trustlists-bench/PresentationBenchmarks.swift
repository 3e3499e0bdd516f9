import Foundation
import JOSE
import Presentation
import Publishing
import TrustLists
import X509

/// Group `presentation`: OpenID4VP decisions per second on one core for a signed request object received by value
/// (JWS decode and ES256 verify, request policies, reader decision), next to the OpenSSL floor measured in the same run:
/// the bare ES256 verify of the same signing input, plus `X509_verify_cert` of the same chain (partial chain, as
/// RICAL anchors are). The memoized decision validates no chain, so its ratio is to the ES256 verify alone; the
/// decision that validates the chain every time is compared with both. CPU ratios of interleaved repetitions.
enum PresentationBenchmarks {
    static let host = "verifier.bench.example"

    static func run() {
        do {
            try measure()
        } catch {
            Bench.fail("presentation", error)
        }
    }

    private static func measure() throws {
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        let network = try DemoNetwork(name: "Bench", at: time)
        let verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "Bench Verifier", host: host, issuer: network.readerIntermediate, at: time)
        let chain = [verifier.certificate, network.readerIntermediate.certificate]
        let jwt = try RequestObjectPublisher.signed(
            host: host, signer: verifier.key, chain: chain, nonce: "bench-nonce", at: time)
        let rical = try TrustListVerifier(anchors: [network.root.certificate]).verify(
            try network.signed(network.ricalContent(date: time - 60)), kind: .rical, at: time)
        let snapshot = SnapshotBuilder.build(
            [
                SnapshotBuilder.Input(
                    id: ListID(network: "bench", kind: .rical), maxAgeSeconds: 2_592_000,
                    overdueGraceSeconds: 259_200, verified: rical, at: time)
            ], previousGeneration: nil, at: time)
        let memoized = TrustQueries(snapshot: snapshot)
        let plain = TrustQueries(snapshot: snapshot, memoCapacity: 0)
        let clientID = "x509_san_dns:\(host)"
        let at = time + 60
        let first = OpenID4VPVerifier.decide(requestObject: jwt, clientID: clientID, at: at, trust: memoized)
        guard first.trusted else {
            throw OpenSSLDirect.Failure(description: "the benchmark request is not trusted: \(first.message)")
        }
        print(
            "  request object: \(jwt.utf8.count) bytes, ES256 (P-256), x5c of 2 certificates under a RICAL reader CA; "
                + "one thread")

        // The floor: the bare ES256 verify of the JWS signing input, and X509_verify_cert of the chain.
        let segments = jwt.split(separator: ".")
        let signingInput = Array(segments.prefix(2).joined(separator: ".").utf8)
        let rawSignature = try Base64URL.decode(segments[2])
        let derSignature = try OpenSSLDirect.derSignature(fromRaw: rawSignature)
        let bareKey = try OpenSSLDirect.PublicKey(subjectPublicKeyInfo: verifier.certificate.subjectPublicKeyInfo)
        guard OpenSSLDirect.digestVerify(bareKey, derSignature: derSignature, message: signingInput) else {
            throw OpenSSLDirect.Failure(description: "the bare OpenSSL verify rejects the request signature")
        }
        let chainFloor = try QueryBenchmarks.bareVerify(
            leaf: verifier.certificate, intermediates: [network.readerIntermediate.certificate],
            anchor: network.readerCA.certificate, partialChain: true, at: at, iterations: 3_000)

        // Ours and the ES256 floor in turn within each repetition (A B C, A B C, ...), so that a slow spell of the
        // shared machine falls on all alike; ratios are of process CPU time, per repetition, then the median.
        let load = MachineFacts.loadAverage()
        let timings = try Bench.measureInterleaved(repetitions: 5, [
            { OpenID4VPVerifier.decide(requestObject: jwt, clientID: clientID, at: at, trust: memoized) },
            { OpenID4VPVerifier.decide(requestObject: jwt, clientID: clientID, at: at, trust: plain) },
            { OpenSSLDirect.digestVerify(bareKey, derSignature: derSignature, message: signingInput) },
        ])
        let (ours, oursPlain, es256) = (timings[0], timings[1], timings[2])
        line("ours: decision, chain validation memoized", ours.median, ours.method)
        line("ours: decision, chain validated every time", oursPlain.median, oursPlain.method)
        line("floor: EVP_DigestVerify ES256 of the signing input", es256.median, es256.method)
        line("floor: X509_verify_cert of the chain (store built once)", chainFloor.pure, "thread CPU, median of 3,000")
        line("floor: ES256 verify + X509_verify_cert", es256.median + chainFloor.pure, "sum of the two")
        // The memoized decision validates no chain: it is compared with the work it does, the ES256 verify alone.
        // Validated every time, it is compared with ES256 + X509_verify_cert.
        let memoizedRatio = Bench.median(zip(ours.cpuSamples, es256.cpuSamples).map { $0 / $1 })
        let plainRatio = Bench.median(
            zip(oursPlain.cpuSamples, es256.cpuSamples).map { $0 / ($1 + chainFloor.pure) })
        for (name, ratio) in [
            ("memoized / ES256 verify alone", memoizedRatio),
            ("validated every time / ES256 + X509_verify_cert", plainRatio),
        ] {
            print(
                "  \(Bench.label("ratio ours, \(name)", 58))\(Bench.fixed(ratio, 2))x CPU (median of 5 paired "
                    + "repetitions)  goal <= 1.5x: " + (ratio <= 1.5 ? "met" : "NOT met"))
        }
        print("  load average: \(load) at the start of these runs, \(MachineFacts.loadAverage()) at the end")
        print(
            "  (x5c certificates are parsed once per process: a verifier sends the same chain with every request, and on "
                + "OpenSSL 3.0 parsing a certificate and its key costs more than the signature check)")
    }

    private static func line(_ what: String, _ seconds: Double, _ method: String) {
        print("  \(Bench.label(what))\(Bench.rate(1 / seconds))/s  \(Bench.duration(seconds))/op  (\(method))")
    }
}
