import COSE
import Foundation
import X509

/// A Verified Issuer Certificate Authority List (ISO/IEC 18013-5 Annex C.1.7), decoded from a verified payload.
public struct Vical: Sendable {
    /// `version`, `vicalProvider`, `date`, `vicalIssueID`, `nextUpdate`, `notAfter`, `vicalURL`, `extensions`.
    public let header: ListHeader
    /// The usable entries, in list order (broken ones were dropped with a warning).
    public let certificateInfos: [VicalCertificateInfo]

    /// Decodes a VICAL payload map.
    /// - Throws: ``TrustListError`` `malformed_payload` naming the key path, `wrong_list_type` for a RICAL or an
    ///   unsupported version.
    init(_ root: CBORMapReader, warnings: inout ListWarnings) throws(TrustListError) {
        if root.optional("vicalProvider") == nil, root.optional("provider") != nil || root.optional("type") != nil {
            throw TrustListError(
                .wrongListType, "payload is a RICAL (has provider/type, no vicalProvider); expected a VICAL")
        }
        header = try ListHeader(root, keys: .vical, warnings: &warnings)
        certificateInfos = try PayloadDecoding.entries(root, warnings: &warnings) { map, warnings in
            try VicalCertificateInfo(map, warnings: &warnings)
        }
        PayloadDecoding.reportDuplicateSKIs(certificateInfos.map(\.ski), path: "certificateInfos", warnings: &warnings)
    }
}

/// One IACA of a VICAL (ISO/IEC 18013-5 Annex C.1.7 CertificateInfo).
public struct VicalCertificateInfo: Sendable, Hashable {
    /// The certificate and the fields every entry kind shares.
    public let listed: ListedCertificate
    /// `docType`: the document types this IACA may issue; at least one.
    public let docTypes: [String]
    /// `certificateProfile` (also spelt `CertificateProfile`): profile URNs; empty when absent.
    public let certificateProfiles: [String]
    /// `issuingAuthority`; nil when absent.
    public let issuingAuthority: String?

    /// The IACA certificate.
    public var certificate: Certificate { listed.certificate }
    /// The certificate's SKI (or the list's where the certificate has none).
    public var ski: [UInt8] { listed.ski }

    static let knownKeys = ListedCertificate.sharedKeys.union(["docType", "certificateProfile", "issuingAuthority"])
    static let aliases = ["Extensions": "extensions", "CertificateProfile": "certificateProfile"]

    /// Decodes one entry; its oddities go to `warnings`, which the caller keeps only when the entry is kept.
    /// - Throws: ``COSEError`` naming the key path, or ``X509Error`` for a certificate OpenSSL cannot parse.
    init(_ map: CBORMapReader, warnings: inout ListWarnings) throws {
        listed = try ListedCertificate(map, warnings: &warnings)
        docTypes = try map.required("docType").array().map { try $0.text() }
        guard !docTypes.isEmpty else {
            throw COSEError(.unexpectedType, "\(map.path).docType: expected at least one docType, found none")
        }
        certificateProfiles =
            try (map.optional("certificateProfile") ?? map.optional("CertificateProfile"))?.array().map {
                try $0.text()
            }
            ?? []
        issuingAuthority = try map.optional("issuingAuthority")?.text()
        PayloadDecoding.reportUnknownKeys(map, known: Self.knownKeys, aliases: Self.aliases, warnings: &warnings)
    }
}

extension Vical: ListDocument {
    public var provider: String { header.provider }
    public var date: Date { header.date }
    public var issueID: UInt64? { header.issueID }
    public var nextUpdate: Date? { header.nextUpdate }
    public var notAfter: Date? { header.notAfter }
    public var certificates: [Certificate] { certificateInfos.map(\.certificate) }
    public var entryCount: Int { certificateInfos.count }
}
