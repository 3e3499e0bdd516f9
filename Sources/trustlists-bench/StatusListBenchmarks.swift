import COSE
import Foundation
import JOSE
import Publishing
import TrustLists
import X509

/// Group `status`: verify + inflate of a Token Status List (draft-ietf-oauth-status-list) of 10^6 credentials at 1 and
/// 8 bits, as a JWT and as a CWT, next to the floor of Python's `zlib.decompress` + ES256 signature check over the same
/// bytes in the same run; where our time goes (decode, inflate); the peak resident set of a verification; and the cost
/// of one lookup; the cost of the lookup inside a memoized credential decision (StatusDecisionBenchmarks).
enum StatusListBenchmarks {
    /// Credentials per list.
    static let entries = 1_000_000
    /// The URI the lists are published at.
    static let uri = "https://issuer.bench.test/statuslists/1"
    /// The verification time: 2026-01-01T00:00:00Z.
    static let time = Date(timeIntervalSince1970: 1_767_225_600)

    /// One signed list and what the floor needs of it.
    struct Case {
        let name: String
        let token: [UInt8]
        /// The bytes the signature covers (the JWS signing input or the COSE Sig_structure).
        let signed: [UInt8]
        /// The raw `r‖s` signature.
        let signature: [UInt8]
        /// The compressed `lst`.
        let lst: [UInt8]
    }

    static func run() {
        do {
            try measure()
        } catch {
            Bench.fail("status", error)
        }
    }

