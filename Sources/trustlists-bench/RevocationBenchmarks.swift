internal import COpenSSL
import Foundation
import X509

/// Group `revocation`: decode + signature check + serial index of a 100,000-entry CRL next to the bare OpenSSL floor
/// (`d2i_X509_CRL` + `X509_CRL_verify`) in the same run, the cost of one revocation lookup, and the peak resident
/// set while a 10^6-entry CRL is decoded and checked.
enum RevocationBenchmarks {
    /// Entries of the timed CRL.
    static let entries = 100_000
    /// Entries of the CRL whose memory is measured.
    static let largeEntries = 1_000_000

    static func run() {
        do {
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
            repetitions: 5, targetSeconds: 1.0,
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
        print(
            "  \(Bench.label("ratio ours / floor"))\(Bench.ratio(ours.median, floor.median))  "
                + "(goal <= 1.5x and < 150 ms; overhead \(Bench.duration(ours.median - floor.median)))")

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
        let (crl, peak) = try Bench.peakMemory { () throws -> CertificateRevocationList in
            let crl = try CertificateRevocationList(derOrPEMEncoded: large)
            guard crl.isSigned(by: ca) else { throw OpenSSLDirect.Failure(description: "10^6 CRL does not verify") }
            return crl
        }
        let reset = peak.wasReset ? "" : " (high-water mark not reset: may include earlier work)"
        print(
            "  \(Bench.label("peak RSS rise, decode + verify of \(Bench.count(crl.revokedCount)) entries"))"
                + "\(Bench.mebibytes(peak.growthBytes)) over \(Bench.mebibytes(peak.baselineBytes)) "
                + "(\(Bench.megabytes(large.count)) DER held by the caller)\(reset)")
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
}
