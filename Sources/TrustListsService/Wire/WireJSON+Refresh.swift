import Foundation
import TrustLists

extension WireJSON {
    /// The most names of added or removed certificates shown per list in ``events(_:limit:)``; the counts are whole.
    public static let eventNamesShown = 100

    /// `trustctl refresh --json`: the monitoring word, per list the outcome (``RefreshOutcome/name``), reason,
    /// message, state and version, per listed CA with a CRL source its CRL's outcome and state (`crls`), and the
    /// run's events (docs/cli.md).
    public static func refresh(_ report: RefreshReport) -> Object {
        [
            "time": report.time, "status": report.monitoringStatus.word, "headline": report.headline,
            "events": report.events,
            "snapshotGeneration": report.snapshotGeneration,
            "persistError": report.persistError.map { ["reason": $0.code.rawValue, "message": $0.reason] as Object },
            "crls": report.crls.map { crl -> Object in
                [
                    "network": crl.slot.network, "issuerSHA256": crl.slot.issuerSHA256, "issuer": crl.current?.issuer,
                    "outcome": crl.outcome.name, "reason": crl.outcome.error?.code.rawValue,
                    "message": crl.outcome.message, "state": crl.state.rawValue, "crlNumber": crl.current?.crlNumber,
                    "nextUpdate": crl.current?.nextUpdate, "revoked": crl.current?.revoked,
                ]
            },
            "lists": report.results.map { refreshResult($0) },
        ]
    }

    /// `GET /v1/events`: the recent refresh runs, newest first, at most `limit`: each run's time, trigger, monitoring
    /// word and snapshot generation, and per list it refreshed the outcome, reason, state, issue ids and the subjects
    /// of the certificates added and removed (at most ``eventNamesShown`` each, with whole counts).
    /// - Parameters:
    ///   - events: the runs, newest first (``RefreshLog/recent``).
    ///   - limit: the most runs to include.
    public static func events(_ events: [RefreshEvent], limit: Int) -> Object {
        [
            "events": events.prefix(max(0, limit)).map { event -> Object in
                [
                    "time": event.report.time, "trigger": event.trigger.rawValue,
                    "status": event.report.monitoringStatus.word,
                    "snapshotGeneration": event.report.snapshotGeneration,
                    "lists": event.results.map { refreshResult($0, namesShown: eventNamesShown) },
                ]
            }
        ]
    }

    /// One list's result in a refresh report: every added and removed subject, or the first `namesShown` of each
    /// with `addedCount` and `removedCount`.
    private static func refreshResult(_ result: ListRefreshResult, namesShown: Int? = nil) -> Object {
        let added = result.diff?.added ?? []
        let removed = result.diff?.removed ?? []
        var object: Object = [
            "id": result.id.description, "outcome": result.outcome.name,
            "reason": result.outcome.error?.code.rawValue, "message": result.outcome.message,
            "state": result.state.rawValue, "stateReason": result.stateReason,
            "issueID": result.current?.issueID, "previousIssueID": result.previous?.issueID,
            "date": result.current?.date, "entries": result.current?.entries,
            "added": namesShown.map { Array(added.prefix($0)) } ?? added,
            "removed": namesShown.map { Array(removed.prefix($0)) } ?? removed, "notes": result.notes,
        ]
        if namesShown != nil {
            object["addedCount"] = added.count
            object["removedCount"] = removed.count
        }
        return object
    }
}
