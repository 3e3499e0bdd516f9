import COSE
import Credentials
import Foundation
import JOSE
import Publishing
import TrustLists
import X509

/// Group `credential`: credential decisions per second on one core, next to the OpenSSL floor measured in the same
/// run: one ES256 verify of what the issuer signed, `X509_verify_cert` of the issuer's chain (store built once) and
/// the SHA-256 digests the credential carries (20 IssuerSignedItemBytes; 20 disclosures). For an mdoc of 20 elements
/// (a Document without device authentication) and an SD-JWT VC of 20 disclosures (no Key Binding JWT), each decided
/// with the chain's validation memoized (steady state) and validated every time.
enum CredentialBenchmarks {
    static func run() {
        do {
            try measure()
        } catch {
            Bench.fail("credential", error)
        }
    }

    private static func measure() throws {
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        let network = try DemoNetwork(name: "Bench", at: time)
        let snapshot = try generation(of: network, at: time)
        let memoized = TrustQueries(snapshot: snapshot)
        let plain = TrustQueries(snapshot: snapshot, memoCapacity: 0)
        let at = time + 60
        try mdoc(network, memoized: memoized, plain: plain, at: at)
        try sdJWT(network, memoized: memoized, plain: plain, at: at)
    }

    /// The generation the credential decisions are answered from: `network`'s VICAL as network `bench`, verified at
    /// `time`, authorizing the PID's SD-JWT VC type too (networks[].credentials.vct).
    static func generation(of network: DemoNetwork, at time: Date) throws -> VerifiedSnapshot {
        let vical = try TrustListVerifier(anchors: [network.root.certificate]).verify(
            try network.signed(network.vicalContent(date: time - 60)), kind: .vical, at: time)
        var credentials = CredentialSettings()
        credentials.vct = ["urn:eudi:pid:1": [ListID(network: "bench", kind: .vical)]]
        return SnapshotBuilder.build(
            [
                SnapshotBuilder.Input(
                    id: ListID(network: "bench", kind: .vical), maxAgeSeconds: 2_592_000,
                    overdueGraceSeconds: 259_200, verified: vical, at: time)
            ], previousGeneration: nil, at: time, credentials: ["bench": credentials])
    }

    private static func mdoc(_ network: DemoNetwork, memoized: TrustQueries, plain: TrustQueries, at: Date) throws {
        let signer = network.documentSigner
        let iaca = network.iacas[0].iaca.certificate
        let elements = (0..<20).map {
            MDocIssuer.Element("org.iso.18013.5.1", "element_\($0)", .textString("value \($0)"))
        }
        let issued = try MDocIssuer.issue(
            docType: "org.iso.18013.5.1.mDL", elements: elements, deviceKey: try PrivateKey.generate(.ecP256).publicKey,
            signerKey: signer.key, signerChain: [signer.certificate, iaca], signed: at - 60, validUntil: at + 86_400)
        let bytes = issued.document().encoded()
        let first = MDocVerifier.decide(cborEncoded: bytes, trust: memoized, at: at)
        guard first.trusted else {
            throw OpenSSLDirect.Failure(description: "the benchmark mdoc is not trusted: \(first.message)")
        }
        print(
            "  mdoc: a Document of \(bytes.count) bytes, 20 elements, ES256 issuerAuth, x5chain DS + IACA; one thread")
        // The floor: the ES256 verify of the Sig_structure, the chain, and the 20 digests of the items as encoded.
        let message = try COSESign1(cborEncoded: issued.issuerAuth.encoded())
        let toBeSigned = try message.toBeSigned()
        let items = issued.items.map { $0.itemBytes.encoded() }
        let floor = try floor(
            signer: signer.certificate, iaca: iaca, signature: message.signature, signed: toBeSigned, digested: items,
            at: at)
        let ours = Bench.measure { MDocVerifier.decide(cborEncoded: bytes, trust: memoized, at: at) }
        let oursPlain = Bench.measure { MDocVerifier.decide(cborEncoded: bytes, trust: plain, at: at) }
        report(ours: ours, plain: oursPlain, floor: floor)
    }