    private static func measure() throws {
        let caKey = try PrivateKey.generate(.ecP256)
        var caBuilder = CertificateBuilder(
            subject: [.country("US"), .commonName("Bench IACA")], publicKey: caKey.publicKey,
            notBefore: time - 365 * 86_400, notAfter: time + 3650 * 86_400)
        caBuilder.basicConstraints = BasicConstraints(isCA: true)
        caBuilder.keyUsage = [.keyCertSign, .cRLSign]
        let ca = try caBuilder.selfSigned(with: caKey)
        let signerKey = try PrivateKey.generate(.ecP256)
        var signerBuilder = CertificateBuilder(
            subject: [.country("US"), .commonName("Bench status list signer")], publicKey: signerKey.publicKey,
            notBefore: time - 30 * 86_400, notAfter: time + 365 * 86_400)
        signerBuilder.keyUsage = [.digitalSignature]
        let signer = try signerBuilder.signed(by: ca, key: caKey)

        var random = SplitMix64(seed: 34)
        var cases: [Case] = []
        var lists: [Int: [UInt8]] = [:]
        for bits in [1, 8] {
            // 10% of the credentials not VALID (Appendix B's 10% column), at random places and (8 bits) values.
            var packed = [UInt8](repeating: 0, count: entries * bits / 8)
            for _ in 0..<(entries / 10) {
                let index = Int(random.next() % UInt64(entries))
                let value = bits == 1 ? 1 : UInt8(1 + random.next() % 255)
                packed[index * bits / 8] |= value << UInt8((index * bits) % 8)
            }
            lists[bits] = packed
            let lst = try StatusListPublisher.compressed(packed)
            cases.append(try jwt(bits: bits, lst: lst, signer: signer, key: signerKey))
            cases.append(try cwt(bits: bits, lst: lst, signer: signer, key: signerKey))
        }
        let verifier = StatusListVerifier(anchor: ca)
        for item in cases {
            let verified = try verifier.verify(item.token, uri: uri, at: time)
            let bits = verified.bits.rawValue
            guard verified.count == entries, verified.statusList.bytes == lists[bits] else {
                throw OpenSSLDirect.Failure(description: "\(item.name): the verified list is not the one signed")
            }
        }
        print(
            "  lists: \(Bench.count(entries)) credentials, 10% not VALID; ES256 signer under a P-256 IACA (chain "
                + "validated by OpenSSL each time; the signer certificate decoded once, from the process's cache)")

        let floor = try pythonFloor(cases)
        for item in cases {
            let timing = Bench.measure(repetitions: 7, targetSeconds: 0.4) {
                try? verifier.verify(item.token, uri: uri, at: time)
            }
            let token = try StatusListToken(bytes: item.token)
            let decode = Bench.measure(repetitions: 5, targetSeconds: 0.2) { try? StatusListToken(bytes: item.token) }
            let inflate = Bench.measure(repetitions: 5, targetSeconds: 0.2) { try? token.statusList.inflate() }
            print("  \(item.name): token \(Bench.megabytes(item.token.count)), lst \(Bench.megabytes(item.lst.count))")
            print(
                "    \(Bench.label("ours: decode + signature + chain + claims + inflate", 48))"
                    + "\(Bench.duration(timing.median))  (\(timing.method))")
            print(
                "    \(Bench.label("  of which decode (envelope, claims, x5c)", 48))\(Bench.duration(decode.median))"
                    + "  (cpu \(Bench.duration(decode.cpuMedian)))")
            print(
                "    \(Bench.label("  of which inflate", 48))\(Bench.duration(inflate.median))  "
                    + "(cpu \(Bench.duration(inflate.cpuMedian)))")
            if let python = floor[item.name] {
                print(
                    "    \(Bench.label("floor: Python zlib.decompress + ES256 verify", 48))"
                        + "\(Bench.duration(python.median))  (\(python.method))")
                print(
                    "    \(Bench.label("ratio ours / floor, CPU", 48))"
                        + "\(Bench.ratio(timing.cpuMedian, python.cpuMedian))"
                        + "  (goal <= 1.5x; wall \(Bench.ratio(timing.median, python.median)))")
            }
        }
        if floor.isEmpty { print("  floor: Python unavailable (python3 with cryptography), not measured") }

        // Peak memory: one verification of the 8-bit JWT (1 MB inflated), the token held by the caller.
        let large = cases.first { $0.name == "8-bit JWT" }.map(\.token) ?? []
        Bench.trimHeap()
        let (verified, peak) = try Bench.peakMemory { try verifier.verify(large, uri: uri, at: time) }
        let reset = peak.wasReset ? "" : " (high-water mark not reset: may include earlier work)"
        print(
            "  \(Bench.label("peak RSS rise, verify of the 8-bit JWT"))\(Bench.mebibytes(peak.growthBytes)) over "
                + "\(Bench.mebibytes(peak.baselineBytes)) (\(Bench.megabytes(verified.statusList.bytes.count)) "
                + "inflated)\(reset)")

        // Lookups: 1,000 random indices per call, into the 1-bit and the 8-bit list.
        for name in ["1-bit CWT", "8-bit CWT"] {
            guard let item = cases.first(where: { $0.name == name }) else { continue }
            let list = try verifier.verify(item.token, uri: uri, at: time)
            let probes = (0..<1_000).map { _ in random.next() % UInt64(entries) }
            let lookups = Bench.measure(repetitions: 5, targetSeconds: 0.3) {
                var invalid = 0
                for probe in probes where list.lookup(probe) != .status(.valid) { invalid += 1 }
                return invalid
            }
            print(
                "  \(Bench.label("lookup(_:), \(name)"))\(Bench.duration(lookups.median / 1_000))/lookup  "
                    + "(\(lookups.method), 1,000 lookups per iter)")
        }
        try StatusDecisionBenchmarks.run(random: &random)
    }

    /// The JWT of a list: `typ` statuslist+jwt, `x5c` the signer, ES256.
    static func jwt(bits: Int, lst: [UInt8], signer: Certificate, key: PrivateKey) throws -> Case {
        let claims: JSONValue = [
            "sub": .string(uri), "iat": .number(time.timeIntervalSince1970 - 3600),
            "exp": .number(time.timeIntervalSince1970 + 86_400), "ttl": 43200,
            "status_list": ["bits": .number(Double(bits)), "lst": .string(Base64URL.encode(lst))],
        ]
        let token = try JWS.sign(
            header: ["typ": "statuslist+jwt", "x5c": [.string(Data(signer.derEncoded).base64EncodedString())]],
            payload: try claims.jsonEncoded(), key: key)
        let jws = try JWS(compactSerialization: token, limits: JWS.Limits(maxCompactBytes: 16 << 20))
        return Case(
            name: "\(bits)-bit JWT", token: Array(token.utf8), signed: jws.signingInput, signature: jws.signature,
            lst: lst)
    }

