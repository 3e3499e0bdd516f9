import Testing
import X509

/// SHA-256 of a prefix and of the whole message in one pass, and of a message given in two parts, against the FIPS 180-4 examples (NIST's SHA-256
/// example values: "abc", the 448-bit message, the empty message).
@Suite("Digest: prefix and whole in one pass, two parts as one message")
struct DigestTests {
    static let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    static let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    static let message448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    static let digest448 = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"

    @Test("the prefix's digest and the whole's are those of the two messages hashed apart")
    func prefixAndWhole() {
        let abc = Digest.sha256.hash(Array("abc".utf8), prefix: 0)
        #expect(hexString(abc.prefix) == Self.empty)
        #expect(hexString(abc.whole) == Self.abc)
        let both = Digest.sha256.hash(Array((Self.message448 + "abc").utf8), prefix: Self.message448.utf8.count)
        #expect(hexString(both.prefix) == Self.digest448)
        #expect(hexString(both.whole) == hexString(Digest.sha256.hash(Array((Self.message448 + "abc").utf8))))
        let clamped = Digest.sha256.hash(Array("abc".utf8), prefix: 10)
        #expect(hexString(clamped.prefix) == Self.abc && hexString(clamped.whole) == Self.abc)
    }

    @Test("a message hashed in two parts has the digest of the whole")
    func twoParts() {
        #expect(hexString(Digest.sha256.hash(Array("ab".utf8), then: Array("c".utf8)[...])) == Self.abc)
        #expect(hexString(Digest.sha256.hash([UInt8](), then: [UInt8]())) == Self.empty)
        let message = Array(Self.message448.utf8)
        #expect(hexString(Digest.sha256.hash(Array(message[..<7]), then: message[7...])) == Self.digest448)
    }
}
