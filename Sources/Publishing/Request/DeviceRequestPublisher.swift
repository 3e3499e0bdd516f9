import COSE
import Foundation
import X509

/// Builds and signs ISO/IEC 18013-5 DeviceRequests the way a reader sends them (§8.3.2.1.2.1): one DocRequest whose
/// `itemsRequest` is ItemsRequestBytes (`#6.24(bstr .cbor ItemsRequest)`) and whose `readerAuth` is a COSE_Sign1
/// (RFC 9052) with a detached payload, ReaderAuthenticationBytes (§9.1.4), and the reader's x5chain (RFC 9360) in
/// the unprotected header. For the demo reader and tests; the verifier is the Presentation module's.
public enum DeviceRequestPublisher {
    /// An ItemsRequest (§8.3.2.1.2.1) for `docType`, asking for `elements` of one namespace, each with its
    /// IntentToRetain, encoded deterministically.
    /// - Parameters:
    ///   - docType: the document type (`org.iso.18013.5.1.mDL`).
    ///   - nameSpace: the namespace of the elements (`org.iso.18013.5.1`).
    ///   - elements: element identifiers and whether the reader intends to retain each.
    /// - Returns: the encoded ItemsRequest (not yet wrapped in tag 24).
    public static func itemsRequest(docType: String, nameSpace: String, elements: [(String, Bool)]) -> [UInt8] {
        CBOR.map([
            .init(key: "docType", value: .textString(docType)),
            .init(
                key: "nameSpaces",
                value: .map([
                    .init(
                        key: .textString(nameSpace),
                        value: .map(elements.map { .init(key: .textString($0.0), value: .boolean($0.1)) }))
                ])),
        ]).encoded()
    }

    /// A SessionTranscript (§9.1.5.1) of a session engaged by QR code: `[DeviceEngagementBytes, EReaderKeyBytes,
    /// null]` with the given DeviceEngagement and reader ephemeral key (each as `#6.24(bstr .cbor …)`).
    /// - Parameters:
    ///   - deviceEngagement: the DeviceEngagement structure (§8.2.1.1).
    ///   - eReaderKey: the reader's ephemeral COSE_Key (§9.1.1.4).
    /// - Returns: the encoded SessionTranscript.
    public static func sessionTranscript(deviceEngagement: CBOR, eReaderKey: CBOR) -> [UInt8] {
        CBOR.array([
            .tagged(24, .byteString(deviceEngagement.encoded())), .tagged(24, .byteString(eReaderKey.encoded())),
            .null,
        ]).encoded()
    }

    /// ReaderAuthenticationBytes (§9.1.4): `#6.24(bstr .cbor ["ReaderAuthentication", SessionTranscript,
    /// ItemsRequestBytes])`, with the SessionTranscript embedded byte for byte as given.
    /// - Parameters:
    ///   - itemsRequest: the encoded ItemsRequest.
    ///   - sessionTranscript: the encoded SessionTranscript (bare, not as SessionTranscriptBytes).
    /// - Returns: the encoded ReaderAuthenticationBytes.
    /// - Throws: when `sessionTranscript` is not well-formed CBOR (``COSEError``).
    public static func readerAuthenticationBytes(itemsRequest: [UInt8], sessionTranscript: [UInt8]) throws -> [UInt8] {
        let transcript = try CBORDecoder().decode(sessionTranscript)
        return CBOREncoder().encode(
            .tagged(
                24,
                .cborInByteString(
                    .array([
                        .value("ReaderAuthentication"), .embedded(transcript),
                        .value(.tagged(24, .byteString(itemsRequest))),
                    ]))))
    }

    /// A version 1.0 DeviceRequest with one DocRequest: `itemsRequest` as ItemsRequestBytes and `readerAuth` as given.
    /// - Parameters:
    ///   - itemsRequest: the encoded ItemsRequest.
    ///   - readerAuth: the DocRequest's `readerAuth` (a COSE_Sign1 array), or nil for none.
    /// - Returns: the encoded DeviceRequest.
    public static func deviceRequest(itemsRequest: [UInt8], readerAuth: CBOR?) -> [UInt8] {
        var docRequest: [CBOR.MapEntry] = [.init(key: "itemsRequest", value: .tagged(24, .byteString(itemsRequest)))]
        if let readerAuth { docRequest.append(.init(key: "readerAuth", value: readerAuth)) }
        return CBOR.map([
            .init(key: "version", value: "1.0"), .init(key: "docRequests", value: [.map(docRequest)]),
        ]).encoded()
    }

    /// A DeviceRequest for `itemsRequest` signed by a reader in a session: `readerAuth` over ReaderAuthenticationBytes,
    /// detached, with `chain` as x5chain in the unprotected header and `alg` fitting `signer` (ES256 for P-256).
    /// - Parameters:
    ///   - itemsRequest: the encoded ItemsRequest.
    ///   - sessionTranscript: the session's encoded SessionTranscript.
    ///   - signer: the reader authentication key.
    ///   - chain: the reader's certificates, leaf first.
    /// - Returns: the encoded DeviceRequest.
    /// - Throws: when `sessionTranscript` is not CBOR, or OpenSSL cannot sign.
    public static func signed(
        itemsRequest: [UInt8], sessionTranscript: [UInt8], signer: PrivateKey, chain: [Certificate]
    ) throws -> [UInt8] {
        let payload = try readerAuthenticationBytes(itemsRequest: itemsRequest, sessionTranscript: sessionTranscript)
        let readerAuth = try COSESign1.sign(
            payload: payload, key: signer,
            unprotectedHeader: [.init(key: .int(33), value: X5Chain.headerValue(chain.map(\.derEncoded)))],
            detached: true)
        return deviceRequest(itemsRequest: itemsRequest, readerAuth: try CBORDecoder.decodeValue(readerAuth))
    }
}
