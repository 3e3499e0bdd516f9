import COSE
import Foundation
import Presentation
import TestSupport
import Testing
import X509

/// Reader authentication (ISO/IEC 18013-5 §9.1.4) against Annex D, tampering, and the header rules.
@Suite("ReaderAuthentication")
struct ReaderAuthenticationTests {
    static func annexDTranscript() throws -> SessionTranscript {
        try SessionTranscript(cborEncoded: AnnexD.sessionTranscriptBytes)
    }

    @Test("Annex D's readerAuth verifies and exposes the reader certificate as the leaf")
    func annexDVerifies() throws {
        let request = try DeviceRequest(cborEncoded: AnnexD.deviceRequest)
        let report = request.verifyReaderAuthentication(sessionTranscript: try Self.annexDTranscript())
        #expect(report.warnings.isEmpty)
        #expect(report.readerAuthAll.isEmpty)
        let document = try #require(report.documents.first)
        #expect(document.docType == "org.iso.18013.5.1.mDL")
        #expect(document.nameSpaces.first?.elements.count == AnnexD.requestedElements.count)
        guard case .signatureVerified(let chain) = document.readerAuthentication else {
            Issue.record("expected signatureVerified, got \(document.readerAuthentication)")
            return
        }
        #expect(chain.count == 1)
        let leaf = try #require(document.readerAuthentication.leaf)
        #expect(leaf.derEncoded == AnnexD.readerCertificate)
        #expect(leaf.sha256Hex == AnnexD.readerCertificateSHA256)
        #expect(leaf.subject.commonName == "reader")
        #expect(leaf.issuer.commonName == "reader root")
        #expect(leaf.notBefore == Date(timeIntervalSince1970: AnnexD.readerNotBefore))
        #expect(leaf.notAfter == Date(timeIntervalSince1970: AnnexD.readerNotAfter))
        #expect(leaf.hasExtendedKeyUsage(SignedRequests.readerEKU))
    }

    @Test("Annex D's readerAuth verifies with the bare SessionTranscript too")
    func annexDVerifiesWithBareTranscript() throws {
        let request = try DeviceRequest(cborEncoded: AnnexD.deviceRequest)
        let bare = try SessionTranscript(cborEncoded: SessionTranscriptTests.bareAnnexD)
        let report = request.verifyReaderAuthentication(sessionTranscript: bare)
        #expect(report.documents.first?.readerAuthentication.leaf?.sha256Hex == AnnexD.readerCertificateSHA256)
    }

    @Test("ReaderAuthenticationBytes for Annex D are the bytes cbor2 builds")
    func annexDReaderAuthenticationBytes() throws {
        let request = try DeviceRequest(cborEncoded: AnnexD.deviceRequest)
        let docRequest = try #require(request.docRequests.first)
        let bytes = ReaderAuthentication.bytes(for: docRequest, sessionTranscript: try Self.annexDTranscript())
        #expect(bytes.count == 755)
        #expect(hexString(Digest.sha256.hash(bytes)) == AnnexD.readerAuthenticationBytesSHA256)
        let published = try SignedRequests.readerAuthenticationBytes(
            items: AnnexD.itemsRequest, transcript: try Self.annexDTranscript())
        #expect(bytes == published)
    }

    @Test("a flipped byte in the SessionTranscript is bad_signature")
    func flippedTranscript() throws {
        var transcript = AnnexD.sessionTranscriptBytes
        transcript[transcript.count - 1] ^= 0x01  // inside the NFC handover's byte string: still well-formed
        let request = try DeviceRequest(cborEncoded: AnnexD.deviceRequest)
        let report = request.verifyReaderAuthentication(
            sessionTranscript: try SessionTranscript(cborEncoded: transcript))
        #expect(report.documents.first?.readerAuthentication.failureCode == .badSignature)
        #expect(report.documents.first?.readerAuthentication.leaf == nil)
    }

