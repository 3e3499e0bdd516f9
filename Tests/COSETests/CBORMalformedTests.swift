import COSE
import TestSupport
import Testing

/// RFC 8949 Appendix F.1, "Examples of CBOR Data Items That Are Not Well-Formed", every example of its list.
let appendixFExamples: [String] = [
    // End of input in a head
    "18", "19", "1a", "1b", "19 01", "1a 01 02", "1b 01 02 03 04 05 06 07", "38", "58", "78", "98",
    "9a 01 ff 00", "b8", "d8", "f8", "f9 00", "fa 00 00", "fb 00 00 00",
    // Definite-length strings with short data
    "41", "61", "5a ff ff ff ff 00", "5b ff ff ff ff ff ff ff ff 01 02 03", "7a ff ff ff ff 00",
    "7b 7f ff ff ff ff ff ff ff 01 02 03",
    // Definite-length maps and arrays not closed with enough items
    "81", "81 81 81 81 81 81 81 81 81", "82 00", "a1", "a2 01 02", "a1 00", "a2 00 00 00",
    // Tag number not followed by tag content
    "c0",
    // Indefinite-length strings not closed by a "break" stop code
    "5f 41 00", "7f 61 00",
    // Indefinite-length maps and arrays not closed by a "break" stop code
    "9f", "9f 01 02", "bf", "bf 01 02 01 02", "81 9f", "9f 80 00", "9f 9f 9f 9f 9f ff ff ff ff",
    "9f 81 9f 81 9f 9f ff ff ff",
    // Subkind 1: reserved additional information values
    "1c", "1d", "1e", "3c", "3d", "3e", "5c", "5d", "5e", "7c", "7d", "7e", "9c", "9d", "9e", "bc", "bd", "be",
    "dc", "dd", "de", "fc", "fd", "fe",
    // Subkind 2: reserved two-byte encodings of simple values
    "f8 00", "f8 01", "f8 18", "f8 1f",
    // Subkind 3: indefinite-length string chunks not of the correct type
    "5f 00 ff", "5f 21 ff", "5f 61 00 ff", "5f 80 ff", "5f a0 ff", "5f c0 00 ff", "5f e0 ff", "7f 41 00 ff",
    // Subkind 3: indefinite-length string chunks not definite length
    "5f 5f 41 00 ff ff", "7f 7f 61 00 ff ff",
    // Subkind 4: break occurring on its own outside of an indefinite-length item
    "ff",
    // Subkind 4: break occurring in a definite-length array or map or a tag
    "81 ff", "82 00 ff", "a1 ff", "a1 ff 00", "a1 00 ff", "a2 00 00 ff", "9f 81 ff", "9f 82 9f 81 9f 9f ff ff ff ff",
    // Subkind 4: break in an indefinite-length map in a value position
    "bf 00 ff", "bf 00 00 00 ff",
    // Subkind 5: major type 0, 1, 6 with additional information 31
    "1f", "3f", "df",
]

@Suite("Malformed CBOR is rejected with malformed_cbor")
struct CBORMalformedTests {
    @Test("rejects every RFC 8949 Appendix F.1 example as malformed_cbor", arguments: appendixFExamples)
    func rejectsAppendixFExample(_ example: String) {
        #expect(throws: COSEError(.malformedCBOR)) { try CBORDecoder().decode(hex(example)) }
    }

    @Test("rejects empty input")
    func rejectsEmptyInput() {
        let error = coseError { try CBORDecoder().decode([UInt8]()) }
        #expect(error?.code == .malformedCBOR)
        #expect(error?.reason.contains("offset 0") == true)
    }

    @Test(
        "rejects bytes after the top item",
        arguments: ["00 00", "a0 ff", "80 80", "6161 61", "c0 00 00"])
    func rejectsTrailingBytes(_ example: String) {
        let error = coseError { try CBORDecoder().decode(hex(example)) }
        #expect(error?.code == .malformedCBOR)
        #expect(error?.reason.contains("end of input") == true)
    }

    @Test(
        "rejects a map with two equal keys, however the key is encoded",
        arguments: [
            "a2 01 00 01 00",  // 1 and 1
            "a2 01 00 18 01 00",  // 1 and 1 with a one-byte argument
            "a2 01 00 1b 0000000000000001 00",  // 1 and 1 with an eight-byte argument
            "a2 6161 00 7f 6161 ff 00",  // "a" and "a" in one chunk
            "a2 42 0102 00 5f 41 01 41 02 ff 00",  // h'0102' and the same bytes in two chunks
            "a2 f9 3c00 00 fb 3ff0000000000000 00",  // 1.0 as a half and as a double
            "a2 82 01 02 00 9f 01 02 ff 00",  // [1, 2] definite and indefinite
            "a2 a2 01 02 03 04 00 a2 03 04 01 02 00",  // {1: 2, 3: 4} in two orders
            "bf 20 00 38 00 00 ff",  // -1 and -1 in an indefinite map
            "a2 f4 00 f4 00",  // false and false
        ])
    func rejectsDuplicateKeys(_ example: String) {
        let error = coseError { try CBORDecoder().decode(hex(example)) }
        #expect(error?.code == .malformedCBOR)
        #expect(error?.reason.contains("twice") == true)
    }

    @Test("rejects a duplicate key in a large map, far from its first occurrence")
    func rejectsDuplicateKeyInLargeMap() {
        var entries = (0..<500).map { CBOR.MapEntry(key: .textString("key\($0)"), value: .unsigned(UInt64($0))) }
        entries.append(CBOR.MapEntry(key: "key17", value: 0))
        let error = coseError { try CBORDecoder().decode(CBOR.map(entries).encoded()) }
        #expect(error?.code == .malformedCBOR)
        #expect(error?.reason.contains("\"key17\"") == true)
    }

