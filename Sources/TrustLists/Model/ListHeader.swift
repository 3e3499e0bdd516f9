import COSE
import Foundation

/// The top-level fields VICALs (ISO/IEC 18013-5 Annex C.1.7) and RICALs (second-edition draft Annex F) share, under
/// the key names each kind uses.
public struct ListHeader: Sendable {
    /// `version`, e.g. "1.0" (major version 1 only).
    public let version: String
    /// `vicalProvider` (VICAL) or `provider` (RICAL).
    public let provider: String
    /// `date`: when the list was issued (UTC).
    public let date: Date
    /// `vicalIssueID` (VICAL) or `id` (RICAL); nil when absent.
    public let issueID: UInt64?
    /// `nextUpdate`; nil when absent.
    public let nextUpdate: Date?
    /// `notAfter`; nil when absent.
    public let notAfter: Date?
    /// `vicalURL` (VICAL) or `latestRicalUrl` (RICAL); nil when absent.
    public let url: String?
    /// `extensions`, kept as CBOR; nil when absent.
    public let extensions: CBOR?

    /// The key names of a kind.
    struct Keys {
        let provider: String
        let issueID: String
        let url: String
        /// Every top-level key the kind defines.
        let known: Set<String>

        static func of(_ kind: ListKind) -> Keys {
            let shared: Set<String> = ["version", "date", "nextUpdate", "notAfter", "certificateInfos", "extensions"]
            switch kind {
            case .vical:
                return Keys(
                    provider: "vicalProvider", issueID: "vicalIssueID", url: "vicalURL",
                    known: shared.union(["vicalProvider", "vicalIssueID", "vicalURL"]))
            case .rical:
                return Keys(
                    provider: "provider", issueID: "id", url: "latestRicalUrl",
                    known: shared.union(["provider", "id", "latestRicalUrl", "type"]))
            }
        }
    }

    /// Decodes the shared keys of a payload map and reports its unknown keys.
    /// - Throws: ``TrustListError`` `malformed_payload` naming the key; `wrong_list_type` for a version other
    ///   than 1.x.
    init(_ root: CBORMapReader, kind: ListKind, warnings: inout ListWarnings) throws(TrustListError) {
        let keys = Keys.of(kind)
        version = try PayloadDecoding.field { try root.required("version").text() }
        try PayloadDecoding.checkVersion(version, warnings: &warnings)
        provider = try PayloadDecoding.field { try root.required(keys.provider).text() }
        date = try PayloadDecoding.field { try root.required("date").date() }
        issueID = try PayloadDecoding.field { try root.optional(keys.issueID)?.unsigned() }
        nextUpdate = try PayloadDecoding.field { try root.optional("nextUpdate")?.date() }
        notAfter = try PayloadDecoding.field { try root.optional("notAfter")?.date() }
        url = try PayloadDecoding.field { try root.optional(keys.url)?.text() }
        extensions = root.optional("extensions")?.value
        PayloadDecoding.reportUnknownKeys(root, known: keys.known, warnings: &warnings)
    }
}