    @Test("a flipped byte in the ItemsRequest is bad_signature")
    func flippedItemsRequest() throws {
        // Annex D asks not to retain the portrait ("portrait": false, f4); the tampered request says true (f5).
        var bytes = AnnexD.deviceRequest
        let portrait = Array("portrait".utf8)
        let start = try #require(
            bytes.indices.first { bytes[$0...].starts(with: portrait) }, "Annex D requests the portrait")
        let intent = start + portrait.count
        #expect(bytes[intent] == 0xf4)
        bytes[intent] = 0xf5
        let request = try DeviceRequest(cborEncoded: bytes)
        #expect(request.docRequests.first?.itemsRequest.nameSpaces.first?.elements.last?.intentToRetain == true)
        let report = request.verifyReaderAuthentication(sessionTranscript: try Self.annexDTranscript())
        guard case .failed(let code, let message) = report.documents.first?.readerAuthentication else {
            Issue.record("expected failed")
            return
        }
        #expect(code == .badSignature)
        #expect(message.hasPrefix("docRequests[0].readerAuth: "))
    }

    @Test("a request without readerAuth is notAuthenticated")
    func withoutReaderAuth() throws {
        let bytes = CBOR.map([
            .init(key: "version", value: "1.0"),
            .init(
                key: "docRequests",
                value: [.map([.init(key: "itemsRequest", value: .tagged(24, .byteString(AnnexD.itemsRequest)))])]),
        ]).encoded()
        let request = try DeviceRequest(cborEncoded: bytes)
        let report = request.verifyReaderAuthentication(sessionTranscript: try Self.annexDTranscript())
        #expect(report.documents.first?.readerAuthentication == .notAuthenticated)
        #expect(report.documents.first?.readerAuthentication.chain == [])
    }

    @Test("a request signed in the test with a two-certificate chain verifies, leaf first")
    func signedChainVerifies() throws {
        let pki = try SignedRequests.readerPKI()
        let transcript = try Self.annexDTranscript()
        let bytes = try SignedRequests.deviceRequest(
            transcript: transcript, signer: pki.leaf.key, chain: [pki.leaf.certificate, pki.root.certificate])
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.documents.first?.readerAuthentication.chain == [pki.leaf.certificate, pki.root.certificate])
        #expect(report.warnings.isEmpty)
    }

    @Test("each DocRequest gets its own result, in order")
    func resultsPerDocRequest() throws {
        let transcript = try Self.annexDTranscript()
        let annexD = try CBORDecoder.decodeValue(AnnexD.deviceRequest)
        let signed = try #require(
            annexD["docRequests"].flatMap { value -> CBOR? in
                guard case .array(let items) = value else { return nil }
                return items.first
            })
        let unsigned = CBOR.map([.init(key: "itemsRequest", value: .tagged(24, .byteString(AnnexD.itemsRequest)))])
        let bytes = CBOR.map([
            .init(key: "version", value: "1.0"), .init(key: "docRequests", value: [unsigned, signed]),
        ]).encoded()
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.documents.map(\.readerAuthentication.leaf?.sha256Hex) == [nil, AnnexD.readerCertificateSHA256])
    }

    struct HeaderCase: Sendable, CustomStringConvertible {
        let name: String
        let options: SignedRequests.Options
        let code: PresentationError.Code?
        let warning: String?
        var description: String { name }
    }

    static let headerCases: [HeaderCase] = [
        HeaderCase(
            name: "x5chain in the protected header: verified, with a warning",
            options: .init(x5chainProtected: true), code: nil, warning: "x5chain in the protected header tolerated"),
        HeaderCase(
            name: "tag 18: verified, with a warning", options: .init(tagged: true), code: nil,
            warning: "COSE_Sign1 tag 18 tolerated"),
        HeaderCase(name: "attached payload", options: .init(attached: true), code: .attachedPayload, warning: nil),
        HeaderCase(name: "no x5chain", options: .init(omitX5Chain: true), code: .missingX5Chain, warning: nil),
        HeaderCase(
            name: "an unknown critical header", options: .init(criticalLabel: 99), code: .unknownCriticalHeader,
            warning: nil),
        HeaderCase(
            name: "signed over other ItemsRequestBytes",
            options: .init(signedItems: Array(SignedRequests.itemsRequest.dropLast()) + [0xf5]), code: .badSignature,
            warning: nil),
    ]

    @Test("header rules of §9.1.4: what fails and what is tolerated", arguments: headerCases)
    func headerRules(_ vector: HeaderCase) throws {
        let pki = try SignedRequests.readerPKI()
        let transcript = try Self.annexDTranscript()
        let bytes = try SignedRequests.deviceRequest(
            transcript: transcript, signer: pki.leaf.key, chain: [pki.leaf.certificate], options: vector.options)
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        let result = try #require(report.documents.first).readerAuthentication
        if let code = vector.code {
            #expect(result.failureCode == code, "\(result)")
        } else {
            #expect(result.leaf == pki.leaf.certificate, "\(result)")
        }
        if let warning = vector.warning {
            #expect(report.warnings.count == 1)
            #expect(report.warnings.first?.contains(warning) == true, "\(report.warnings)")
            #expect(report.documents.first?.warnings == report.warnings)
        }
    }

    @Test("alg that does not fit the leaf's key is unsupported_alg")
    func algorithmMustFitKey() throws {
        let pki = try SignedRequests.readerPKI()
        let other = try SignedRequests.readerPKI(algorithm: .ecP384)
        let transcript = try Self.annexDTranscript()
        // Signed with the P-256 key (ES256) but sent with the P-384 leaf.
        let bytes = try SignedRequests.deviceRequest(
            transcript: transcript, signer: pki.leaf.key, chain: [other.leaf.certificate])
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.documents.first?.readerAuthentication.failureCode == .unsupportedAlgorithm)
    }

    @Test("another leaf than the signer's is bad_signature")
    func wrongLeaf() throws {
        let pki = try SignedRequests.readerPKI()
        let other = try SignedRequests.readerPKI()
        let transcript = try Self.annexDTranscript()
        let bytes = try SignedRequests.deviceRequest(
            transcript: transcript, signer: pki.leaf.key, chain: [other.leaf.certificate])
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.documents.first?.readerAuthentication.failureCode == .badSignature)
    }

    @Test("an x5chain certificate OpenSSL cannot parse is malformed_certificate")
    func garbageCertificate() throws {
        let transcript = try Self.annexDTranscript()
        let pki = try SignedRequests.readerPKI()
        let signed = try COSESign1.sign(
            payload: [], key: pki.leaf.key,
            unprotectedHeader: [.init(key: 33, value: .byteString([0x30, 0x03, 1, 2, 3]))],
            detached: true)
        let bytes = CBOR.map([
            .init(key: "version", value: "1.0"),
            .init(
                key: "docRequests",
                value: [
                    .map([
                        .init(key: "itemsRequest", value: .tagged(24, .byteString(AnnexD.itemsRequest))),
                        .init(key: "readerAuth", value: try CBORDecoder.decodeValue(signed)),
                    ])
                ]),
        ]).encoded()
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.documents.first?.readerAuthentication.failureCode == .malformedCertificate)
    }

    @Test("Annex D's readerAuth moved to readerAuthAll is bad_signature: it signs ReaderAuthentication, not ...All")
    func readerAuthMovedToReaderAuthAll() throws {
        let annexD = try CBORDecoder.decodeValue(AnnexD.deviceRequest)
        guard case .array(let docRequests) = annexD["docRequests"], let readerAuth = docRequests.first?["readerAuth"]
        else {
            Issue.record("Annex D has a readerAuth")
            return
        }
        let unsigned = CBOR.map([.init(key: "itemsRequest", value: .tagged(24, .byteString(AnnexD.itemsRequest)))])
        let bytes = CBOR.map([
            .init(key: "version", value: "1.1"), .init(key: "docRequests", value: [unsigned]),
            .init(key: "readerAuthAll", value: [readerAuth]),
        ]).encoded()
        let request = try DeviceRequest(cborEncoded: bytes)
        #expect(request.readerAuthAll.count == 1)
        #expect(request.warnings.isEmpty)
        let report = request.verifyReaderAuthentication(sessionTranscript: try Self.annexDTranscript())
        #expect(report.readerAuthAll.map(\.failureCode) == [.badSignature])
        #expect(report.documents.first?.readerAuthentication == .notAuthenticated)
    }

    /// Two ItemsRequests and a DeviceRequestInfo for the readerAuthAll tests.
    static let secondItems = CBOR.map([
        .init(key: "docType", value: "org.iso.23220.photoid.1"),
        .init(
            key: "nameSpaces",
            value: .map([.init(key: "org.iso.23220.1", value: .map([.init(key: "portrait", value: false)]))])),
    ]).encoded()
    static let deviceRequestInfo = CBOR.map([.init(key: "useCases", value: [])]).encoded()

    @Test(
        "readerAuthAll covers every DocRequest: four elements with DeviceRequestInfoBytes or null, or three without",
        arguments: [(true, false), (false, false), (false, true)])
    func readerAuthAllVerifies(withInfo: Bool, threeElements: Bool) throws {
        let transcript = try Self.annexDTranscript()
        let pki = try SignedRequests.readerPKI()
        let items = [SignedRequests.itemsRequest, Self.secondItems]
        let info = withInfo ? Self.deviceRequestInfo : nil
        let request = try DeviceRequest(
            cborEncoded: try SignedRequests.deviceRequestSignedForAll(
                items: items, info: info, transcript: transcript,
                signers: [(pki.leaf.key, [pki.leaf.certificate, pki.root.certificate])], threeElements: threeElements))
        #expect(request.deviceRequestInfoBytes == info)
        #expect(
            ReaderAuthenticationAll.bytes(
                for: request, sessionTranscript: transcript, withDeviceRequestInfo: !threeElements)
                == SignedRequests.readerAuthenticationAllBytes(
                    items: items, info: info, transcript: transcript, threeElements: threeElements))
        #expect(request.warnings.isEmpty, "\(request.warnings)")
        let report = request.verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.readerAuthAll.map(\.leaf) == [pki.leaf.certificate], "\(report.readerAuthAll)")
        #expect(report.documents.map(\.readerAuthentication) == [.notAuthenticated, .notAuthenticated])
        #expect(
            report.warnings.contains { $0.hasPrefix("readerAuthAll[0]: signed over the three-element") }
                == threeElements)
    }

    @Test("readerAuthAll that does not bind what was sent is bad_signature")
    func readerAuthAllTampered() throws {
        let transcript = try Self.annexDTranscript()
        let pki = try SignedRequests.readerPKI()
        let signer = (key: pki.leaf.key, chain: [pki.leaf.certificate])
        let items = [SignedRequests.itemsRequest, Self.secondItems]
        let cases: [(String, [UInt8])] = [
            (
                "one DocRequest signed, two sent",
                try SignedRequests.deviceRequestSignedForAll(
                    items: items, transcript: transcript, signers: [signer], signedItems: [items[0]])
            ),
            (
                "the DocRequests signed in the other order",
                try SignedRequests.deviceRequestSignedForAll(
                    items: items, transcript: transcript, signers: [signer], signedItems: items.reversed())
            ),
            (
                // The three-element form leaves deviceRequestInfo unsigned: not accepted when one is sent.
                "three elements, with a deviceRequestInfo sent",
                try SignedRequests.deviceRequestSignedForAll(
                    items: items, info: Self.deviceRequestInfo, transcript: transcript, signers: [signer],
                    threeElements: true)
            ),
        ]
        for (name, bytes) in cases {
            let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
            #expect(report.readerAuthAll.map(\.failureCode) == [.badSignature], "\(name)")
        }
        // Another session's transcript.
        let signed = try DeviceRequest(
            cborEncoded: try SignedRequests.deviceRequestSignedForAll(
                items: items, transcript: transcript, signers: [signer]))
        let other = try SessionTranscript(cborEncoded: CBOR.array([.null, .null, "other"]).encoded())
        #expect(
            signed.verifyReaderAuthentication(sessionTranscript: other).readerAuthAll.map(\.failureCode) == [
                .badSignature
            ])
    }

    /// `request` with the value under `key` of its top-level map replaced (or added when absent).
    static func replacing(_ key: String, with value: CBOR, in request: [UInt8]) throws -> [UInt8] {
        guard case .map(var entries) = try CBORDecoder.decodeValue(request) else { throw ShapeError() }
        if let index = entries.firstIndex(where: { $0.key == .textString(key) }) {
            entries[index] = .init(key: .textString(key), value: value)
        } else {
            entries.append(.init(key: .textString(key), value: value))
        }
        return CBOR.map(entries).encoded()
    }

    struct ShapeError: Error {}

    @Test("readerAuthAll binds the deviceRequestInfo: another one, or one added to a request signed with null, fails")
    func readerAuthAllBindsDeviceRequestInfo() throws {
        let transcript = try Self.annexDTranscript()
        let pki = try SignedRequests.readerPKI()
        let items = [SignedRequests.itemsRequest]
        let signer = (key: pki.leaf.key, chain: [pki.leaf.certificate])
        let other = CBOR.tagged(24, .byteString(CBOR.map([.init(key: "useCases", value: [1])]).encoded()))
        let withInfo = try SignedRequests.deviceRequestSignedForAll(
            items: items, info: Self.deviceRequestInfo, transcript: transcript, signers: [signer])
        let withNull = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: [signer])
        for (name, bytes) in [
            ("another deviceRequestInfo", try Self.replacing("deviceRequestInfo", with: other, in: withInfo)),
            ("a deviceRequestInfo added", try Self.replacing("deviceRequestInfo", with: other, in: withNull)),
        ] {
            let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
            #expect(report.readerAuthAll.map(\.failureCode) == [.badSignature], "\(name)")
        }
    }

    @Test("readerAuthAll follows the readerAuth header rules: an attached payload is attached_payload")
    func readerAuthAllAttachedPayload() throws {
        let transcript = try Self.annexDTranscript()
        let pki = try SignedRequests.readerPKI()
        let items = [SignedRequests.itemsRequest]
        let payload = SignedRequests.readerAuthenticationAllBytes(items: items, info: nil, transcript: transcript)
        let attached = try COSESign1.sign(
            payload: payload, key: pki.leaf.key,
            unprotectedHeader: [.init(key: 33, value: .byteString(pki.leaf.certificate.derEncoded))])
        let unsigned = try SignedRequests.deviceRequestSignedForAll(items: items, transcript: transcript, signers: [])
        let bytes = try Self.replacing("readerAuthAll", with: [try CBORDecoder.decodeValue(attached)], in: unsigned)
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        guard case .failed(let code, let message) = report.readerAuthAll.first else {
            Issue.record("expected a failure, got \(report.readerAuthAll)")
            return
        }
        #expect(code == .attachedPayload)
        #expect(
            message.hasPrefix("readerAuthAll[0]: ") && message.contains("ReaderAuthenticationAllBytes"), "\(message)")
    }

    @Test("more than 8 readerAuthAll signatures are refused at decoding; a 1.0 request with one is read with a warning")
    func readerAuthAllCountAndVersion() throws {
        let transcript = try Self.annexDTranscript()
        let pki = try SignedRequests.readerPKI()
        let signer = (key: pki.leaf.key, chain: [pki.leaf.certificate])
        let items = [SignedRequests.itemsRequest]
        let eight = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: Array(repeating: signer, count: 8))
        #expect(try DeviceRequest(cborEncoded: eight).readerAuthAll.count == 8)
        let nine = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: Array(repeating: signer, count: 9))
        let error = presentationError { try DeviceRequest(cborEncoded: nine) }
        #expect(error?.code == .malformedDeviceRequest)
        #expect(error?.reason.hasPrefix("readerAuthAll: 9 signatures") == true, "\(String(describing: error))")
        let old = try DeviceRequest(cborEncoded: try Self.replacing("version", with: "1.0", in: eight))
        #expect(
            old.warnings == ["readerAuthAll: a second-edition key in a version 1.0 request, used as in version 1.1"])
    }
}
