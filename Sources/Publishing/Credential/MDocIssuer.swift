import COSE
import Foundation
import X509

/// Issues ISO/IEC 18013-5 mdocs, for the tests and `trustctl demo` only: a test and demo tool, not an issuance
/// service (no key protection, no policy). The MSO (§9.1.2.4) binds the items' digests, the device key, the
/// docType and the validity; `issuerAuth` is a COSE_Sign1 by the document signer with `alg` in the protected header and
/// the x5chain in the unprotected one; device authentication signs DeviceAuthenticationBytes (§9.1.3.4).
public enum MDocIssuer {
    /// One element to issue.
    public struct Element: Sendable {
        /// Its namespace, e.g. `org.iso.18013.5.1`.
        public let nameSpace: String
        /// Its identifier, e.g. `family_name`.
        public let identifier: String
        /// Its value.
        public let value: CBOR

        /// An element.
        public init(_ nameSpace: String, _ identifier: String, _ value: CBOR) {
            self.nameSpace = nameSpace
            self.identifier = identifier
            self.value = value
        }
    }

    /// Issues an mdoc.
    /// - Parameters:
    ///   - docType: the docType.
    ///   - elements: the elements; digestIDs are given in order per namespace, from 0.
    ///   - deviceKey: the holder's device key the MSO binds.
    ///   - signerKey: the document signer's private key.
    ///   - signerChain: the x5chain: the document signer's certificate first.
    ///   - signed: `validityInfo.signed`; `validFrom` the same unless given.
    ///   - validUntil: `validityInfo.validUntil`.
    ///   - digestAlgorithm: SHA-256 by default.
    ///   - status: the MSO's `status` (ISO/IEC 18013-5 second edition; draft-ietf-oauth-status-list §6.3), e.g.
    ///     ``statusList(index:uri:)``; nil leaves it out.
    /// - Throws: ``X509Error`` or ``COSEError`` when a key cannot be written or OpenSSL cannot sign.
    public static func issue(
        docType: String, elements: [Element], deviceKey: PublicKey, signerKey: PrivateKey, signerChain: [Certificate],
        signed: Date, validFrom: Date? = nil, validUntil: Date, digestAlgorithm: Digest = .sha256, status: CBOR? = nil
    ) throws -> IssuedMDoc {
        var next: [String: UInt64] = [:]
        var generator = SystemRandomNumberGenerator()
        let items = elements.map { element in
            let digestID = next[element.nameSpace, default: 0]
            next[element.nameSpace] = digestID + 1
            return IssuedMDoc.Item(
                nameSpace: element.nameSpace, digestID: digestID,
                random: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) },
                identifier: element.identifier, value: element.value)
        }
        var order: [String] = []
        var digests: [String: [CBOR.MapEntry]] = [:]
        for item in items {
            if digests[item.nameSpace] == nil { order.append(item.nameSpace) }
            digests[item.nameSpace, default: []].append(
                .init(key: .unsigned(item.digestID), value: .byteString(digestAlgorithm.hash(item.itemBytes.encoded())))
            )
        }
        let algorithmName = ["sha256": "SHA-256", "sha384": "SHA-384", "sha512": "SHA-512"][digestAlgorithm.rawValue]
        var msoEntries: [CBOR.MapEntry] = [
            .init(key: "version", value: "1.0"),
            .init(key: "digestAlgorithm", value: .textString(algorithmName ?? "SHA-256")),
            .init(
                key: "valueDigests",
                value: .map(order.map { CBOR.MapEntry(key: .textString($0), value: .map(digests[$0] ?? [])) })),
            .init(key: "deviceKeyInfo", value: .map([.init(key: "deviceKey", value: try coseKey(deviceKey))])),
            .init(key: "docType", value: .textString(docType)),
            .init(
                key: "validityInfo",
                value: .map([
                    .init(key: "signed", value: CBOR.date(signed)),
                    .init(key: "validFrom", value: CBOR.date(validFrom ?? signed)),
                    .init(key: "validUntil", value: CBOR.date(validUntil)),
                ])),
        ]
        if let status { msoEntries.append(.init(key: "status", value: status)) }
        let mso = CBOR.map(msoEntries)
        let payload = CBOR.tagged(24, .byteString(mso.encoded())).encoded()
        let message = try COSESign1.sign(
            payload: payload, key: signerKey,
            unprotectedHeader: [.init(key: .int(33), value: X5Chain.headerValue(signerChain.map(\.derEncoded)))])
        let issuerAuth = try CBORDecoder.decodeValue(message)
        return IssuedMDoc(docType: docType, issuerAuth: issuerAuth, items: items)
    }

    /// An MSO `status` naming a Token Status List: `{"status_list": {"idx": index, "uri": uri}}` (§6.3).
    public static func statusList(index: UInt64, uri: String) -> CBOR {
        .map([
            .init(
                key: "status_list",
                value: .map([.init(key: "idx", value: .unsigned(index)), .init(key: "uri", value: .textString(uri))]))
        ])
    }

    /// A COSE_Key (RFC 9053 §7.1.1 EC2, §7.2 OKP) for a public key.
    /// - Throws: ``X509Error`` for an RSA key.
    public static func coseKey(_ key: PublicKey) throws -> CBOR {
        let (x, y) = try key.rawCoordinates()
        guard let y else {
            return .map([
                .init(key: .int(1), value: .int(1)), .init(key: .int(-1), value: .int(6)),
                .init(key: .int(-2), value: .byteString(x)),
            ])
        }
        let curve: Int64 = key.algorithm == .ecP256 ? 1 : key.algorithm == .ecP384 ? 2 : 3
        return .map([
            .init(key: .int(1), value: .int(2)), .init(key: .int(-1), value: .int(curve)),
            .init(key: .int(-2), value: .byteString(x)), .init(key: .int(-3), value: .byteString(y)),
        ])
    }

    /// A DeviceSigned with a `deviceSignature` over DeviceAuthenticationBytes (§9.1.3.4) and no device-signed
    /// elements.
    /// - Parameters:
    ///   - docType: the document's docType.
    ///   - sessionTranscript: the SessionTranscript's encoding (the array, not tag 24).
    ///   - deviceKey: the device's private key.
    /// - Throws: ``COSEError`` for a transcript that does not decode; ``X509Error`` when OpenSSL cannot sign.
    public static func deviceSigned(docType: String, sessionTranscript: [UInt8], deviceKey: PrivateKey) throws -> CBOR {
        let nameSpaces = CBOR.tagged(24, .byteString(CBOR.map([]).encoded()))
        let transcript = try CBORDecoder().decode(sessionTranscript)
        let namespacesNode = try CBORDecoder().decode(nameSpaces.encoded())
        let authentication = CBOREncoder().encode(
            .tagged(
                24,
                .cborInByteString(
                    .array([
                        .value("DeviceAuthentication"), .embedded(transcript), .value(.textString(docType)),
                        .embedded(namespacesNode),
                    ]))))
        let signature = try COSESign1.sign(payload: authentication, key: deviceKey, detached: true)
        return .map([
            .init(key: "nameSpaces", value: nameSpaces),
            .init(
                key: "deviceAuth",
                value: .map([.init(key: "deviceSignature", value: try CBORDecoder.decodeValue(signature))])),
        ])
    }

    /// A DeviceResponse (§8.3.2.1.2.2): version 1.0, the documents, `status`.
    public static func deviceResponse(documents: [CBOR], status: UInt64 = 0) -> [UInt8] {
        CBOR.map([
            .init(key: "version", value: "1.0"), .init(key: "documents", value: .array(documents)),
            .init(key: "status", value: .unsigned(status)),
        ]).encoded()
    }
}
