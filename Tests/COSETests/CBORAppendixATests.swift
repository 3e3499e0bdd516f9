import COSE
import TestSupport
import Testing
import X509

/// One example of RFC 8949 Appendix A, Table 6: the encoding, the value, and the deterministic re-encoding
/// (the same bytes where the example is already in core deterministic form, RFC 8949 §4.2.1).
struct AppendixAExample: Sendable, CustomTestStringConvertible {
    let encoded: String
    let value: CBOR
    let deterministic: String

    init(_ encoded: String, _ value: CBOR, deterministic: String? = nil) {
        self.encoded = encoded
        self.value = value
        self.deterministic = deterministic ?? encoded
    }

    var testDescription: String { "\(encoded) = \(value)" }
}

/// Every example of RFC 8949 Appendix A ("Examples of Encoded CBOR Data Items"), in the order of its Table 6.
let appendixAExamples: [AppendixAExample] = [
    // Integers
    AppendixAExample("00", 0),
    AppendixAExample("01", 1),
    AppendixAExample("0a", 10),
    AppendixAExample("17", 23),
    AppendixAExample("1818", 24),
    AppendixAExample("1819", 25),
    AppendixAExample("1864", 100),
    AppendixAExample("1903e8", 1000),
    AppendixAExample("1a000f4240", 1_000_000),
    AppendixAExample("1b000000e8d4a51000", 1_000_000_000_000),
    AppendixAExample("1bffffffffffffffff", .unsigned(18_446_744_073_709_551_615)),
    AppendixAExample("c249010000000000000000", .tagged(2, .byteString(hex("010000000000000000")))),
    AppendixAExample("3bffffffffffffffff", .negative(18_446_744_073_709_551_615)),  // -18446744073709551616
    AppendixAExample("c349010000000000000000", .tagged(3, .byteString(hex("010000000000000000")))),
    AppendixAExample("20", -1),
    AppendixAExample("29", -10),
    AppendixAExample("3863", -100),
    AppendixAExample("3903e7", -1000),
    // Floats
    AppendixAExample("f90000", 0.0),
    AppendixAExample("f98000", -0.0),
    AppendixAExample("f93c00", 1.0),
    AppendixAExample("fb3ff199999999999a", 1.1),
    AppendixAExample("f93e00", 1.5),
    AppendixAExample("f97bff", 65504.0),
    AppendixAExample("fa47c35000", 100_000.0),
    AppendixAExample("fa7f7fffff", 3.4028234663852886e+38),
    AppendixAExample("fb7e37e43c8800759c", 1.0e+300),
    AppendixAExample("f90001", 5.960464477539063e-8),
    AppendixAExample("f90400", 0.00006103515625),
    AppendixAExample("f9c400", -4.0),
    AppendixAExample("fbc010666666666666", -4.1),
    AppendixAExample("f97c00", .float(.infinity)),
    AppendixAExample("f97e00", .float(.nan)),
    AppendixAExample("f9fc00", .float(-.infinity)),
    AppendixAExample("fa7f800000", .float(.infinity), deterministic: "f97c00"),
    AppendixAExample("fa7fc00000", .float(.nan), deterministic: "f97e00"),
    AppendixAExample("faff800000", .float(-.infinity), deterministic: "f9fc00"),
    AppendixAExample("fb7ff0000000000000", .float(.infinity), deterministic: "f97c00"),
    AppendixAExample("fb7ff8000000000000", .float(.nan), deterministic: "f97e00"),
    AppendixAExample("fbfff0000000000000", .float(-.infinity), deterministic: "f9fc00"),
    // Simple values
    AppendixAExample("f4", false),
    AppendixAExample("f5", true),
    AppendixAExample("f6", .null),
    AppendixAExample("f7", .undefined),
    AppendixAExample("f0", .simple(16)),
    AppendixAExample("f8ff", .simple(255)),
    // Tags
    AppendixAExample("c074323031332d30332d32315432303a30343a30305a", .tagged(0, "2013-03-21T20:04:00Z")),
    AppendixAExample("c11a514b67b0", .tagged(1, 1_363_896_240)),
    AppendixAExample("c1fb41d452d9ec200000", .tagged(1, 1_363_896_240.5)),
    AppendixAExample("d74401020304", .tagged(23, .byteString([1, 2, 3, 4]))),
    AppendixAExample("d818456449455446", .tagged(24, .byteString(hex("6449455446")))),
    AppendixAExample(
        "d82076687474703a2f2f7777772e6578616d706c652e636f6d", .tagged(32, "http://www.example.com")),
    // Strings
    AppendixAExample("40", .byteString([])),
    AppendixAExample("4401020304", .byteString([1, 2, 3, 4])),
    AppendixAExample("60", ""),
    AppendixAExample("6161", "a"),
    AppendixAExample("6449455446", "IETF"),
    AppendixAExample("62225c", "\"\\"),
    AppendixAExample("62c3bc", "\u{00fc}"),
    AppendixAExample("63e6b0b4", "\u{6c34}"),
    AppendixAExample("64f0908591", "\u{10151}"),  // "\ud800\udd51" in the RFC's JSON-style escapes
    // Arrays and maps
    AppendixAExample("80", []),
    AppendixAExample("83010203", [1, 2, 3]),
    AppendixAExample("8301820203820405", [1, [2, 3], [4, 5]]),
    AppendixAExample(
        "98190102030405060708090a0b0c0d0e0f101112131415161718181819", .array((1...25).map { .int(Int64($0)) })),
    AppendixAExample("a0", [:]),
    AppendixAExample("a201020304", [1: 2, 3: 4]),
    AppendixAExample("a26161016162820203", ["a": 1, "b": [2, 3]]),
    AppendixAExample("826161a161626163", ["a", ["b": "c"]]),
    AppendixAExample("a56161614161626142616361436164614461656145", ["a": "A", "b": "B", "c": "C", "d": "D", "e": "E"]),
    // Indefinite lengths: the same values as definite items, re-encoded with definite lengths
    AppendixAExample("5f42010243030405ff", .byteString([1, 2, 3, 4, 5]), deterministic: "450102030405"),
    AppendixAExample("7f657374726561646d696e67ff", "streaming", deterministic: "6973747265616d696e67"),
    AppendixAExample("9fff", [], deterministic: "80"),
    AppendixAExample("9f018202039f0405ffff", [1, [2, 3], [4, 5]], deterministic: "8301820203820405"),
    AppendixAExample("9f01820203820405ff", [1, [2, 3], [4, 5]], deterministic: "8301820203820405"),
    AppendixAExample("83018202039f0405ff", [1, [2, 3], [4, 5]], deterministic: "8301820203820405"),
    AppendixAExample("83019f0203ff820405", [1, [2, 3], [4, 5]], deterministic: "8301820203820405"),
    AppendixAExample(
        "9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff", .array((1...25).map { .int(Int64($0)) }),
        deterministic: "98190102030405060708090a0b0c0d0e0f101112131415161718181819"),
    AppendixAExample("bf61610161629f0203ffff", ["a": 1, "b": [2, 3]], deterministic: "a26161016162820203"),
    AppendixAExample("826161bf61626163ff", ["a", ["b": "c"]], deterministic: "826161a161626163"),
    // Deterministic order sorts "Amt" (0x63416d74) before "Fun" (0x6346756e).
    AppendixAExample("bf6346756ef563416d7421ff", ["Fun": true, "Amt": -2], deterministic: "a263416d74216346756ef5"),
]