    private static func sdJWT(_ network: DemoNetwork, memoized: TrustQueries, plain: TrustQueries, at: Date) throws {
        let eldorado = network.iacas[2].iaca
        let issuer = try DemoNetwork.issue(
            "Bench PID Provider", by: eldorado, at: at, validDays: 365,
            kind: .leaf(eku: nil, usage: [.digitalSignature])
        ) { builder in builder.dnsNames = ["issuer.bench.example"] }
        let text = try SDJWTIssuer.issue(
            vct: "urn:eudi:pid:1", issuer: "https://issuer.bench.example", claims: [:],
            disclosable: (0..<20).map { ("claim_\($0)", .string("value \($0)")) }, holderKey: nil,
            signerKey: issuer.key, signerChain: [issuer.certificate], issuedAt: at - 60, expires: at + 86_400)
        let first = SDJWTVerifier.decide(compact: text, trust: memoized, at: at)
        guard first.trusted else {
            throw OpenSSLDirect.Failure(description: "the benchmark SD-JWT VC is not trusted: \(first.message)")
        }
        print("  SD-JWT VC: \(text.utf8.count) bytes, 20 disclosures, ES256, x5c of the issuer alone; one thread")
        let parts = text.split(separator: "~")
        let jwt = parts[0].split(separator: ".")
        let signingInput = Array(jwt.prefix(2).joined(separator: ".").utf8)
        let floor = try floor(
            signer: issuer.certificate, iaca: eldorado.certificate, signature: try Base64URL.decode(jwt[2]),
            signed: signingInput, digested: parts.dropFirst().map { Array($0.utf8) }, at: at)
        let ours = Bench.measure { SDJWTVerifier.decide(compact: text, trust: memoized, at: at) }
        let oursPlain = Bench.measure { SDJWTVerifier.decide(compact: text, trust: plain, at: at) }
        report(ours: ours, plain: oursPlain, floor: floor)
    }

    /// The floor of one decision, measured now: ES256 verify + `X509_verify_cert` + the SHA-256 of each digested part.
    private static func floor(
        signer: Certificate, iaca: Certificate, signature: [UInt8], signed: [UInt8], digested: [[UInt8]], at: Date
    ) throws -> (es256: Double, chain: Double, digests: Double) {
        let key = try OpenSSLDirect.PublicKey(subjectPublicKeyInfo: signer.subjectPublicKeyInfo)
        let der = try OpenSSLDirect.derSignature(fromRaw: signature)
        guard OpenSSLDirect.digestVerify(key, derSignature: der, message: signed) else {
            throw OpenSSLDirect.Failure(description: "the bare OpenSSL verify rejects the issuer signature")
        }
        let es256 = Bench.measure { OpenSSLDirect.digestVerify(key, derSignature: der, message: signed) }
        let chain = try QueryBenchmarks.bareVerify(
            leaf: signer, intermediates: [], anchor: iaca, partialChain: false, at: at, iterations: 3_000)
        let digests = Bench.measure { digested.map(OpenSSLDirect.sha256) }
        line("floor: EVP_DigestVerify ES256 of what the issuer signed", es256.median, es256.method)
        line("floor: X509_verify_cert of the chain (store built once)", chain.pure, "median of 3,000")
        line("floor: SHA-256 of the \(digested.count) digested parts", digests.median, digests.method)
        return (es256.median, chain.pure, digests.median)
    }

    private static func report(
        ours: Bench.Timing, plain: Bench.Timing, floor: (es256: Double, chain: Double, digests: Double)
    ) {
        let total = floor.es256 + floor.chain + floor.digests
        line("floor: the sum", total, "sum of the three")
        line("ours: decision, chain validation memoized", ours.median, ours.method)
        line("ours: decision, chain validated every time", plain.median, plain.method)
        for (name, value, goal) in [("memoized", ours.median, 1.0), ("chain validated every time", plain.median, 1.5)] {
            let ratio = value / total
            print(
                "  \(Bench.label("ratio ours, \(name) / floor"))\(Bench.fixed(ratio, 2))x  goal <= \(Bench.fixed(goal, 1))x: "
                    + (ratio <= goal ? "met" : "NOT met"))
        }
    }

    private static func line(_ what: String, _ seconds: Double, _ method: String) {
        print("  \(Bench.label(what))\(Bench.rate(1 / seconds))/s  \(Bench.duration(seconds))/op  (\(method))")
    }
}
