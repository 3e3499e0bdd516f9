import COSE
import Foundation
import Presentation
import Publishing
import X509

/// ISO/IEC 18013-5 DeviceRequests signed in tests with the COSE module's signer, to reach the checks that Annex D
/// does not (and to give the CLI and the HTTP API a request from a listed reader).
public enum SignedRequests {
    /// The reader EKU (ISO/IEC 18013-5 Annex B: 1.0.18013.5.1.6).
    public static let readerEKU = "1.0.18013.5.1.6"

    /// A reader root and a reader leaf under it, from the test PKI.
    public static func readerPKI(
        algorithm: KeyAlgorithm = .ecP256
    ) throws -> (root: TestPKI.Issued, leaf: TestPKI.Issued) {
        let root = try TestPKI.root("Test reader root")
        let leaf = try TestPKI.leaf("Test reader", under: root, extendedKeyUsage: [readerEKU], algorithm: algorithm)
        return (root, leaf)
    }

    /// A small ItemsRequest for an mDL, encoded deterministically.
    public static let itemsRequest: [UInt8] = CBOR.map([
        .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
        .init(
            key: "nameSpaces",
            value: .map([
                .init(
                    key: "org.iso.18013.5.1",
                    value: .map([.init(key: "age_over_18", value: false), .init(key: "portrait", value: true)]))
            ])),
    ]).encoded()

    /// ReaderAuthenticationBytes (§9.1.4) as the demo reader builds them (``DeviceRequestPublisher``), independently of
    /// the verifier's ``ReaderAuthentication/bytes(for:sessionTranscript:)``.
    public static func readerAuthenticationBytes(items: [UInt8], transcript: SessionTranscript) throws -> [UInt8] {
        try DeviceRequestPublisher.readerAuthenticationBytes(
            itemsRequest: items, sessionTranscript: transcript.encodedBytes)
    }

    /// How to sign a readerAuth.
    public struct Options: Sendable {
        /// x5chain in the protected header instead of the unprotected one.
        public var x5chainProtected: Bool
        /// The payload attached instead of detached.
        public var attached: Bool
        /// No x5chain at all.
        public var omitX5Chain: Bool
        /// A `crit` label (with a value under it) in the protected header.
        public var criticalLabel: Int64?
        /// Tag 18 around the COSE_Sign1.
        public var tagged: Bool
        /// Items signed instead of the ones sent (a signature over other items).
        public var signedItems: [UInt8]?

        /// Options; the defaults put x5chain in the unprotected header, detach the payload and tag nothing.
        public init(
            x5chainProtected: Bool = false, attached: Bool = false, omitX5Chain: Bool = false,
            criticalLabel: Int64? = nil, tagged: Bool = false, signedItems: [UInt8]? = nil
        ) {
            self.x5chainProtected = x5chainProtected
            self.attached = attached
            self.omitX5Chain = omitX5Chain
            self.criticalLabel = criticalLabel
            self.tagged = tagged
            self.signedItems = signedItems
        }
    }

    /// A DeviceRequest with one DocRequest for `items`, signed by `signer` with x5chain `chain`.
    public static func deviceRequest(
        items: [UInt8] = itemsRequest, transcript: SessionTranscript, signer: PrivateKey, chain: [Certificate],
        options: Options = Options()
    ) throws -> [UInt8] {
        let payload = try readerAuthenticationBytes(items: options.signedItems ?? items, transcript: transcript)
        let x5chain = CBOR.MapEntry(
            key: .int(33), value: X5Chain.headerValue(chain.map(\.derEncoded)))
        var protected: [CBOR.MapEntry] = []
        var unprotected: [CBOR.MapEntry] = []
        if !options.omitX5Chain {
            if options.x5chainProtected { protected.append(x5chain) } else { unprotected.append(x5chain) }
        }
        if let label = options.criticalLabel {
            protected.append(.init(key: .int(2), value: [.int(label)]))
            protected.append(.init(key: .int(label), value: 1))
        }
        let signed = try COSESign1.sign(
            payload: payload, key: signer, protectedHeader: protected, unprotectedHeader: unprotected,
            detached: !options.attached, tagged: options.tagged)
        let readerAuth = try CBORDecoder.decodeValue(signed)
        return DeviceRequestPublisher.deviceRequest(itemsRequest: items, readerAuth: readerAuth)
    }
}

extension SignedRequests {
    /// ReaderAuthenticationAllBytes (ISO/IEC 18013-5 second edition) built here independently of
    /// ``ReaderAuthenticationAll/bytes(for:sessionTranscript:withDeviceRequestInfo:)``: the four-element form with
    /// `info` (an encoded DeviceRequestInfo) or null, or the three-element form when `threeElements`.
    public static func readerAuthenticationAllBytes(
        items: [[UInt8]], info: [UInt8]?, transcript: SessionTranscript, threeElements: Bool = false
    ) -> [UInt8] {
        var elements: [CBOREncoder.Item] = [
            .value("ReaderAuthenticationAll"), .embedded(transcript.node),
            .value(.array(items.map { .tagged(24, .byteString($0)) })),
        ]
        if !threeElements { elements.append(.value(info.map { .tagged(24, .byteString($0)) } ?? .null)) }
        return CBOREncoder().encode(.tagged(24, .cborInByteString(.array(elements))))
    }

    /// A version 1.1 DeviceRequest with one unsigned DocRequest per entry of `items`, an optional
    /// `deviceRequestInfo`, and one `readerAuthAll` signature per signer, each over ReaderAuthenticationAllBytes
    /// for `signedItems` (default: `items`) with the x5chain in the unprotected header.
    public static func deviceRequestSignedForAll(
        items: [[UInt8]], info: [UInt8]? = nil, transcript: SessionTranscript,
        signers: [(key: PrivateKey, chain: [Certificate])], signedItems: [[UInt8]]? = nil, threeElements: Bool = false
    ) throws -> [UInt8] {
        let payload = readerAuthenticationAllBytes(
            items: signedItems ?? items, info: info, transcript: transcript, threeElements: threeElements)
        var signatures: [CBOR] = []
        for signer in signers {
            let signed = try COSESign1.sign(
                payload: payload, key: signer.key,
                unprotectedHeader: [.init(key: .int(33), value: X5Chain.headerValue(signer.chain.map(\.derEncoded)))],
                detached: true)
            signatures.append(try CBORDecoder.decodeValue(signed))
        }
        var entries: [CBOR.MapEntry] = [
            .init(key: "version", value: "1.1"),
            .init(
                key: "docRequests",
                value: .array(items.map { .map([.init(key: "itemsRequest", value: .tagged(24, .byteString($0)))]) })),
        ]
        if let info { entries.append(.init(key: "deviceRequestInfo", value: .tagged(24, .byteString(info)))) }
        entries.append(.init(key: "readerAuthAll", value: .array(signatures)))
        return CBOR.map(entries).encoded()
    }
}
