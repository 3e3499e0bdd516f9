import COSE
import Foundation
import JOSE
import Testing
import TrustLists
import X509

/// The status reference a credential carries: an SD-JWT VC's `status.status_list` (draft-ietf-oauth-status-list §6.2)
/// and an mdoc MSO's `status` (§6.3; ISO/IEC 18013-5 second edition), with the draft's published examples.
@Suite("Status lists: the reference a credential carries")
struct CredentialStatusTests {
    /// §6.3: the example Referenced Token in CWT format (hex); its claim 65535 is the `Status` map.
    static let referencedCWT =
        "d28443a10126a1044231325866a502653132333435017368747470733a2f2f6578616d706c652e636f6d061a648c5bea041a8898dfea"
        + "19ffffa16b7374617475735f6c697374a2636964780063757269782168747470733a2f2f6578616d706c652e636f6d2f737461747573"
        + "6c697374732f315840340f7efea10f1a36dc4797636a17b4dd4848b68997d1d10e8cceb3a38ff33b3dda72964a83989f6cf98560c2fc"
        + "97a08bc8977cc6b0f84cfedab93d3e4481e938"

    @Test("§6.2: the example SD-JWT payload's status names index 0 of https://example.com/statuslists/1")
    func sdJWTExample() throws {
        // The payload of §6.2's SD-JWT example, as the draft prints it.
        let payload = """
            {"_sd": ["HvrKX6fPV0v9K_yCVFBiLFHsMaxcD_114Em6VT8x1lg"], "iss": "https://example.com/issuer",
             "iat": 1683000000, "exp": 1883000000, "sub": "6c5c0a49-b589-431d-bae7-219122a9ec2c",
             "status": {"status_list": {"idx": 0, "uri": "https://example.com/statuslists/1"}}, "_sd_alg": "sha-256"}
            """
        let claims = try #require(try JSONValue(jsonEncoded: Array(payload.utf8)).objectValue)
        let status = try #require(try CredentialStatus(jwtClaims: claims))
        #expect(status == .statusList(StatusListReference(index: 0, uri: "https://example.com/statuslists/1")))
        #expect(status.unsupportedReason == nil)
    }

