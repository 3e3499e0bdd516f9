import COSE
import TestSupport
import Testing
import X509

@Suite("Deterministic encoding (RFC 8949 §4.2.1)")
struct CBOREncoderTests {
    @Test(
        "writes integer heads in their shortest form",
        arguments: [
            (CBOR.unsigned(0), "00"), (.unsigned(23), "17"), (.unsigned(24), "1818"), (.unsigned(255), "18ff"),
            (.unsigned(256), "190100"), (.unsigned(65535), "19ffff"), (.unsigned(65536), "1a00010000"),
            (.unsigned(4_294_967_295), "1affffffff"), (.unsigned(4_294_967_296), "1b0000000100000000"),
            (.int(-1), "20"), (.int(-24), "37"), (.int(-25), "3818"), (.int(-256), "38ff"), (.int(-257), "390100"),
            (.int(Int64.min), "3b7fffffffffffffff"), (.int(Int64.max), "1b7fffffffffffffff"),
        ])
    func shortestIntegers(_ value: CBOR, _ expected: String) {
        #expect(hexString(value.encoded()) == expected)
    }

    @Test(
        "writes floats in the shortest width that keeps the value, NaN as f97e00",
        arguments: [
            (0.0, "f90000"), (-0.0, "f98000"), (1.5, "f93e00"), (65504.0, "f97bff"), (65505.0, "fa477fe100"),
            (0x1p-24, "f90001"), (0x1p-25, "fa33000000"), (0x1p-14, "f90400"), (1023 * 0x1p-24, "f903ff"),
            (100_000.0, "fa47c35000"), (1.1, "fb3ff199999999999a"), (Double(Float.leastNonzeroMagnitude), "fa00000001"),
            (Double.leastNonzeroMagnitude, "fb0000000000000001"), (Double.infinity, "f97c00"),
            (-Double.infinity, "f9fc00"), (Double.nan, "f97e00"), (-Double.nan, "f97e00"),
            (Double(bitPattern: 0x7ff0_0000_0000_0001), "f97e00"),  // a signalling NaN with a payload
        ])
    func shortestFloats(_ value: Double, _ expected: String) {
        #expect(hexString(CBOR.float(value).encoded()) == expected)
    }

    @Test("sorts map keys bytewise by their encodings, as in the example of RFC 8949 §4.2.1")
    func sortsMapKeys() {
        // RFC 8949 §4.2.1 lists this order: 10, 100, -1, "z", "aa", [100], [-1], false.
        let keys: [CBOR] = [false, [-1], [100], "aa", "z", -1, 100, 10]
        let map = CBOR.map(keys.enumerated().map { CBOR.MapEntry(key: $1, value: .int(Int64($0))) })
        let encoded = map.encoded()
        #expect(
            hexString(encoded) == "a8" + "0a07" + "186406" + "2005" + "617a04" + "62616103" + "81186402" + "812001"
                + "f400")
    }

    @Test("encodes equal values to equal bytes whatever the order of map entries")
    func equalValuesEncodeEqually() throws {
        let one: CBOR = ["b": [1, 2], "a": ["y": 1, "x": 2], 3: h("0102")]
        let other: CBOR = [3: h("0102"), "a": ["x": 2, "y": 1], "b": [1, 2]]
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(one.encoded() == other.encoded())
        #expect(try CBORDecoder.decodeValue(one.encoded()) == one)
    }

    @Test("writes strings, tags and simple values with definite lengths")
    func stringsTagsAndSimpleValues() {
        #expect(hexString(CBOR.byteString([UInt8](repeating: 0, count: 24)).encoded()).hasPrefix("5818"))
        #expect(hexString(CBOR.textString(String(repeating: "x", count: 256)).encoded()).hasPrefix("790100"))
        #expect(hexString(CBOR.tagged(1_000_000, .null).encoded()) == "da000f4240f6")
        #expect(hexString(CBOR.simple(0).encoded()) == "e0")
        #expect(hexString(CBOR.simple(19).encoded()) == "f3")
        #expect(hexString(CBOR.simple(32).encoded()) == "f820")
        #expect(hexString(CBOR.simple(20).encoded()) == "f4")
        #expect(CBOR.simple(21) == .boolean(true))
        #expect(CBOR.simple(22) == .null)
        #expect(CBOR.bignum([0, 0, 1, 0]) == .tagged(2, .byteString([1, 0])))
        #expect(CBOR.bignum([1], negative: true).bignumValue?.isNegative == true)
    }

    @Test("compares data-model values: text by UTF-8 bytes, NaN equal to NaN, -0.0 apart from 0.0")
    func dataModelEquality() {
        #expect(CBOR.textString("\u{e9}") != CBOR.textString("e\u{301}"))
        #expect(CBOR.float(.nan) == CBOR.float(-.nan))
        #expect(CBOR.float(0.0) != CBOR.float(-0.0))
        #expect(CBOR.unsigned(1) != CBOR.float(1.0))
        #expect(Set<CBOR>(["a", "a", 1, 1.0, .int(1)]).count == 3)
        let map: CBOR = ["a": 1, 2: "b"]
        #expect(map["a"] == 1)
        #expect(map[2] == "b")
        #expect(map["c"] == nil)
        #expect(CBOR.int(-5).int64Value == -5)
        #expect(CBOR.negative(UInt64.max).int64Value == nil)
        #expect(CBOR("x").textValue == "x")
    }

    @Test("describes values in diagnostic notation")
    func diagnosticNotation() {
        let value: CBOR = ["a": [1, -2, 1.5], "b": .byteString([0xff, 0x01]), "c": .tagged(0, "x\n")]
        #expect(value.description == #"{"a": [1, -2, 1.5], "b": h'ff01', "c": 0("x\n")}"#)
        #expect(CBOR.negative(UInt64.max).description == "-18446744073709551616")
        #expect(CBOR.simple(99).description == "simple(99)")
    }
}

private func h(_ text: String) -> CBOR { .byteString(hex(text)) }
