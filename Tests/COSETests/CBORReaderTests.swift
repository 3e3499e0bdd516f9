import COSE
import Foundation
import TestSupport
import Testing

/// A model in the shape of a VICAL CertificateInfo, for the reader's tests.
private struct Info: CBORDecodable {
    let docTypes: [String]
    let serialNumber: [UInt8]
    let unknownKeys: [String]

    init(cbor reader: CBORReader) throws {
        let map = try reader.map()
        docTypes = try map.required("docType").array().map { try $0.text() }
        serialNumber = try map.required("serialNumber").biguint()
        unknownKeys = map.keys(notIn: ["docType", "serialNumber"])
    }
}

@Suite("Typed reading with paths")
struct CBORReaderTests {
    static let list: CBOR = [
        "version": "1.0",
        "issueID": 42,
        "certificateInfos": [
            ["docType": ["org.iso.18013.5.1.mDL"], "serialNumber": .bignum([0x00, 0x01, 0x02])],
            ["docType": ["a", "b"], "serialNumber": 258, "Extensions": [:], "isTrustAnchor": true],
            ["docType": ["c"], "serialNumber": .tagged(2, "not bytes")],
            ["docType": [:], "serialNumber": 1, 7: "seven"],
        ],
    ]

    func root() throws -> CBORMapReader {
        try CBORReader(CBORDecoder().decode(Self.list.encoded())).map()
    }

    @Test("reads a model in a few lines")
    func readsModel() throws {
        let list = try root()
        #expect(try list.required("version").text() == "1.0")
        #expect(try list.required("issueID").unsigned() == 42)
        #expect(try list.required("issueID").int() == 42)
        #expect(list.optional("nextUpdate") == nil)
        let infos = try list.required("certificateInfos").array()
        #expect(infos.map(\.path) == (0..<4).map { "certificateInfos[\($0)]" })
        let second = try infos[1].map()
        #expect(try second.required("docType").array().map { try $0.text() } == ["a", "b"])
        #expect(try second.required("isTrustAnchor").bool())
        #expect(second.keys(notIn: ["docType", "serialNumber", "isTrustAnchor"]) == ["Extensions"])
        #expect(try infos[3].map().keys(notIn: ["docType", "serialNumber"]) == ["7"])
        #expect(try infos[3].map().required(7).text() == "seven")
    }

    @Test("decodes nested models through CBORDecodable, keeping the path in errors")
    func decodesModels() throws {
        let infos = try root().required("certificateInfos").array()
        let second: Info = try infos[1].decode()
        #expect(second.docTypes == ["a", "b"])
        #expect(second.serialNumber == [1, 2])
        #expect(second.unknownKeys == ["Extensions", "isTrustAnchor"])
        let error = coseError { try infos.map { try $0.decode(Info.self) } }
        #expect(
            error?.reason
                == "certificateInfos[2].serialNumber: expected byte string in tag 2 (bignum), found text string")
    }

    @Test("names the path, the expected kind and the found kind on a type mismatch")
    func typeMismatchNamesPath() throws {
        let infos = try root().required("certificateInfos").array()
        let error = coseError { try infos[3].map().required("docType").array() }
        #expect(error?.code == .unexpectedType)
        #expect(error?.reason == "certificateInfos[3].docType: expected array, found map")
        let nested = coseError { try infos[1].map().required("docType").array()[1].unsigned() }
        #expect(nested?.reason == "certificateInfos[1].docType[1]: expected unsigned integer, found text string")
        let top = coseError { try CBORReader(CBORDecoder().decode([0x80])).map() }
        #expect(top?.reason == "(top level): expected map, found array")
    }

    @Test("names the path of a missing required key")
    func missingKeyNamesPath() throws {
        let infos = try root().required("certificateInfos").array()
        let error = coseError { try infos[0].map().required("ski") }
        #expect(error?.code == .unexpectedType)
        #expect(error?.reason == "certificateInfos[0].ski: expected a value, found no such key")
        let label = coseError { try infos[0].map().required(-7) }
        #expect(label?.reason == "certificateInfos[0].-7: expected a value, found no such key")
    }

    @Test("reads biguints from tag 2 without leading zeros, and from plain unsigned integers")
    func readsBiguints() throws {
        let infos = try root().required("certificateInfos").array()
        #expect(try infos[0].map().required("serialNumber").biguint() == [0x01, 0x02])
        #expect(try infos[1].map().required("serialNumber").biguint() == [0x01, 0x02])
        let badTag = coseError { try infos[2].map().required("serialNumber").biguint() }
        #expect(
            badTag?.reason
                == "certificateInfos[2].serialNumber: expected byte string in tag 2 (bignum), found text string")
        let zero = try CBORReader(CBORDecoder().decode([0x00])).biguint()
        #expect(zero.isEmpty)
        let node = try CBORDecoder().decode(hex("c2 43 000102"))
        #expect(node.bignumValue.map { Array($0.magnitude) } == [0, 1, 2])
    }

    @Test("reads integer labels, negative ones too, and tagged content")
    func readsLabelsAndTags() throws {
        let header = try CBORReader(CBORDecoder().decode(hex("a3 01 26 20 41 00 18 21 d8 18 41 aa"))).map()
        #expect(try header.required(1).int() == -7)
        #expect(try header.required(-1).bytes() == [0])
        #expect(try header.required(33).tagged(24).bytes() == [0xaa])
        let error = coseError { try header.required(33).tagged(18) }
        #expect(error?.reason == "33: expected tag 18, found tag 24")
        #expect(coseError { try header.required(1).unsigned() }?.code == .unexpectedType)
        let big = try CBORReader(CBORDecoder().decode(hex("1b ffffffffffffffff")))
        #expect(
            coseError { try big.int() }?.reason
                == "(top level): expected integer in the 64-bit signed range, found unsigned integer")
    }
}
