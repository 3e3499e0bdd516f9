import Testing
import X509

/// Hexadecimal text against RFC 4648 §10's BASE16 test vectors (written there in upper case; ours is lower case):
/// contiguous bytes, a slice and a sequence without contiguous storage give the same text, and the text reads back.
@Suite("hexString: RFC 4648 §10 BASE16 vectors")
struct HexTextTests {
    static let vectors = [
        ("", ""), ("f", "66"), ("fo", "666F"), ("foo", "666F6F"), ("foob", "666F6F62"), ("fooba", "666F6F6261"),
        ("foobar", "666F6F626172"),
    ]

    @Test("each vector, from an array, a slice and a lazy sequence, and back")
    func vectors() {
        for (text, base16) in Self.vectors {
            let bytes = Array(text.utf8)
            let expected = base16.lowercased()
            #expect(hexString(bytes) == expected)
            #expect(hexString(([0xff] + bytes)[1...]) == expected)
            #expect(hexString(bytes.lazy.map { $0 }) == expected)
            #expect(X509.bytes(fromHex: base16) == bytes)
        }
        #expect(hexString([0x00, 0x0f, 0xf0, 0xff]) == "000ff0ff")
    }
}
