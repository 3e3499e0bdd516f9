import COSE
import Foundation
import JOSE
import Testing
import TrustLists
import X509

/// The published examples and test vectors of draft-ietf-oauth-status-list, checked by their facts: the statuses the
/// draft says are at given indices, the claims its example tokens carry, and their signatures under the draft's
/// example key (`src/util.py` of the draft's repository: P-256, kid "12").
@Suite("Status lists: the draft's examples and test vectors")
struct StatusListDraftVectorTests {
    /// The draft's example key (x and y of its JWK), as base64 SubjectPublicKeyInfo DER.
    static let exampleKeySPKI =
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEI3HWm/0Ds1dPMI+IWmf4mBmH+YaeAVbPVu7vB27CxXro393kSWP1uzWG2BXeiQkoh1scSmSB"
        + "OYCW5gol6bOfUw=="

    /// §5.1 / §8.2: the example Status List Token in JWT format.
    static let exampleJWT =
        "eyJhbGciOiJFUzI1NiIsImtpZCI6IjEyIiwidHlwIjoic3RhdHVzbGlzdCtqd3QifQ.eyJleHAiOjIyOTE3MjAxNzAsImlhdCI6MTY4Njky"
        + "MDE3MCwiaXNzIjoiaHR0cHM6Ly9leGFtcGxlLmNvbSIsInN0YXR1c19saXN0Ijp7ImJpdHMiOjEsImxzdCI6ImVOcmJ1UmdBQWhjQlhR"
        + "In0sInN1YiI6Imh0dHBzOi8vZXhhbXBsZS5jb20vc3RhdHVzbGlzdHMvMSIsInR0bCI6NDMyMDB9.2lKUUNG503R9htu4aHAYi7vjmr3sg"
        + "ApbfoDvPrl65N3URUO1EYqqQl45Jfzd-Av4QzlKa3oVALpLwOEUOq-U_g"

    /// §5.2: the example Status List Token in CWT format (hex).
    static let exampleCWT =
        "d2845820a2012610781a6170706c69636174696f6e2f7374617475736c6973742b637774a1044231325850a502782168747470733a"
        + "2f2f6578616d706c652e636f6d2f7374617475736c697374732f31061a648c5bea041a8898dfea19fffe19a8c019fffda264626974"
        + "7301636c73744a78dadbb918000217015d584093fa4d01032b18c35e2fe1101b77fd6cc9440022caa4694450c4e4e9feab4e99d1fa6d"
        + "9772ce2bf3a12e0323ded7c982c5e101a5e67f0cbc1e2b6f57ce99c279"

    /// §4.1: the statuses of the 16-entry 1-bit example, index 0 first.
    static let example1Bit = [1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1]
    /// §4.1: the statuses of the 12-entry 2-bit example, index 0 first.
    static let example2Bit = [1, 2, 0, 3, 0, 1, 0, 1, 1, 2, 3, 3]