    /// The CWT of a list: tag 18, protected `typ` application/statuslist+cwt and `x5chain`, ES256.
    static func cwt(bits: Int, lst: [UInt8], signer: Certificate, key: PrivateKey) throws -> Case {
        let content = StatusListPublisher.Content(
            uri: uri, bits: StatusListBits(rawValue: bits) ?? .one, statuses: [], issuedAt: time - 3600,
            expires: time + 86_400, timeToLive: 43200)
        let token = try StatusListPublisher.signedCWT(content, lst: lst, signerKey: key, signerChain: [signer])
        let message = try COSESign1(cborEncoded: token)
        return Case(
            name: "\(bits)-bit CWT", token: token, signed: try message.toBeSigned(), signature: message.signature,
            lst: lst)
    }

    /// The floor in Python, per case: `zlib.decompress(lst)` + the ES256 check of the signature over the signed
    /// bytes (`cryptography`, with the raw signature turned into DER), the key loaded and the inputs read outside the
    /// timing. Empty when Python or `cryptography` is missing.
    static func pythonFloor(_ cases: [Case]) throws -> [String: Bench.Timing] {
        guard PythonLoTEVerifier.unavailableReason == nil else { return [:] }
        let spki =
            try cases.first.map { item in
                try StatusListToken(bytes: item.token).certificates[0].subjectPublicKeyInfo
            } ?? []
        let input = FloorInput(
            key: Data(spki).base64EncodedString(),
            cases: cases.map { item in
                FloorInput.Case(
                    name: item.name, signed: Data(item.signed).base64EncodedString(),
                    signature: Data(item.signature).base64EncodedString(), lst: Data(item.lst).base64EncodedString())
            })
        let inputFile = try BenchFiles.write(Array(try JSONEncoder().encode(input)), named: "status_lists.json")
        let script = try BenchFiles.write(Array(pythonSource.utf8), named: "status_floor.py")
        let (status, output, error) = try PythonVerifier.run([script.path, inputFile.path])
        guard status == 0, let line = output.split(separator: "\n").last,
            let results = try? JSONDecoder().decode([String: FloorResult].self, from: Data(line.utf8))
        else {
            throw OpenSSLDirect.Failure(description: "python floor exited \(status): \(error.suffix(600))")
        }
        return results.mapValues {
            Bench.Timing(iterations: $0.iterations, samples: $0.seconds, cpuSamples: $0.cpuSeconds)
        }
    }

    /// What the Python floor reads: the signer's SubjectPublicKeyInfo and, per case, the signed bytes, the raw
    /// signature and the compressed `lst`, each base64.
    struct FloorInput: Encodable {
        struct Case: Encodable {
            let name: String
            let signed: String
            let signature: String
            let lst: String
        }

        let key: String
        let cases: [Case]
    }

    /// What the Python floor prints per case: wall and CPU seconds per sample, and the iterations of each sample.
    struct FloorResult: Decodable {
        let seconds: [Double]
        let cpuSeconds: [Double]
        let iterations: Int

        enum CodingKeys: String, CodingKey {
            case seconds, iterations
            case cpuSeconds = "cpu_seconds"
        }
    }

    static let pythonSource = #"""
        import base64
        import json
        import sys
        import time
        import zlib

        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

        data = json.load(open(sys.argv[1]))
        key = serialization.load_der_public_key(base64.b64decode(data["key"]))


        def floor(signed, signature, lst):
            r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
            key.verify(encode_dss_signature(r, s), signed, ec.ECDSA(hashes.SHA256()))
            return zlib.decompress(lst)


        results = {}
        for case in data["cases"]:
            signed, signature, lst = (base64.b64decode(case[k]) for k in ("signed", "signature", "lst"))
            start = time.perf_counter()
            floor(signed, signature, lst)
            once = max(time.perf_counter() - start, 1e-7)
            iterations = max(1, min(100000, int(0.4 / once)))
            seconds, cpu_seconds = [], []
            for _ in range(7):
                cpu_start, start = time.process_time(), time.perf_counter()
                for _ in range(iterations):
                    floor(signed, signature, lst)
                seconds.append((time.perf_counter() - start) / iterations)
                cpu_seconds.append((time.process_time() - cpu_start) / iterations)
            results[case["name"]] = {"seconds": seconds, "cpu_seconds": cpu_seconds, "iterations": iterations}
        print(json.dumps(results))
        """#
}
