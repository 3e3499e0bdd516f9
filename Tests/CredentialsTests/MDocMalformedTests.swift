import COSE
import Credentials
import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// Bad mdoc input (docs/architecture.md, Credentials): truncated, wrong types, tag 24 missing or over junk, duplicate
/// map keys, huge digest maps, long chains. Each is a not-trusted answer with a clear reason, in bounded time, never a
/// crash and never an exception out of the decision.
@Suite("mdoc: bad input is refused with a clear reason")
struct MDocMalformedTests {
    /// An mDL issued by the world's document signer with ``MDocIssuer`` (two elements).
    static func issued(_ world: CredentialWorld) throws -> IssuedMDoc {
        try MDocIssuer.issue(
            docType: CredentialWorld.mDL,
            elements: [
                .init("org.iso.18013.5.1", "family_name", "Mustermann"),
                .init("org.iso.18013.5.1", "issuing_country", "US"),
            ], deviceKey: try PrivateKey.generate(.ecP256).publicKey, signerKey: world.documentSigner.key,
            signerChain: world.documentSignerChain, signed: world.now - 3600, validUntil: world.now + TestPKI.day)
    }

    static func decide(_ bytes: [UInt8], _ world: CredentialWorld) -> CredentialDecision {
        MDocVerifier.decide(cborEncoded: bytes, trust: world.trust, at: world.now)
    }

    /// A COSE_Sign1 by the document signer over any MSO map.
    static func issuerAuth(_ world: CredentialWorld, mso: CBOR, chain: [Certificate]? = nil) throws -> CBOR {
        let payload = CBOR.tagged(24, .byteString(mso.encoded())).encoded()
        return try CBORDecoder.decodeValue(
            try COSESign1.sign(
                payload: payload, key: world.documentSigner.key,
                unprotectedHeader: [ListSimulator.x5chainHeader(chain ?? world.documentSignerChain)]))
    }

    @Test("the Swift-issued mdoc is trusted (the baseline of this suite)")
    func baseline() throws {
        let world = try CredentialWorld()
        let decision = Self.decide(try Self.issued(world).document().encoded(), world)
        #expect(decision.trusted, "\(decision.message)")
    }

    @Test("every proper prefix of the Annex D DeviceResponse is malformed_mdoc")
    func truncated() throws {
        let world = try CredentialWorld()
        let bytes = AnnexD.deviceResponse
        for length in 0..<bytes.count {
            let decision = Self.decide(Array(bytes.prefix(length)), world)
            guard decision.reason == .malformedMDoc, decision.documents.isEmpty else {
                Issue.record(
                    "prefix of \(length) bytes: \(decision.reason?.rawValue ?? "trusted"): \(decision.message)")
                return
            }
        }
    }

    @Test(
        "wrong shapes are malformed_mdoc and the message names the path",
        arguments: [
            (CBOR.array([]), "(top level)"),
            (["version": "1.0", "documents": .map([]), "status": 0], "documents"),
            (["version": "1.0", "documents": .array([.textString("x")]), "status": 0], "documents[0]"),
            (["docType": 7, "issuerSigned": .map([])], "docType"),
            (
                ["docType": "a", "issuerSigned": ["issuerAuth": .array([])], "deviceSigned": ["nameSpaces": 1]],
                "deviceSigned.nameSpaces"
            ),
            (["issuerSigned": .map([]), "docType": "a"], "issuerSigned.issuerAuth"),
            (
                ["docType": "a", "issuerSigned": ["issuerAuth": .null, "nameSpaces": ["ns": .array([.map([])])]]],
                "issuerSigned.nameSpaces.ns[0]"
            ),
            (
                [
                    "docType": "a",
                    "issuerSigned": [
                        "issuerAuth": .null,
                        "nameSpaces": [
                            "ns": .array([
                                .tagged(24, .byteString([0xff, 0x00]))
                            ])
                        ],
                    ],
                ], "issuerSigned.nameSpaces.ns[0] (tag 24 content)"
            ),
            (
                ["docType": "a", "issuerSigned": ["issuerAuth": .null, "nameSpaces": ["ns": .array([])]]],
                "issuerSigned.nameSpaces.ns"
            ),
        ] as [(CBOR, String)])
    func wrongShapes(value: CBOR, path: String) throws {
        let world = try CredentialWorld()
        let decision = Self.decide(value.encoded(), world)
        let reason = decision.documents.first?.reason ?? decision.reason
        let message = decision.documents.first?.message ?? decision.message
        #expect(reason == .malformedMDoc, "\(message)")
        #expect(message.contains(path), "\(message)")
        #expect(!decision.trusted)
    }

