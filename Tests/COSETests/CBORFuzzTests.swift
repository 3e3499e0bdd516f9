import COSE
import Foundation
import TestSupport
import Testing
import X509

@Suite("Random and mutated input never crashes the decoder")
struct CBORFuzzTests {
    /// A random value up to `depth` levels deep, covering every case of ``CBOR``.
    static func randomValue(depth: Int, using generator: inout SplitMix64) -> CBOR {
        let choice = Int.random(in: 0..<(depth > 0 ? 14 : 10), using: &generator)
        switch choice {
        case 0:
            return .unsigned(
                UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator))
        case 1: return .negative(UInt64.random(in: 0...300, using: &generator))
        case 2:
            return .byteString(
                (0..<Int.random(in: 0...30, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
                })
        case 3:
            return .textString(
                ["", "a", "IETF", "\u{fc}\u{6c34}", "docType", "\u{10151}x", "key"].randomElement(using: &generator)
                    ?? "")
        case 4:
            return .float(
                [0.0, -0.0, 1.5, 1.1, 65504, 1e300, .infinity, .nan, 0x1p-24].randomElement(using: &generator) ?? 0)
        case 5: return .boolean(Bool.random(using: &generator))
        case 6: return .null
        case 7: return .undefined
        case 8: return .simple([0, 16, 19, 32, 255].randomElement(using: &generator) ?? 0)
        case 9: return .date(Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &generator))))
        case 10, 11:
            return .array(
                (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                    randomValue(depth: depth - 1, using: &generator)
                })
        case 12:
            var entries: [CBOR.MapEntry] = []
            var keys = Set<CBOR>()
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let key = randomValue(depth: 0, using: &generator)
                if keys.insert(key).inserted {
                    entries.append(CBOR.MapEntry(key: key, value: randomValue(depth: depth - 1, using: &generator)))
                }
            }
            return .map(entries)
        default:
            return .tagged(
                UInt64.random(in: 0...30, using: &generator), randomValue(depth: depth - 1, using: &generator))
        }
    }

    /// Bytes that steer a mutation towards interesting heads: long arguments, indefinite lengths, breaks, reserved
    /// values, two-byte simple values.
    static let interestingBytes: [UInt8] = [
        0x00, 0x17, 0x18, 0x1b, 0x1c, 0x1f, 0x3b, 0x5b, 0x5f, 0x7b, 0x7f, 0x9b, 0x9f, 0xbb, 0xbf, 0xdb, 0xf8, 0xf9,
        0xfb, 0xff,
    ]

    static func mutate(_ input: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let index = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0 where !bytes.isEmpty:
                bytes[index] ^= 1 << UInt8.random(in: 0...7, using: &generator)
            case 1 where !bytes.isEmpty:
                bytes[index] = interestingBytes.randomElement(using: &generator) ?? 0
            case 2:
                bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            case 3 where !bytes.isEmpty:
                bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...4, using: &generator)))
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, index + Int.random(in: 1...8, using: &generator))
                bytes.insert(contentsOf: bytes[index..<end], at: index)
            case 5:
                bytes = Array(bytes.prefix(index))
            default:
                bytes.insert(interestingBytes.randomElement(using: &generator) ?? 0, at: index)
            }
        }
        return bytes
    }

    /// Decodes `bytes`; a success must round-trip through the encoder, a failure must be a COSEError with a decoder
    /// code.
    static func check(_ bytes: [UInt8], decoder: CBORDecoder) {
        do {
            let node = try decoder.decode(bytes)
            let value = node.value
            let again = try CBORDecoder.decodeValue(value.encoded())
            #expect(again == value, "round trip of \(hexString(bytes))")
        } catch let error as COSEError {
            #expect(error.code == .malformedCBOR || error.code == .limitsExceeded, "\(hexString(bytes)): \(error)")
        } catch {
            Issue.record("\(hexString(bytes)): unexpected error \(error)")
        }
    }

    @Test("thousands of mutated valid documents decode to a value or fail with a decoder error")
    func mutatedDocuments() {
        var generator = SplitMix64(seed: 8949)
        var seeds = appendixAExamples.map { hex($0.encoded) } + [CBORPrefixTests.document]
        for _ in 0..<200 {
            seeds.append(Self.randomValue(depth: 4, using: &generator).encoded())
        }
        let tight = CBORDecoder(limits: CBORDecoder.Limits(maxDepth: 6, maxItems: 60))
        for round in 0..<6000 {
            let seed = seeds.randomElement(using: &generator) ?? []
            let bytes = Self.mutate(seed, using: &generator)
            Self.check(bytes, decoder: round % 4 == 0 ? tight : CBORDecoder())
        }
    }

    @Test("thousands of random byte strings decode to a value or fail with a decoder error")
    func randomBytes() {
        var generator = SplitMix64(seed: 7049)
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...48, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0...255, using: &generator)
                    : (Self.interestingBytes.randomElement(using: &generator) ?? 0)
            }
            Self.check(bytes, decoder: CBORDecoder())
        }
    }

    @Test("random values round-trip through the encoder and the decoder")
    func randomValuesRoundTrip() throws {
        var generator = SplitMix64(seed: 4221)
        for _ in 0..<1000 {
            let value = Self.randomValue(depth: 5, using: &generator)
            let encoded = value.encoded()
            let node = try CBORDecoder().decode(encoded)
            #expect(node.value == value)
            #expect(Array(node.encodedBytes) == encoded)
            #expect(node.value.encoded() == encoded)
        }
    }

    @Test("accepts exactly the text strings that are valid UTF-8, as Swift's own validation decides")
    func utf8AgreesWithStandardLibrary() {
        var generator = SplitMix64(seed: 3629)
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...12, using: &generator)
            let bytes = (0..<length).map { _ in
                // Mostly bytes around the interesting boundaries of UTF-8.
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x7f...0xff, using: &generator)
                    : ([0x41, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4] as [UInt8])
                        .randomElement(using: &generator) ?? 0
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            let decoded = try? CBORDecoder.decodeValue([0x60 | UInt8(length)] + bytes)
            #expect((decoded != nil) == valid, "\(hexString(bytes))")
        }
    }
}
