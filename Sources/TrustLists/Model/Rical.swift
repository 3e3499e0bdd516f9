import COSE
import Foundation
import X509

/// A Reader Certificate Authority List (ISO/IEC 18013-5 second-edition draft, Annex F), decoded from a verified
/// payload.
public struct Rical: Sendable {
    /// The only `type` a RICAL may have.
    public static let readerAuthenticationType = "org.iso.18013.5.1.reader_authentication"

    /// `version`, `provider`, `date`, `id` (the issue id), `nextUpdate`, `notAfter`, `latestRicalUrl`,
    /// `extensions`.
    public let header: ListHeader
    /// `type`: always ``readerAuthenticationType``.
    public let type: String
    /// The usable entries, in list order.
    public let certificateInfos: [RicalCertificateInfo]

    /// Decodes a RICAL payload map.
    /// - Throws: ``TrustListError`` `malformed_payload` naming the key path; `wrong_list_type` for a VICAL, another
    ///   `type`, or an unsupported version.
    init(_ root: CBORMapReader, warnings: inout ListWarnings) throws(TrustListError) {
        if root.optional("vicalProvider") != nil {
            throw TrustListError(.wrongListType, "payload is a VICAL (has vicalProvider); expected a RICAL")
        }
        type = try PayloadDecoding.field { try root.required("type").text() }
        guard type == Self.readerAuthenticationType else {
            throw TrustListError(
                .wrongListType, "type is \"\(type)\"; a RICAL has \"\(Self.readerAuthenticationType)\"")
        }
        header = try ListHeader(root, keys: .rical, warnings: &warnings)
        certificateInfos = try PayloadDecoding.entries(root, warnings: &warnings) { map, warnings in
            try RicalCertificateInfo(map, warnings: &warnings)
        }
        PayloadDecoding.reportDuplicateSKIs(certificateInfos.map(\.ski), path: "certificateInfos", warnings: &warnings)
    }
}

/// One reader CA (or directly trusted reader certificate) of a RICAL (Annex F).
public struct RicalCertificateInfo: Sendable, Hashable {
    /// The certificate and the fields every entry kind shares.
    public let listed: ListedCertificate
    /// `isTrustAnchor`: whether chains may end here; absent means true. An entry with false only serves as an
    /// intermediate.
    public let isTrustAnchor: Bool
    /// `aki`; nil when absent.
    public let aki: [UInt8]?
    /// `type` of the entry; nil when absent.
    public let type: String?
    /// `name`: a display name for the reader or its operator; nil when absent.
    public let name: String?
    /// `trustConstraints` (also spelt `trustContraints`), kept as CBOR; nil when absent.
    public let trustConstraints: CBOR?

    /// The listed certificate.
    public var certificate: Certificate { listed.certificate }
    /// The certificate's SKI (or the list's where the certificate has none).
    public var ski: [UInt8] { listed.ski }

    static let knownKeys = ListedCertificate.sharedKeys.union([
        "isTrustAnchor", "aki", "type", "trustConstraints", "name",
    ])
    static let aliases = ["trustContraints": "trustConstraints", "Extensions": "extensions"]

    /// Decodes one entry; its oddities go to `warnings`, which the caller keeps only when the entry is kept.
    /// - Throws: ``COSEError`` naming the key path, or ``X509Error`` for a certificate OpenSSL cannot parse.
    init(_ map: CBORMapReader, warnings: inout ListWarnings) throws {
        listed = try ListedCertificate(map, warnings: &warnings)
        isTrustAnchor = try map.optional("isTrustAnchor")?.bool() ?? true
        aki = try map.optional("aki")?.bytes()
        type = try map.optional("type")?.text()
        name = try map.optional("name")?.text()
        trustConstraints = (map.optional("trustConstraints") ?? map.optional("trustContraints"))?.value
        PayloadDecoding.reportUnknownKeys(map, known: Self.knownKeys, aliases: Self.aliases, warnings: &warnings)
    }
}

extension Rical: ListDocument {
    public var provider: String { header.provider }
    public var date: Date { header.date }
    public var issueID: UInt64? { header.issueID }
    public var nextUpdate: Date? { header.nextUpdate }
    public var notAfter: Date? { header.notAfter }
    public var certificates: [Certificate] { certificateInfos.map(\.certificate) }
    public var entryCount: Int { certificateInfos.count }
}