    @Test("a duplicate map key is malformed_mdoc")
    func duplicateKey() throws {
        let world = try CredentialWorld()
        // {"docType": "a", "docType": "b"}: the encoder writes both entries as given.
        let bytes = CBOR.map([.init(key: "docType", value: "a"), .init(key: "docType", value: "b")]).encoded()
        let decision = Self.decide(bytes, world)
        #expect(decision.reason == .malformedMDoc)
        #expect(decision.message.contains("found key \"docType\" twice"), "\(decision.message)")
    }

    @Test("issuerAuth that is not a COSE_Sign1, has no x5chain, or a detached payload: issuer_auth_invalid")
    func issuerAuthShapes() throws {
        let world = try CredentialWorld()
        let mdoc = try Self.issued(world)
        let withoutChain = try CBORDecoder.decodeValue(
            try COSESign1.sign(payload: [0xa0], key: world.documentSigner.key))
        let detached = try CBORDecoder.decodeValue(
            try COSESign1.sign(
                payload: [0xa0], key: world.documentSigner.key,
                unprotectedHeader: [ListSimulator.x5chainHeader(world.documentSignerChain)], detached: true))
        for issuerAuth in [CBOR.map([]), withoutChain, detached, .array([.byteString([]), .map([]), .null])] {
            let document = CBOR.map([
                .init(key: "docType", value: .textString(mdoc.docType)),
                .init(key: "issuerSigned", value: .map([.init(key: "issuerAuth", value: issuerAuth)])),
            ])
            let decision = Self.decide(document.encoded(), world)
            #expect(decision.reason == .issuerAuthInvalid, "\(decision.message)")
        }
    }

    @Test("a chain of 20 certificates is limits_exceeded before any certificate is parsed")
    func longChain() throws {
        let world = try CredentialWorld()
        let chain = Array(repeating: world.documentSigner.certificate, count: 20)
        let issuerAuth = try Self.issuerAuth(world, mso: .map([]), chain: chain)
        let document = CBOR.map([
            .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
            .init(key: "issuerSigned", value: .map([.init(key: "issuerAuth", value: issuerAuth)])),
        ])
        let decision = Self.decide(document.encoded(), world)
        #expect(decision.reason == .limitsExceeded, "\(decision.message)")
        #expect(decision.message.contains("20 certificates"))
    }

    @Test("a signed MSO with a huge digest map is limits_exceeded; one with a short digest is malformed_mdoc")
    func digestMaps() throws {
        let world = try CredentialWorld()
        func mso(_ digests: [CBOR.MapEntry]) throws -> CBOR {
            .map([
                .init(key: "version", value: "1.0"), .init(key: "digestAlgorithm", value: "SHA-256"),
                .init(key: "valueDigests", value: .map([.init(key: "org.iso.18013.5.1", value: .map(digests))])),
                .init(
                    key: "deviceKeyInfo",
                    value: .map([
                        .init(key: "deviceKey", value: try MDocIssuer.coseKey(world.documentSigner.key.publicKey))
                    ])),
                .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
                .init(
                    key: "validityInfo",
                    value: .map([
                        .init(key: "signed", value: CBOR.date(world.now)),
                        .init(key: "validFrom", value: CBOR.date(world.now)),
                        .init(key: "validUntil", value: CBOR.date(world.now + 60)),
                    ])),
            ])
        }
        let huge = (0..<5_000).map {
            CBOR.MapEntry(key: .unsigned(UInt64($0)), value: .byteString([UInt8](repeating: 1, count: 32)))
        }
        let short = [CBOR.MapEntry(key: 0, value: .byteString([1, 2, 3]))]
        for (digests, reason) in [(huge, ReasonCode.limitsExceeded), (short, .malformedMDoc)] {
            let document = CBOR.map([
                .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
                .init(
                    key: "issuerSigned",
                    value: .map([.init(key: "issuerAuth", value: try Self.issuerAuth(world, mso: try mso(digests)))])),
            ])
            let decision = Self.decide(document.encoded(), world)
            #expect(decision.reason == reason, "\(decision.message)")
        }
    }

