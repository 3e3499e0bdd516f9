import COSE
import TestSupport
import Testing
import X509

@Suite("Encoding with embedded items (CBOREncoder.Item)")
struct CBOREncoderEmbeddingTests {
    @Test("an embedded node is written byte for byte, even when not in preferred serialization")
    func embedsVerbatim() throws {
        // [1, 2] with the array head in its one-byte-argument form (98 02) and 1 as 18 01: well-formed, not shortest.
        let received: [UInt8] = [0x98, 0x02, 0x18, 0x01, 0x02]
        let node = try CBORDecoder().decode(received)
        let encoded = CBOREncoder().encode(.array([.value("x"), .embedded(node)]))
        #expect(hexString(encoded) == "82" + "6178" + "9802180102")
        // Its data-model value re-encoded would differ: that is why the node is embedded.
        #expect(hexString(node.value.encoded()) == "820102")
    }

    @Test("an embedded nested node keeps its own bytes, tag head included")
    func embedsNestedNode() throws {
        let node = try CBORDecoder().decode(hex("a1 61 61 d8 18 43 a1 00 f6"))  // {"a": 24(h'a100f6')}
        guard case .map(let entries) = node.content else {
            Issue.record("expected a map")
            return
        }
        let encoded = CBOREncoder().encode(.embedded(entries[0].value))
        #expect(hexString(encoded) == "d81843a100f6")
    }

    @Test("cborInByteString wraps an item's encoding in a byte string, tag 24 over it is encoded CBOR")
    func wrapsInByteString() throws {
        let encoded = CBOREncoder().encode(.tagged(24, .cborInByteString(.array([.value(1), .value(.null)]))))
        #expect(hexString(encoded) == "d818" + "43" + "8201f6")
        // The same as building the value from its encoding.
        let value = CBOR.tagged(24, .byteString(CBOR.array([1, .null]).encoded()))
        #expect(encoded == value.encoded())
    }

    @Test("values are encoded deterministically, as by encode(_: CBOR)")
    func valuesAreDeterministic() {
        let value: CBOR = ["z": 1, "a": [true, 1.5]]
        #expect(CBOREncoder().encode(.value(value)) == value.encoded())
        #expect(CBOREncoder().encode(CBOREncoder.Item.array([])) == [0x80])
    }
}
