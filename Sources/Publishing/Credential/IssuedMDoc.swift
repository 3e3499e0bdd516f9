import COSE
import Foundation
import X509

/// An mdoc issued by ``MDocIssuer`` (a test and demo tool): the signed `issuerAuth` and the items it vouches for,
/// from which the IssuerSigned, a Document and a DeviceResponse are written (ISO/IEC 18013-5 §8.3.2.1.2.2).
///
/// Items are written in the deterministic encoding, the one their digests were computed over, so an unchanged item
/// always matches its digest and ``replacing(_:with:)`` makes one that does not.
public struct IssuedMDoc: Sendable {
    /// One IssuerSignedItem.
    public struct Item: Sendable {
        /// Its namespace.
        public let nameSpace: String
        /// Its digestID.
        public let digestID: UInt64
        /// Its random salt.
        public let random: [UInt8]
        /// Its element identifier.
        public let identifier: String
        /// Its value.
        public let value: CBOR

        /// IssuerSignedItemBytes: `#6.24(bstr .cbor IssuerSignedItem)`, deterministic.
        public var itemBytes: CBOR {
            .tagged(
                24,
                .byteString(
                    CBOR.map([
                        .init(key: "digestID", value: .unsigned(digestID)),
                        .init(key: "random", value: .byteString(random)),
                        .init(key: "elementIdentifier", value: .textString(identifier)),
                        .init(key: "elementValue", value: value),
                    ]).encoded()))
        }
    }

    /// The docType.
    public let docType: String
    /// `issuerAuth`, the signed COSE_Sign1 over the MSO.
    public let issuerAuth: CBOR
    /// The items, in issuance order.
    public let items: [Item]

    /// Wraps what was issued.
    public init(docType: String, issuerAuth: CBOR, items: [Item]) {
        self.docType = docType
        self.issuerAuth = issuerAuth
        self.items = items
    }

    /// The IssuerSigned map: `nameSpaces` (the items of each namespace in issuance order) and `issuerAuth`.
    /// - Parameter only: the element identifiers to disclose; nil for all.
    public func issuerSigned(disclosing only: Set<String>? = nil) -> CBOR {
        var order: [String] = []
        var grouped: [String: [CBOR]] = [:]
        for item in items where only?.contains(item.identifier) ?? true {
            if grouped[item.nameSpace] == nil { order.append(item.nameSpace) }
            grouped[item.nameSpace, default: []].append(item.itemBytes)
        }
        return .map([
            .init(
                key: "nameSpaces",
                value: .map(order.map { CBOR.MapEntry(key: .textString($0), value: .array(grouped[$0] ?? [])) })),
            .init(key: "issuerAuth", value: issuerAuth),
        ])
    }

    /// The same mdoc with one element's value changed after signing, digestID and salt kept: its digest no longer
    /// matches (a tampered element).
    public func replacing(_ identifier: String, with value: CBOR) -> IssuedMDoc {
        IssuedMDoc(
            docType: docType, issuerAuth: issuerAuth,
            items: items.map { item in
                item.identifier == identifier
                    ? Item(
                        nameSpace: item.nameSpace, digestID: item.digestID, random: item.random,
                        identifier: item.identifier, value: value) : item
            })
    }

    /// A Document: docType, issuerSigned and, when given, deviceSigned.
    public func document(deviceSigned: CBOR? = nil, disclosing only: Set<String>? = nil) -> CBOR {
        var entries: [CBOR.MapEntry] = [
            .init(key: "docType", value: .textString(docType)),
            .init(key: "issuerSigned", value: issuerSigned(disclosing: only)),
        ]
        if let deviceSigned { entries.append(.init(key: "deviceSigned", value: deviceSigned)) }
        return .map(entries)
    }
}