    func exampleKey() throws -> PublicKey {
        try PublicKey(subjectPublicKeyInfo: Array(try #require(Data(base64Encoded: Self.exampleKeySPKI))))
    }

    @Test(
        "Appendix C: every listed status is at its index, every other index of the 2^20 is VALID",
        arguments: [
            DraftStatusListVectors.bits1, DraftStatusListVectors.bits2, DraftStatusListVectors.bits4,
            DraftStatusListVectors.bits8,
        ])
    func appendixC(vector: DraftStatusListVector) throws {
        let bits = try #require(StatusListBits(rawValue: vector.bits))
        let compressed = try Base64URL.decode(vector.lst)
        let list = try CompressedStatusList(bits: bits, compressed: compressed).inflate()
        #expect(list.count == DraftStatusListVectors.count, "\(vector.section)")
        for (index, value) in vector.facts {
            #expect(
                list.lookup(UInt64(index)) == .status(StatusType(rawValue: UInt8(value))), "\(vector.section) \(index)")
        }
        var nonValid = 0
        for index in 0..<list.count where !list.status(at: index).isValid { nonValid += 1 }
        #expect(nonValid == vector.facts.values.filter { $0 != 0 }.count, "\(vector.section)")
        #expect(
            list.lookup(UInt64(DraftStatusListVectors.count))
                == .indexOutOfRange(index: UInt64(DraftStatusListVectors.count), count: DraftStatusListVectors.count))
        if let hex = vector.cborHex {
            let node = try CBORDecoder().decode(try #require(bytes(fromHex: hex)))
            let cbor = try CompressedStatusList(cborNode: node)
            #expect(cbor.bits == bits)
            #expect(try cbor.inflate() == list, "\(vector.section): the CBOR encoding holds the same list")
        }
    }

    @Test("§4.1 and §4.2: the 16-entry 1-bit and 12-entry 2-bit examples, from JSON and CBOR")
    func section4Examples() throws {
        let oneBit = try CompressedStatusList(jsonValue: ["bits": 1, "lst": "eNrbuRgAAhcBXQ"]).inflate()
        #expect(oneBit.bytes == [0xB9, 0xA3])
        #expect((0..<16).map { oneBit.status(at: $0).rawValue } == Self.example1Bit.map(UInt8.init))
        let twoBit = try CompressedStatusList(jsonValue: ["bits": 2, "lst": "eNo76fITAAPfAgc"]).inflate()
        #expect(twoBit.bytes == [0xC9, 0x44, 0xF9])
        #expect((0..<12).map { twoBit.status(at: $0).rawValue } == Self.example2Bit.map(UInt8.init))
        #expect(twoBit.lookup(1) == .status(.suspended))
        let node = try CBORDecoder().decode(
            try #require(bytes(fromHex: "a2646269747301636c73744a78dadbb918000217015d")))
        #expect(try CompressedStatusList(cborNode: node).inflate() == oneBit)
    }

    @Test("§5.1: the example JWT decodes to its claims and its signature verifies under the example key")
    func exampleJWT() throws {
        let token = try StatusListToken(bytes: Array(Self.exampleJWT.utf8))
        #expect(token.format == .jwt)
        #expect(token.algorithm == .es256)
        #expect(token.type == "statuslist+jwt")
        #expect(token.subject == "https://example.com/statuslists/1")
        #expect(token.issuer == "https://example.com")
        #expect(token.issuedAt == Date(timeIntervalSince1970: 1_686_920_170))
        #expect(token.expires == Date(timeIntervalSince1970: 2_291_720_170))
        #expect(token.timeToLive == 43200)
        #expect(token.certificates.isEmpty)
        let list = try token.statusList.inflate()
        #expect((0..<16).map { list.status(at: $0).rawValue } == Self.example1Bit.map(UInt8.init))
        try token.verifySignature(with: exampleKey())
    }

    @Test("§5.2: the example CWT decodes to its claims and its signature verifies under the example key")
    func exampleCWT() throws {
        let token = try StatusListToken(bytes: try #require(bytes(fromHex: Self.exampleCWT)))
        #expect(token.format == .cwt)
        #expect(token.algorithm == .es256)
        #expect(token.type == "application/statuslist+cwt")
        #expect(token.subject == "https://example.com/statuslists/1")
        #expect(token.issuedAt == Date(timeIntervalSince1970: 1_686_920_170))
        #expect(token.expires == Date(timeIntervalSince1970: 2_291_720_170))
        #expect(token.timeToLive == 43200)
        #expect(token.warnings.isEmpty, "tagged 18, as §5.2 requires")
        let list = try token.statusList.inflate()
        #expect((0..<16).map { list.status(at: $0).rawValue } == Self.example1Bit.map(UInt8.init))
        try token.verifySignature(with: exampleKey())
    }

    @Test("a changed byte of the example tokens' signed content fails their signatures")
    func exampleSignaturesAreChecked() throws {
        var jwt = Array(Self.exampleJWT.utf8)
        // The payload's first character after `eyJ`: another valid base64url character.
        let payloadStart = try #require(jwt.firstIndex(of: UInt8(ascii: "."))) + 4
        jwt[payloadStart] = jwt[payloadStart] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        if let token = try? StatusListToken(bytes: jwt) {
            #expect(throws: TrustListError(.badSignature)) { try token.verifySignature(with: try exampleKey()) }
        }
        var cwt = try #require(bytes(fromHex: Self.exampleCWT))
        // The last byte of the lst inside the payload (0x5d), before the 64-byte signature and its 2-byte head.
        let lstEnd = cwt.count - 64 - 2 - 1
        #expect(cwt[lstEnd] == 0x5D)
        cwt[lstEnd] ^= 0x01
        let token = try StatusListToken(bytes: cwt)
        #expect(throws: TrustListError(.badSignature)) { try token.verifySignature(with: try exampleKey()) }
    }
}
