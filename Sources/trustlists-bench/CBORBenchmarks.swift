import COSE
import Foundation

/// Group `cbor`: decode and deterministic-encode throughput of the CBOR codec on a ~5 MB VICAL-shaped document.
enum CBORBenchmarks {
    /// Entries in the document: enough for about 5 MB.
    static let entryCount = 6_500

    /// Builds the document, then measures decoding (bytes to a ``CBORNode`` tree, what the verifier does) and
    /// deterministic encoding (a ``CBOR`` value to bytes, what the publisher does).
    static func run() {
        let document = vicalShapedDocument(entries: entryCount)
        let bytes = document.encoded()
        let items = itemCount(document)
        let stringBytes = byteStringBytes(document)
        print(
            "  document: \(Bench.megabytes(bytes.count)) (\(Bench.count(bytes.count)) bytes), "
                + "\(Bench.count(entryCount)) entry maps of 14 keys, \(Bench.count(items)) data items, "
                + "\(Bench.fixed(100 * Double(stringBytes) / Double(bytes.count), 0))% of bytes in byte strings")

        let decoder = CBORDecoder()
        do {
            let decode = try Bench.measure(repetitions: 7) { try decoder.decode(bytes) }
            report("decode  bytes -> CBORNode tree (limits on)", bytes: bytes.count, items: items, decode)
        } catch {
            Bench.fail("CBOR decode", error)
        }
        do {
            let toValue = try Bench.measure(repetitions: 7) { try CBORDecoder.decodeValue(bytes) }
            report("decode  bytes -> CBOR value (copies)", bytes: bytes.count, items: items, toValue)
        } catch {
            Bench.fail("CBOR decode to value", error)
        }
        let encoder = CBOREncoder()
        let encode = Bench.measure(repetitions: 7) { encoder.encode(document) }
        report("encode  CBOR value -> deterministic bytes", bytes: bytes.count, items: items, encode)
    }

    /// Prints one throughput line: MB/s (10^6 bytes), million data items per second, time per document.
    private static func report(_ what: String, bytes: Int, items: Int, _ timing: Bench.Timing) {
        let seconds = timing.median
        print(
            "  \(Bench.label(what))\(Bench.fixed(Double(bytes) / seconds / 1e6, 1)) MB/s  "
                + "\(Bench.fixed(Double(items) / seconds / 1e6, 2)) M items/s  "
                + "\(Bench.duration(seconds))/document  (\(timing.method))")
    }

    /// A VICAL payload whose entries carry the kinds of values real ones do: text keys, byte strings (a 400-byte
    /// stand-in for the certificate, serial, SKI, DER names), tag 0 dates, a tag 2 bignum, a text array, integers
    /// and a nested map. Content is pseudo-random but the same on every run.
    static func vicalShapedDocument(entries: Int) -> CBOR {
        var random = SplitMix64(seed: 18_013_5)
        var infos: [CBOR] = []
        infos.reserveCapacity(entries)
        for index in 0..<entries {
            let year = 2024 + index % 3
            infos.append([
                "certificate": .byteString(random.bytes(400)),
                "serialNumber": .bignum(random.bytes(16)),
                "ski": .byteString(random.bytes(20)),
                "docType": ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"],
                "issuingAuthority": CBOR("Synthetic Motor Vehicles \(index)"),
                "issuingCountry": "US",
                "stateOrProvinceName": CBOR("S\(index % 50)"),
                "issuer": .byteString(random.bytes(60)),
                "subject": .byteString(random.bytes(60)),
                "notBefore": .tagged(0, CBOR("\(year)-01-01T00:00:00Z")),
                "notAfter": .tagged(0, CBOR("\(year + 9)-12-31T23:59:59Z")),
                "certificateProfile": ["urn:iso:std:iso:18013:5:IACA"],
                "sequence": .int(Int64(index)),
                "extensions": ["revision": .int(Int64(index % 7)), "weight": .int(-Int64(index % 1000))],
            ])
        }
        return [
            "version": "1.0", "vicalProvider": "Synthetic Provider", "date": .tagged(0, "2026-01-01T00:00:00Z"),
            "vicalIssueID": 42, "certificateInfos": .array(infos),
        ]
    }

    /// Data items as the decoder counts them: every head, so keys, values, tags and their content each count.
    static func itemCount(_ value: CBOR) -> Int {
        switch value {
        case .array(let items): return 1 + items.reduce(0) { $0 + itemCount($1) }
        case .map(let entries): return 1 + entries.reduce(0) { $0 + itemCount($1.key) + itemCount($1.value) }
        case .tagged(_, let content): return 1 + itemCount(content)
        default: return 1
        }
    }

    /// Bytes of byte-string content (which the decoder slices rather than parses).
    static func byteStringBytes(_ value: CBOR) -> Int {
        switch value {
        case .byteString(let bytes): return bytes.count
        case .array(let items): return items.reduce(0) { $0 + byteStringBytes($1) }
        case .map(let entries): return entries.reduce(0) { $0 + byteStringBytes($1.key) + byteStringBytes($1.value) }
        case .tagged(_, let content): return byteStringBytes(content)
        default: return 0
        }
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a small seeded generator, so the benchmark's data are the same every run.
struct SplitMix64 {
    /// The generator's 64-bit state.
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 pseudo-random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` pseudo-random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
