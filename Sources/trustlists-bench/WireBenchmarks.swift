import Foundation
import Presentation
import Publishing
import TrustLists
import TrustListsService
import X509

/// The wire JSON, as the HTTP API writes it per request: a reader decision (trusted and not), an issuer decision, an
/// OpenID4VP request decision and the status of the demo network, each built from the library's value and written
/// by the one JSON writer (`WireJSON.renderedBytes`); beside each, Foundation's `JSONEncoder` writing the same typed
/// value (pretty, sorted keys; it leaves nil members out, so it writes a little less) as a reference.
enum WireBenchmarks {
    static let host = "verifier.bench.example"

    static func run() {
        do {
            try measure()
        } catch {
            Bench.fail("wire", error)
        }
    }

    private static func measure() throws {
        let folder = try BenchFiles.directory().appendingPathComponent("wire")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let time = Date()
        let network = try DemoNetwork(name: "Bench", at: time - 3600)
        let service = TrustService(
            configuration: try Configuration.load(path: network.publishOffline(in: folder, id: "bench").path))
        _ = try service.refresh(at: time, lockTimeout: 10)
        let queries = service.queries
        let readerChain = [network.readerLeaf.certificate, network.readerIntermediate.certificate]
        let issuerChain = [network.documentSigner.certificate, network.iacas[0].iaca.certificate]
        let docType = network.iacas[0].docTypes[0]
        let verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "Bench Verifier", host: host, issuer: network.readerIntermediate, at: time - 3600)
        let jwt = try RequestObjectPublisher.signed(
            host: host, signer: verifier.key, chain: [verifier.certificate, network.readerIntermediate.certificate],
            nonce: "bench-nonce", at: time - 60)
        let trusted = queries.readerDecision(chain: readerChain, at: time)
        let untrusted = queries.readerDecision(chain: issuerChain, at: time)
        let issuer = queries.issuerDecision(chain: issuerChain, docType: docType, at: time)
        let request = service.requestDecision(requestObject: jwt, clientID: "x509_san_dns:\(host)", at: time)
        let status = service.status(at: time)
        guard trusted.isTrusted, !untrusted.isTrusted, issuer.isTrusted, request.trusted else {
            throw BenchError("the bench decisions are not as expected")
        }
        let cases: [(String, () -> any Encodable)] = [
            (
                "reader decision, trusted",
                {
                    WireDecision(
                        trusted, query: "reader", docType: nil, leaf: readerChain[0], at: time, generation: 1)
                }
            ),
            (
                "reader decision, not trusted",
                {
                    WireDecision(
                        untrusted, query: "reader", docType: nil, leaf: issuerChain[0], at: time, generation: 1)
                }
            ),
            (
                "issuer decision, trusted",
                {
                    WireDecision(
                        issuer, query: "issuer", docType: docType, leaf: issuerChain[0], at: time, generation: 1)
                }
            ),
            (
                "OpenID4VP request decision",
                { WirePresentationDecision(request, query: "request", at: time, generation: 1) }
            ),
            (
                "status of the demo network",
                { WireStatus(status, snapshot: service.snapshot, configuration: service.configuration) }
            ),
        ]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        foundation.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.text(date))
        }
        print("  per answer: the wire value built from the library's value and written; one thread")
        for (label, make) in cases {
            let bytes = try WireJSON.renderedBytes(make())
            let ours = Bench.measure(repetitions: 5, targetSeconds: 0.2) { try? WireJSON.renderedBytes(make()) }
            let reference = Bench.measure(repetitions: 5, targetSeconds: 0.2) { try? foundation.encode(make()) }
            print(
                "  \(Bench.label(label, 32))\(Bench.label(Bench.duration(ours.median), 10)) "
                    + "(\(bytes.count) bytes; JSONEncoder \(Bench.duration(reference.median)); \(ours.method))")
        }
    }
}
