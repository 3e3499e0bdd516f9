import Foundation
import TrustLists
import TrustListsService

extension StatusCommand {
    /// The status lists of the store (``ServiceStatusLists``), one row per URI as `GET /v1/status` has them in
    /// `statusLists` (``WireStatusListRow``): URI, issuer (the signer's subject), bits, count, iat, exp, state and last
    /// error, then each last error's message. Nothing when none is kept.
    /// - Parameters:
    ///   - entries: what is kept, by URI (``ServiceStatusLists/snapshot``).
    ///   - time: the status time (a list at or past its `exp` is `expired`).
    static func statusListText(_ entries: [String: ServiceStatusLists.Entry], at time: Date) -> [String] {
        let rows = WireStatusListRow.rows(entries, at: time)
        guard !rows.isEmpty else { return [] }
        var table = [["URI", "ISSUER", "FORMAT", "BITS", "COUNT", "IAT", "EXP", "STATE", "LAST ERROR"]]
        for row in rows {
            table.append([
                row.uri, row.issuer ?? "-", row.format ?? "-", row.bits.map(String.init) ?? "-",
                row.count.map(String.init) ?? "-", row.iat.map(Timestamp.column) ?? "-",
                row.exp.map(Timestamp.column) ?? "-", row.state, row.lastError?.reason ?? "-",
            ])
        }
        var lines = ["", "Status lists:", TextTable.columns(table)]
        for row in rows {
            if let error = row.lastError {
                lines.append("status list \(row.uri): last error \(error.reason): \(error.message)")
            }
        }
        return lines
    }
}