    @Test("§6.3: the example referenced CWT's status (claim 65535) names index 0 of https://example.com/statuslists/1")
    func cwtExample() throws {
        let message = try COSESign1(cborEncoded: try #require(bytes(fromHex: Self.referencedCWT)))
        let payload = try CBORDecoder().decode(try #require(message.payload))
        guard case .map(let entries) = payload.content else {
            Issue.record("the payload is not a map")
            return
        }
        let statusNode = try #require(entries.first { $0.key.value == .int(65535) }?.value)
        let status = try CredentialStatus(msoStatus: statusNode)
        #expect(status.statusListReference == StatusListReference(index: 0, uri: "https://example.com/statuslists/1"))
    }

    @Test("an MSO status with a signer certificate keeps it; identifier_list alone is recognised and unsupported")
    func msoStatus() throws {
        let certificate: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x01]
        let both = CBOR.map([
            .init(
                key: "identifier_list",
                value: .map([
                    .init(key: "id", value: .byteString([0xAB])), .init(key: "uri", value: "https://i.example/ids/1"),
                ])),
            .init(
                key: "status_list",
                value: .map([
                    .init(key: "idx", value: .unsigned(412)), .init(key: "uri", value: "https://i.example/lists/7"),
                    .init(key: "certificate", value: .byteString(certificate)),
                ])),
        ])
        let status = try CredentialStatus(msoStatus: try CBORDecoder().decode(both.encoded()))
        #expect(
            status
                == .statusList(
                    StatusListReference(index: 412, uri: "https://i.example/lists/7", certificate: certificate)))
        #expect(throws: TrustListError(.malformedStatusReference)) {
            try status.statusListReference?.signerCertificate()
        }
        let identifierOnly = CBOR.map([
            .init(
                key: "identifier_list",
                value: .map([
                    .init(key: "id", value: .byteString([0xAB, 0xCD])),
                    .init(key: "uri", value: "https://i.example/ids/1"),
                ]))
        ])
        let identifier = try CredentialStatus(msoStatus: try CBORDecoder().decode(identifierOnly.encoded()))
        #expect(
            identifier
                == .identifierList(IdentifierListReference(identifier: [0xAB, 0xCD], uri: "https://i.example/ids/1")))
        #expect(identifier.unsupportedReason?.code == .statusMechanismUnsupported)
        #expect(identifier.unsupportedReason?.reason.contains("identifier_list") == true)
    }

    @Test("a JWT status with other mechanisms only is unsupported; without status there is none")
    func otherMechanisms() throws {
        #expect(try CredentialStatus(jwtClaims: ["iss": "https://i.example"]) == nil)
        let other = try CredentialStatus(jwtClaims: ["status": ["attestation": ["x": 1]]])
        #expect(other == .unsupported(mechanisms: ["attestation"]))
        #expect(other?.unsupportedReason?.code == .statusMechanismUnsupported)
        let withList = try CredentialStatus(jwtClaims: [
            "status": ["attestation": ["x": 1], "status_list": ["idx": 9_007_199_254_740_992, "uri": "urn:x:1"]]
        ])
        #expect(withList?.statusListReference?.index == 9_007_199_254_740_992)
    }

    @Test(
        "malformed JWT status references are malformed_status_reference",
        arguments: [
            ["status": "revoked"],
            ["status": ["status_list": "https://i.example/1"]],
            ["status": ["status_list": ["uri": "https://i.example/1"]]],
            ["status": ["status_list": ["idx": -1, "uri": "https://i.example/1"]]],
            ["status": ["status_list": ["idx": 1.5, "uri": "https://i.example/1"]]],
            ["status": ["status_list": ["idx": "1", "uri": "https://i.example/1"]]],
            ["status": ["status_list": ["idx": 1e300, "uri": "https://i.example/1"]]],
            ["status": ["status_list": ["idx": 1]]],
            ["status": ["status_list": ["idx": 1, "uri": 7]]],
            ["status": ["status_list": ["idx": 1, "uri": "statuslists/1"]]],
            ["status": ["status_list": ["idx": 1, "uri": ""]]],
            ["status": ["status_list": ["idx": 1, "uri": "https:"]]],
        ] as [[String: JSONValue]])
    func malformedJWT(claims: [String: JSONValue]) {
        #expect(throws: TrustListError(.malformedStatusReference), "\(claims)") {
            try CredentialStatus(jwtClaims: claims)
        }
    }

    @Test(
        "malformed MSO status references are malformed_status_reference",
        arguments: [
            CBOR.array([]),
            CBOR.map([.init(key: "status_list", value: "https://i.example/1")]),
            CBOR.map([.init(key: "status_list", value: .map([.init(key: "uri", value: "https://i.example/1")]))]),
            CBOR.map([
                .init(
                    key: "status_list",
                    value: .map([
                        .init(key: "idx", value: .int(-1)), .init(key: "uri", value: "https://i.example/1"),
                    ]))
            ]),
            CBOR.map([
                .init(
                    key: "status_list",
                    value: .map([
                        .init(key: "idx", value: "1"), .init(key: "uri", value: "https://i.example/1"),
                    ]))
            ]),
            CBOR.map([
                .init(
                    key: "status_list",
                    value: .map([
                        .init(key: "idx", value: .unsigned(1)), .init(key: "uri", value: .byteString([1])),
                    ]))
            ]),
            CBOR.map([
                .init(
                    key: "status_list",
                    value: .map([
                        .init(key: "idx", value: .unsigned(1)), .init(key: "uri", value: "https://i.example/1"),
                        .init(key: "certificate", value: "MIIB"),
                    ]))
            ]),
            CBOR.map([
                .init(key: "identifier_list", value: .map([.init(key: "uri", value: "https://i.example/1")]))
            ]),
        ])
    func malformedMSO(status: CBOR) throws {
        let node = try CBORDecoder().decode(status.encoded())
        #expect(throws: TrustListError(.malformedStatusReference), "\(status)") {
            try CredentialStatus(msoStatus: node)
        }
    }
}
