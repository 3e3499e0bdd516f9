import COSE
import Foundation
import Presentation
import TestSupport
import X509

/// DeviceRequests signed in the test with the COSE module's signer, to reach the checks that Annex D does not.
enum SignedRequests {
    /// The reader EKU (ISO/IEC 18013-5 Annex B: 1.0.18013.5.1.6).
    static let readerEKU = "1.0.18013.5.1.6"

    /// A reader root and a reader leaf under it, from the test PKI.
    static func readerPKI(algorithm: KeyAlgorithm = .ecP256) throws -> (root: TestPKI.Issued, leaf: TestPKI.Issued) {
        let root = try TestPKI.root("Test reader root")
        let leaf = try TestPKI.leaf("Test reader", under: root, extendedKeyUsage: [readerEKU], algorithm: algorithm)
        return (root, leaf)
    }

    /// A small ItemsRequest for an mDL, encoded deterministically.
    static let itemsRequest: [UInt8] = CBOR.map([
        .init(key: "docType", value: "org.iso.18013.5.1.mDL"),
        .init(
            key: "nameSpaces",
            value: .map([
                .init(
                    key: "org.iso.18013.5.1",
                    value: .map([.init(key: "age_over_18", value: false), .init(key: "portrait", value: true)]))
            ])),
    ]).encoded()

    /// ReaderAuthenticationBytes (§9.1.4) built here independently of ``ReaderAuthentication/bytes(for:sessionTranscript:)``.
    static func readerAuthenticationBytes(items: [UInt8], transcript: SessionTranscript) -> [UInt8] {
        CBOREncoder().encode(
            .tagged(
                24,
                .cborInByteString(
                    .array([
                        .value("ReaderAuthentication"), .embedded(transcript.node),
                        .value(.tagged(24, .byteString(items))),
                    ]))))
    }

    /// How to sign a readerAuth.
    struct Options {
        var x5chainProtected = false
        var attached = false
        var omitX5Chain = false
        var criticalLabel: Int64?
        var tagged = false
        var signedItems: [UInt8]?
    }

    /// A DeviceRequest with one DocRequest for `items`, signed by `signer` with x5chain `chain`.
    static func deviceRequest(
        items: [UInt8] = itemsRequest, transcript: SessionTranscript, signer: PrivateKey, chain: [Certificate],
        options: Options = Options()
    ) throws -> [UInt8] {
        let payload = readerAuthenticationBytes(items: options.signedItems ?? items, transcript: transcript)
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
        return CBOR.map([
            .init(key: "version", value: "1.0"),
            .init(
                key: "docRequests",
                value: [
                    .map([
                        .init(key: "itemsRequest", value: .tagged(24, .byteString(items))),
                        .init(key: "readerAuth", value: readerAuth),
                    ])
                ]),
        ]).encoded()
    }
}
