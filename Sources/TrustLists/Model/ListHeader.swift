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

    /// The key names of a kind: a VICAL's (``vical``) or a RICAL's (``rical``).
    struct Keys {
        let provider: String
        let issueID: String
        let url: String
        /// Every top-level key the kind defines.
        let known: Set<String>

        /// The keys every kind defines.
        private static let shared: Set<String> = [
            "version", "date", "nextUpdate", "notAfter", "certificateInfos", "extensions",
        ]

        /// ISO/IEC 18013-5 Annex C.1.7.
        static let vical = Keys(
            provider: "vicalProvider", issueID: "vicalIssueID", url: "vicalURL",
            known: shared.union(["vicalProvider", "vicalIssueID", "vicalURL"]))

        /// The second-edition draft's Annex F.
        static let rical = Keys(
            provider: "provider", issueID: "id", url: "latestRicalUrl",
            known: shared.union(["provider", "id", "latestRicalUrl", "type"]))
    }

    /// Decodes the shared keys of a payload map and reports its unknown keys.
    /// - Throws: ``TrustListError`` `malformed_payload` naming the key; `wrong_list_type` for a version other
    ///   than 1.x.
    init(_ root: CBORMapReader, keys: Keys, warnings: inout ListWarnings) throws(TrustListError) {
        version = try PayloadDecoding.field { try root.required("version").text() }
        try PayloadDecoding.checkVersion(version, warnings: &warnings)
        provider = try PayloadDecoding.field { try root.required(keys.provider).text() }
        date = try Self.tdate(PayloadDecoding.field { try root.required("date") })
        issueID = try PayloadDecoding.field { try root.optional(keys.issueID)?.unsigned() }
        nextUpdate = try root.optional("nextUpdate").map(Self.tdate)
        notAfter = try root.optional("notAfter").map(Self.tdate)
        try Self.checkDates(date: date, nextUpdate: nextUpdate, notAfter: notAfter)
        url = try PayloadDecoding.field { try root.optional(keys.url)?.text() }
        extensions = root.optional("extensions")?.value
        PayloadDecoding.reportUnknownKeys(root, known: keys.known, warnings: &warnings)
    }

    /// The earliest `date` a list may carry: 2000-01-01T00:00:00Z. ISO/IEC 18013-5 was first published in 2021; a
    /// list dated earlier (year 0001, the epoch) is damaged or forged, and would defeat the rollback order.
    public static let earliestDate = Date(timeIntervalSince1970: 946_684_800)

    /// A `tdate` (ISO/IEC 18013-5 Annex C.1.7 CDDL: `date`, `nextUpdate`, `notAfter` are `tdate`, i.e. tag 0 over an
    /// RFC 3339 date-time, RFC 8949 §3.4.1). Tag 1 (epoch time) is not a tdate.
    /// - Throws: ``TrustListError`` `malformed_payload` naming the key.
    static func tdate(_ reader: CBORReader) throws(TrustListError) -> Date {
        if case .tagged(let tag, _) = reader.node.content, tag != 0 {
            throw TrustListError(
                .malformedPayload,
                "\(reader.displayPath): expected tdate (tag 0, RFC 3339 date-time; ISO/IEC 18013-5 Annex C.1.7), "
                    + "found tag \(tag)\(tag == 1 ? " (epoch time)" : "")")
        }
        return try PayloadDecoding.field { try reader.date() }
    }

    /// The dates must be in order: `date` not before ``earliestDate``, and `nextUpdate` and `notAfter` not before
    /// `date` (a list that is due before it was issued, or expires before it was issued, is damaged).
    /// - Throws: ``TrustListError`` `malformed_payload`.
    static func checkDates(date: Date, nextUpdate: Date?, notAfter: Date?) throws(TrustListError) {
        guard date >= earliestDate else {
            throw TrustListError(
                .malformedPayload,
                "date \(Timestamp.text(date)) is before \(Timestamp.text(earliestDate)): not the date of an ISO/IEC "
                    + "18013-5 list")
        }
        for (name, value) in [("nextUpdate", nextUpdate), ("notAfter", notAfter)] {
            if let value, value < date {
                throw TrustListError(
                    .malformedPayload,
                    "\(name) \(Timestamp.text(value)) is before the list's date \(Timestamp.text(date))")
            }
        }
    }
}
