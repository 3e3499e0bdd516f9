import Foundation
import TestSupport
import Testing
import X509

/// The serial index of a decoded CRL (`RevokedSerials`, docs/architecture.md "Revocation"): every serial the CRL was
/// built with is found with the date it was given, by value (with or without leading zero bytes, at any length), a
/// serial listed twice keeps its earliest date, and serials that were not given are not found. The expectations
/// are the builder's inputs; `openssl crl -text` confirms the entries are in the DER.
@Suite("CRL serial index")
struct RevokedSerialsTests {
    let t = TestPKI.referenceTime

    func signed(_ entries: [CRLBuilder.Entry]) throws -> (CertificateRevocationList, [UInt8]) {
        let ca = try TestPKI.root("Serial Index CA")
        var builder = CRLBuilder(thisUpdate: t, nextUpdate: t + 86_400, crlNumber: 1)
        builder.entries = entries
        let der = try builder.signed(by: ca.certificate, key: ca.key)
        return (try CertificateRevocationList(derOrPEMEncoded: der), der)
    }

    @Test("a serial listed three times keeps its earliest date; a 30-byte serial and +128 are found by value")
    func duplicatesAndLengths() throws {
        let long = [UInt8](repeating: 0x5A, count: 30)
        let (crl, der) = try signed([
            CRLBuilder.Entry(serialNumber: [0x11], revocationDate: t - 100),
            CRLBuilder.Entry(serialNumber: [0x11], revocationDate: t - 500),
            CRLBuilder.Entry(serialNumber: [0x11], revocationDate: t - 300),
            CRLBuilder.Entry(serialNumber: long, revocationDate: t - 42),
            CRLBuilder.Entry(serialNumber: [0x00, 0x80], revocationDate: t - 7),
        ])
        #expect(crl.revokedCount == 5)
        #expect(try opensslSerials(der) == ["11", "11", "11", String(repeating: "5A", count: 30), "80"].sorted())
        #expect(crl.revocationDate(serialNumber: [0x11]) == t - 500)
        #expect(crl.revocationDate(serialNumber: [0x00, 0x00, 0x11]) == t - 500)
        #expect(crl.revocationDate(serialNumber: long) == t - 42)
        #expect(crl.revocationDate(serialNumber: [0] + long) == t - 42)
        #expect(crl.revocationDate(serialNumber: Array(long.dropLast())) == nil)
        #expect(crl.revocationDate(serialNumber: long + [0x5A]) == nil)
        #expect(crl.revocationDate(serialNumber: [0x00, 0x80]) == t - 7)
        // 0x80 alone is -128, not +128.
        #expect(crl.revocationDate(serialNumber: [0x80]) == nil)
        #expect(crl.revocationDate(serialNumber: [0x12]) == nil)
        #expect(crl.revocationDate(serialNumber: [0x00]) == nil)
    }

    @Test("20,000 random serials are all found with their dates, and 20,000 others are not")
    func many() throws {
        var random = SplitMix64(seed: 1880)
        var given: [[UInt8]: Date] = [:]
        var entries: [CRLBuilder.Entry] = []
        while entries.count < 20_000 {
            // 1 to 20 bytes, positive, as RFC 5280 §4.1.2.2 allows.
            var serial = bytes(Int(random.next() % 20) + 1, &random)
            serial[0] = serial[0] & 0x7F | 0x01
            guard given[serial] == nil else { continue }
            let date = t - Double(random.next() % 1_000_000)
            given[serial] = date
            entries.append(CRLBuilder.Entry(serialNumber: serial, revocationDate: date))
        }
        let (crl, _) = try signed(entries)
        #expect(crl.revokedCount == 20_000)
        var wrong = 0
        for (serial, date) in given where crl.revocationDate(serialNumber: serial) != date { wrong += 1 }
        #expect(wrong == 0)
        var found = 0
        var probes = 0
        while probes < 20_000 {
            var serial = bytes(Int(random.next() % 20) + 1, &random)
            serial[0] &= 0x7F
            guard given[serial] == nil, serial.first != 0 else { continue }
            probes += 1
            if crl.revocationDate(serialNumber: serial) != nil { found += 1 }
        }
        #expect(found == 0)
    }

    private func bytes(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// The serials of the CRL's entries as `openssl crl -text` prints them (upper-case hex), sorted.
    private func opensslSerials(_ der: [UInt8]) throws -> [String] {
        try TestTools.opensslText("crl", der: der).split(separator: "\n").filter { $0.contains("Serial Number:") }
            .map { String($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }.sorted()
    }
}