    @Test("accepts keys that are different data items though they look alike")
    func acceptsDistinctKeys() throws {
        // 1 and 1.0, 1 and "1", h'61' and "a", -0.0 and 0.0, precomposed and decomposed "é" (different UTF-8).
        let value = try CBORDecoder.decodeValue(
            hex("a7 01 00 f9 3c00 00 6131 00 41 61 00 6161 00 f9 8000 00 f9 0000 00"))
        guard case .map(let entries) = value else {
            Issue.record("expected a map")
            return
        }
        #expect(entries.count == 7)
        let accents = try CBORDecoder.decodeValue(hex("a2 62 c3a9 00 63 65cc81 00"))
        #expect(accents[.textString("\u{e9}")] == 0)
    }

    @Test(
        "rejects invalid UTF-8 in text strings",
        arguments: [
            "61 ff",  // never valid
            "61 80",  // lone continuation byte
            "62 c3 28",  // bad continuation
            "62 c0 af",  // overlong "/"
            "63 ed a0 80",  // UTF-16 surrogate D800
            "64 f4 90 80 80",  // above U+10FFFF
            "63 e6 b0",  // truncated sequence
            "7f 61 c3 61 bc ff",  // a character split across chunks
            "a1 61 ff 00",  // in a map key
        ])
    func rejectsInvalidUTF8(_ example: String) {
        let error = coseError { try CBORDecoder().decode(hex(example)) }
        #expect(error?.code == .malformedCBOR)
    }

    @Test(
        "rejects a break outside an indefinite-length item, or in a definite container or tag",
        arguments: ["ff", "81 ff", "c1 ff", "a1 00 ff", "82 9f ff ff", "bf 61 61 ff"])
    func rejectsMisplacedBreak(_ example: String) {
        let error = coseError { try CBORDecoder().decode(hex(example)) }
        #expect(error?.code == .malformedCBOR)
    }

    @Test("says what it expected, what it found and where")
    func messagesNameExpectationAndOffset() {
        let truncated = coseError { try CBORDecoder().decode(hex("83 01 02 5a 00000010 00")) }
        #expect(truncated?.reason == "byte string at offset 3 declares 16 bytes, found only 1 bytes left in the input")
        let reserved = coseError { try CBORDecoder().decode(hex("82 00 1c")) }
        #expect(reserved?.reason.contains("offset 2") == true)
        #expect(reserved?.reason.contains("reserved value 28") == true)
        let chunk = coseError { try CBORDecoder().decode(hex("5f 41 00 61 00 ff")) }
        #expect(
            chunk?.reason
                == "expected a definite-length byte string chunk at offset 3 in the indefinite-length byte string at "
                + "offset 0, found 0x61 (text string)")
    }
}

@Suite("Truncated input")
struct CBORPrefixTests {
    /// A document with several levels: a map holding arrays, nested maps, tags, a bignum, floats of every width,
    /// indefinite-length items and long arguments.
    static let document: [UInt8] = hex(
        """
        a6
          67 76657273696f6e 63 312e30
          64 64617465 c0 74 323032352d31312d31335431303a30393a31335a
          65 6974656d73 83
            a3 63 736b69 44 01020304  62 7331 c2 49 00ff000000000000ff  62 6e6f f9 3e00
            9f 01 3b 0000000100000000 fa 47c35000 fb 3ff199999999999a ff
            bf 61 78 5f 42 0102 41 03 ff  61 79 7f 62 6869 61 21 ff  ff
          64 6e657374 81 81 81 a1 01 82 f5 f6
          19 1000 1b 00000001 00000000
          38 ff d8 18 45 6449455446
        """)

    @Test("the multi-level test document decodes")
    func documentDecodes() throws {
        let node = try CBORDecoder().decode(Self.document)
        #expect(node.encodedBytes.count == Self.document.count)
        let map = try CBORReader(node).map()
        #expect(try map.required("version").text() == "1.0")
        #expect(try map.required(4096).unsigned() == 4_294_967_296)
    }

    @Test("every proper prefix of a valid multi-level document fails cleanly with malformed_cbor")
    func everyPrefixFails() {
        let decoder = CBORDecoder()
        for length in 0..<Self.document.count {
            let error = coseError { try decoder.decode(Self.document[0..<length]) }
            #expect(error?.code == .malformedCBOR, "prefix of \(length) bytes")
        }
    }

    @Test("every proper prefix of every Appendix A example fails cleanly with malformed_cbor")
    func everyPrefixOfAppendixAFails() {
        for example in appendixAExamples {
            let bytes = hex(example.encoded)
            for length in 0..<bytes.count {
                let error = coseError { try CBORDecoder().decode(bytes[0..<length]) }
                #expect(error?.code == .malformedCBOR, "\(example.encoded) cut to \(length) bytes")
            }
        }
    }

    @Test("decodes a slice with nonzero start indices and keeps those indices in encodedBytes")
    func decodesSliceWithOffsetIndices() throws {
        let padded: [UInt8] = [0xee, 0xee] + hex("82 43 010203 61 61") + [0xee]
        let node = try CBORDecoder().decode(padded[2..<9])
        #expect(node.encodedBytes.startIndex == 2)
        guard case .array(let items) = node.content, case .byteString(let bytes) = items[0].content else {
            Issue.record("expected an array holding a byte string")
            return
        }
        #expect(bytes.startIndex == 4 && Array(bytes) == [1, 2, 3])
        #expect(Array(items[1].encodedBytes) == [0x61, 0x61])
    }
}