    @Test(
        "MobileSecurityObjectBytes without tag 24, or tag 24 over junk, is malformed_mdoc after the signature verified",
        arguments: ["untagged", "junk", "text", "trailing"])
    func msoBytesShape(variant: String) throws {
        // ISO/IEC 18013-5 §9.1.2.4: MobileSecurityObjectBytes = #6.24(bstr .cbor MobileSecurityObject); the signature
        // is over whatever payload was sent, so steps 1 to 3 pass and step 4 refuses it.
        let world = try CredentialWorld()
        let mso = CBOR.map([
            .init(key: "version", value: "1.0"), .init(key: "digestAlgorithm", value: "SHA-256"),
            .init(key: "valueDigests", value: .map([.init(key: "org.iso.18013.5.1", value: .map([]))])),
            .init(
                key: "deviceKeyInfo",
                value: .map([
                    .init(key: "deviceKey", value: try MDocIssuer.coseKey(world.documentSigner.key.publicKey))
                ])),
            .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
            .init(
                key: "validityInfo",
                value: .map([
                    .init(key: "signed", value: CBOR.date(world.now)),
                    .init(key: "validFrom", value: CBOR.date(world.now)),
                    .init(key: "validUntil", value: CBOR.date(world.now + 60)),
                ])),
        ]).encoded()
        let payload: [UInt8] =
            switch variant {
            case "untagged": mso
            case "junk": CBOR.tagged(24, .byteString([0xff, 0x00])).encoded()
            case "text": CBOR.tagged(24, .textString("not cbor")).encoded()
            default: CBOR.tagged(24, .byteString(mso + [0x00])).encoded()
            }
        let issuerAuth = try CBORDecoder.decodeValue(
            try COSESign1.sign(
                payload: payload, key: world.documentSigner.key,
                unprotectedHeader: [ListSimulator.x5chainHeader(world.documentSignerChain)]))
        let document = CBOR.map([
            .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
            .init(key: "issuerSigned", value: .map([.init(key: "issuerAuth", value: issuerAuth)])),
        ])
        let decision = Self.decide(document.encoded(), world)
        #expect(decision.reason == .malformedMDoc, "\(variant): \(decision.message)")
        #expect(decision.message.contains("issuerAuth.payload"), "\(variant): \(decision.message)")
        // The issuer signature verified (step 3), so device authentication is reported: no deviceSigned, absent.
        #expect(decision.documents.first?.deviceAuth == .absent)
        #expect(decision.documents.first?.elements.isEmpty == true)
    }

    @Test("seventeen documents are limits_exceeded; no documents at all is no_documents with the status")
    func documentCounts() throws {
        let world = try CredentialWorld()
        let document = try Self.issued(world).document()
        let many = MDocIssuer.deviceResponse(documents: Array(repeating: document, count: 17))
        #expect(Self.decide(many, world).reason == .limitsExceeded)
        let none = CBOR.map([
            .init(key: "version", value: "1.0"), .init(key: "status", value: 10),
            .init(
                key: "documentErrors", value: .array([.map([.init(key: "org.iso.18013.5.1.mDL", value: 0)])])),
        ]).encoded()
        let decision = Self.decide(none, world)
        #expect(decision.reason == .noDocuments)
        #expect(decision.responseStatus == 10)
        #expect(decision.documentErrors.map(\.docType) == ["org.iso.18013.5.1.mDL"])
    }

    @Test("one document that does not decode is refused alone; the other is still decided")
    func oneBadDocument() throws {
        let world = try CredentialWorld()
        let good = try Self.issued(world).document()
        let response = MDocIssuer.deviceResponse(documents: [.map([.init(key: "docType", value: 1)]), good])
        let decision = Self.decide(response, world)
        #expect(decision.documents.count == 2)
        #expect(decision.documents[0].reason == .malformedMDoc)
        #expect(decision.documents[1].trusted, "\(decision.documents[1].message)")
        #expect(decision.reason == .malformedMDoc)
        #expect(decision.message.hasPrefix("document 1 of 2"))
    }

    @Test("a tampered element of a Swift-issued mdoc is value_digest_mismatch; undisclosed elements are fine")
    func selectiveDisclosure() throws {
        let world = try CredentialWorld()
        let mdoc = try Self.issued(world)
        let partial = Self.decide(mdoc.document(disclosing: ["family_name"]).encoded(), world)
        #expect(partial.trusted)
        #expect(partial.documents.first?.elements.first?.identifiers == ["family_name"])
        let tampered = Self.decide(mdoc.replacing("family_name", with: "Mallory").document().encoded(), world)
        #expect(tampered.reason == .valueDigestMismatch)
    }

    @Test("base64url text of an mdoc is read as the mdoc; text that is not base64url is malformed_mdoc")
    func base64URLForm() throws {
        let world = try CredentialWorld()
        let bytes = try Self.issued(world).document().encoded()
        let text = Array(("  " + Base64URLText.encode(bytes) + "\n").utf8)
        #expect(CredentialVerifier.decide(text, trust: world.trust, at: world.now).trusted)
        let broken = Array("abc=".utf8)
        #expect(CredentialVerifier.decide(broken, trust: world.trust, at: world.now).reason == .malformedMDoc)
    }
}

/// Base64url without padding (RFC 4648 §5), written with Foundation for the tests, not the JOSE module.
enum Base64URLText {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
