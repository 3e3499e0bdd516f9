import COSE
import Foundation
import X509

/// A Verified Issuer Certificate Authority List (ISO/IEC 18013-5 Annex C.1.7), decoded from a verified payload.
public struct Vical: Sendable {
    /// `version`, e.g. "1.0".
    public let version: String
    /// `vicalProvider`.
    public let provider: String
    /// `date`: when the list was issued (UTC).
    public let date: Date
    /// `vicalIssueID`; nil when absent.
    public let issueID: UInt64?
    /// `nextUpdate`; nil when absent.
    public let nextUpdate: Date?
    /// `notAfter` (second edition); nil when absent.
    public let notAfter: Date?
    /// `vicalURL`; nil when absent.
    public let url: String?
    /// The usable entries, in list order (broken ones were dropped with a warning).
    public let certificateInfos: [VicalCertificateInfo]
    /// `extensions`, kept as CBOR; nil when absent.
    public let extensions: CBOR?

    static let knownKeys: Set<String> = [
        "version", "vicalProvider", "date", "vicalIssueID", "nextUpdate", "notAfter", "vicalURL", "certificateInfos",
        "extensions",
    ]

    /// Decodes a VICAL payload map.
    /// - Throws: ``TrustListError`` `malformed_payload` naming the key path, `wrong_list_type` for a RICAL or an
    ///   unsupported version.
    init(_ root: CBORMapReader, warnings: inout ListWarnings) throws(TrustListError) {
        if root.optional("vicalProvider") == nil, root.optional("provider") != nil || root.optional("type") != nil {
            throw TrustListError(
                .wrongListType, "payload is a RICAL (has provider/type, no vicalProvider); expected a VICAL")
        }
        version = try PayloadDecoding.field { try root.required("version").text() }
        try PayloadDecoding.checkVersion(version, warnings: &warnings)
        provider = try PayloadDecoding.field { try root.required("vicalProvider").text() }
        date = try PayloadDecoding.field { try root.required("date").date() }
        issueID = try PayloadDecoding.field { try root.optional("vicalIssueID")?.unsigned() }
        nextUpdate = try PayloadDecoding.field { try root.optional("nextUpdate")?.date() }
        notAfter = try PayloadDecoding.field { try root.optional("notAfter")?.date() }
        url = try PayloadDecoding.field { try root.optional("vicalURL")?.text() }
        extensions = root.optional("extensions")?.value
        PayloadDecoding.reportUnknownKeys(root, known: Self.knownKeys, warnings: &warnings)
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

    init(_ map: CBORMapReader, warnings: inout ListWarnings) throws {
        var local = ListWarnings()
        listed = try ListedCertificate(map, warnings: &local)
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
        PayloadDecoding.reportUnknownKeys(map, known: Self.knownKeys, aliases: Self.aliases, warnings: &local)
        warnings.merge(local)
    }
}