@Suite("RFC 8949 Appendix A examples")
struct CBORAppendixATests {
    @Test("decodes every Appendix A example to its value", arguments: appendixAExamples)
    func decodesExample(_ example: AppendixAExample) throws {
        let value = try CBORDecoder.decodeValue(hex(example.encoded))
        #expect(value == example.value)
    }

    @Test("re-encodes every Appendix A example in core deterministic form", arguments: appendixAExamples)
    func reencodesExample(_ example: AppendixAExample) throws {
        let value = try CBORDecoder.decodeValue(hex(example.encoded))
        #expect(hexString(value.encoded()) == example.deterministic)
        #expect(hexString(example.value.encoded()) == example.deterministic)
    }

    @Test(
        "keeps the exact input bytes of every Appendix A example as the node's encodedBytes",
        arguments: appendixAExamples)
    func keepsEncodedBytes(_ example: AppendixAExample) throws {
        let bytes = hex(example.encoded)
        let node = try CBORDecoder().decode(bytes)
        #expect(Array(node.encodedBytes) == bytes)
    }

    @Test("decodes floats of every width to the exact value, including negative zero and subnormal halves")
    func decodesFloatsExactly() throws {
        let negativeZero = try CBORDecoder.decodeValue(hex("f98000"))
        guard case .float(let zero) = negativeZero else {
            Issue.record("expected a float, found \(negativeZero)")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
        #expect(try CBORDecoder.decodeValue(hex("f90001")) == .float(0x1p-24))
        #expect(try CBORDecoder.decodeValue(hex("f903ff")) == .float(1023 * 0x1p-24))
        #expect(try CBORDecoder.decodeValue(hex("fa7f7fffff")) == .float(Double(Float.greatestFiniteMagnitude)))
    }
}
